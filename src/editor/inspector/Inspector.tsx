// The QA inspector (opened with ?inspect=1 or Ctrl+Shift+I): the state and context of every actor
// (by systemId) and the event log, from the createActor `inspect` callback; a machine's statechart
// with its active states (loaded lazily); a click on an event shows every machine as it was right
// after it (the app itself is not rewound); the log exports as a file. Offline.
import { lazy, Suspense, useMemo, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { CoverageBar, type CoverageSource, runTime, type SuiteCoverage } from "./CoverageBar";
import { activeStateIds, machineChart, rootOf, stateText } from "./graph";
import { buildLogFile } from "./logFile";
import { ReplayBar } from "./ReplayBar";
import { contextText, inspectorSink, type LogRow } from "./sink";

const Statechart = lazy(() => import("./Statechart"));
const Coverage = lazy(() => import("./Coverage"));

export function Inspector({ onClose }: { readonly onClose: () => void }) {
  const { t, i18n } = useTranslation();
  useSyncExternalStore(inspectorSink.subscribe, inspectorSink.version);
  const log = inspectorSink.log();
  // the event whose moment is shown; null: live
  const [at, setAt] = useState<LogRow | null>(null);
  const moment = at ? inspectorSink.moment(at) : inspectorSink.live();
  const rows = at
    ? [...moment.actors].map(([key, a]) => ({
        key,
        state: stateText(a.value),
        status: a.status,
        context: () => contextText(a.context),
      }))
    : inspectorSink.actors();
  const machines = inspectorSink
    .actors()
    .map((a) => a.key)
    // (only a check that the logic is a machine: the chart is built for the picked one alone)
    .filter((k) => rootOf(inspectorSink.logic(k)) !== null);
  const [picked, setPicked] = useState("");
  const machine = machines.includes(picked) ? picked : "";
  const logic = machine ? inspectorSink.logic(machine) : undefined;
  const chart = useMemo(() => (logic ? machineChart(logic) : null), [logic]);
  // coverage: the states and transitions the picked machine went through this session, or in the
  // test suite's run (by the machine's root id)
  const [source, setSource] = useState<CoverageSource>("session");
  const [suite, setSuite] = useState<SuiteCoverage | null>(null);
  const bySuite = source === "suite" && suite !== null;
  const visited = chart
    ? bySuite
      ? (suite.visits.get(chart.id) ?? { states: new Set<string>(), transitions: new Set<string>() })
      : inspectorSink.visited(machine)
    : null;
  const sessionLog = () =>
    buildLogFile(
      log,
      (r) => inspectorSink.moment(r),
      (k) => ({ logic: inspectorSink.logic(k), input: inspectorSink.input(k) }),
    );
  const exportLog = () => {
    const file = sessionLog();
    const url = URL.createObjectURL(new Blob([JSON.stringify(file, null, 1)], { type: "application/json" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = `inkless-inspector-${file.exportedAt.replace(/[:.]/g, "-")}.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <section
      className={`ink-inspector${chart ? " ink-inspector-wide" : ""}`}
      aria-label={t("editor.inspector.title")}
      data-testid="inspector"
    >
      <header>
        <h2>{t("editor.inspector.title")}</h2>
        <button type="button" className="ink-btn" onClick={exportLog} data-testid="inspector-export">
          {t("editor.inspector.export")}
        </button>
        <button
          type="button"
          className="ink-btn"
          onClick={() => {
            setAt(null);
            inspectorSink.clear();
          }}
        >
          {t("editor.inspector.clear")}
        </button>
        <button type="button" className="ink-btn" onClick={onClose} aria-label={t("editor.dialog.close")}>
          ×
        </button>
      </header>
      <p className="ink-inspector-moment" aria-live="polite" data-testid="inspector-moment">
        {at ? t("editor.inspector.atEvent", { n: at.n, type: at.type }) : t("editor.inspector.live")}
        {at && (
          <button type="button" className="ink-btn" onClick={() => setAt(null)} data-testid="inspector-live">
            {t("editor.inspector.backToLive")}
          </button>
        )}
      </p>
      <label className="ink-inspector-pick">
        <span>{t("editor.inspector.diagram")}</span>
        <select value={machine} onChange={(e) => setPicked(e.target.value)} data-testid="inspector-machine">
          <option value="">{t("editor.inspector.noDiagram")}</option>
          {machines.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
      </label>
      <ReplayBar machine={machine} sessionLog={sessionLog} />
      <CoverageBar source={source} suite={suite} onSource={setSource} onSuite={setSuite} />
      {chart && (
        <Suspense fallback={<p aria-busy="true">{t("editor.inspector.diagramLoading")}</p>}>
          <Coverage
            logic={logic}
            visits={visited ?? undefined}
            suiteRun={bySuite ? runTime(suite.createdAt, i18n.language) : undefined}
          />
          <Statechart
            chart={chart}
            active={activeStateIds(chart, moment.actors.get(machine)?.value)}
            taken={new Set(moment.transitions.get(machine) ?? [])}
            visited={visited ?? undefined}
          />
        </Suspense>
      )}
      <h3>{t("editor.inspector.actors")}</h3>
      <ul className="ink-inspector-actors">
        {rows.map((a) => (
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
            <li key={r.n} value={r.n}>
              <button
                type="button"
                className="ink-inspector-event"
                aria-pressed={at?.n === r.n}
                onClick={() => setAt(at?.n === r.n ? null : r)}
                data-testid={`inspector-event-${r.n}`}
              >
                <code>{r.type}</code>{" "}
                <small>
                  {r.from} → {r.to}
                </small>
              </button>
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
