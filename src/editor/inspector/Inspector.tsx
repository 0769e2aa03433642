// The QA inspector (opened with ?inspect=1 or Ctrl+Shift+I): the live state and context of every
// actor (by systemId) and the event log, from the createActor `inspect` callback. Offline.
import { useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { inspectorSink } from "./sink";

export function Inspector({ onClose }: { readonly onClose: () => void }) {
  const { t } = useTranslation();
  useSyncExternalStore(inspectorSink.subscribe, inspectorSink.version);
  const actors = inspectorSink.actors();
  const log = inspectorSink.log();
  return (
    <section className="ink-inspector" aria-label={t("editor.inspector.title")} data-testid="inspector">
      <header>
        <h2>{t("editor.inspector.title")}</h2>
        <button type="button" className="ink-btn" onClick={() => inspectorSink.clear()}>
          {t("editor.inspector.clear")}
        </button>
        <button type="button" className="ink-btn" onClick={onClose} aria-label={t("editor.dialog.close")}>
          ×
        </button>
      </header>
      <h3>{t("editor.inspector.actors")}</h3>
      <ul className="ink-inspector-actors">
        {actors.map((a) => (
          <li key={a.key} data-testid={`inspector-actor-${a.key}`}>
            <strong>{a.key}</strong> <code data-testid="inspector-state">{a.state}</code>{" "}
            <small>{a.status}</small>
            <ContextDetails label={t("editor.inspector.context")} text={a.context} />
          </li>
        ))}
      </ul>
      <h3>{t("editor.inspector.events")}</h3>
      <ol className="ink-inspector-log" data-testid="inspector-log">
        {log
          .slice(-80)
          .reverse()
          .map((r) => (
            <li key={r.n}>
              <code>{r.type}</code>{" "}
              <small>
                {r.from} → {r.to}
              </small>
            </li>
          ))}
      </ol>
    </section>
  );
}

/** The context is stringified only while its details are open. */
function ContextDetails({ label, text }: { readonly label: string; readonly text: () => string }) {
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{label}</summary>
      {open && <pre>{text()}</pre>}
    </details>
  );
}
