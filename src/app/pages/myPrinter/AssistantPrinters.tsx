// The printers of this computer's print assistant (issue 21): pair with it, add a network printer,
// test-print, change (rename) or remove one, search the network on request, see the system's
// printers (CUPS), the serial and code it shows as a cloud device, and the sites it trusts. Everything is done by the
// assistant (its settings file); this page only asks.
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { PairForm } from "../../../editor/print/PairForm";
import { PrinterQueue } from "../../../editor/print/PrinterQueue";
import { PrinterStateLine } from "../../../editor/print/PrinterStateLine";
import { APP_BASE } from "../../../help/links";
import {
  AssistantClient,
  AssistantError,
  type AssistantPrinter,
  assistantLink,
} from "../../printing/assistantClient";
import { copyText } from "../../ui/copyText";
import { message } from "../../ui/message";
import { NEW_PRINTER, type PrinterEntry, PrinterForm } from "./PrinterForm";
import { TrustedSites } from "./TrustedSites";

type Link = "loading" | "ok" | "down" | "unpaired" | "failed";

interface Info {
  readonly version: string;
  readonly cloud: { readonly server: string; readonly sn: string; readonly code: string } | null;
}

interface Found {
  readonly host: string;
  readonly port: number;
  readonly name?: string;
}

const entryOf = (p: AssistantPrinter): PrinterEntry => ({
  ...NEW_PRINTER,
  name: p.name,
  host: p.host ?? "",
  port: p.port ?? 9100,
  language: p.language === "ZPL" ? "ZPL" : "TSPL",
  dpi: p.dpi ?? 203,
  settings: p.settings ?? NEW_PRINTER.settings,
  widthMm: p.widthMm ?? NEW_PRINTER.widthMm,
  heightMm: p.heightMm ?? NEW_PRINTER.heightMm,
});

export function AssistantPrinters() {
  const { t, i18n } = useTranslation();
  const client = useMemo(() => new AssistantClient(), []);
  const [link, setLink] = useState<Link>("loading");
  const [printers, setPrinters] = useState<AssistantPrinter[]>([]);
  const [info, setInfo] = useState<Info | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [found, setFound] = useState<Found[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [draft, setDraft] = useState<PrinterEntry>(NEW_PRINTER);
  const [draftKey, setDraftKey] = useState(0);

  const refresh = useCallback(async () => {
    const r = await assistantLink(client, i18n.language);
    setLink(r.link);
    setPrinters(r.printers);
    if (r.link === "ok") setInfo((await client.command("getAssistantInfo").catch(() => null)) as Info | null);
  }, [client, i18n.language]);

  useEffect(() => {
    void refresh();
    return () => client.close();
  }, [refresh, client]);

  /** Runs a command; shows the assistant's error; resolves true when it succeeded. */
  const run = async (cmd: string, args: Record<string, unknown>, done?: string): Promise<boolean> => {
    try {
      const data = await client.command(cmd, { ...args, lang: i18n.language });
      if (Array.isArray(data)) setPrinters(data as AssistantPrinter[]);
      if (done) message.success(done);
      return true;
    } catch (e) {
      message.error(e instanceof AssistantError && e.code !== 0 ? e.message : t("tip.tip93"));
      return false;
    }
  };

  const network = printers.filter((p) => p.kind === "network");
  const system = printers.filter((p) => p.kind !== "network");

  return (
    <section
      className="card assistant-printers"
      id="assistant-printers"
      aria-labelledby="assistant-printers-title"
    >
      <div className="section-head">
        <h2 id="assistant-printers-title">{t("printer.local.title")}</h2>
        <button type="button" className="btn btn-ghost" onClick={() => void refresh()}>
          {t("printer.list.refresh")}
        </button>
      </div>
      <p className="muted">{t("printer.local.intro")}</p>
      {link === "loading" && <p className="muted">{t("printer.local.checking")}</p>}
      {link === "down" && (
        <div className="assistant-down" data-testid="assistant-down">
          <p role="status">{t("print.assistant.notRunning")}</p>
          <a className="btn btn-primary" href={`${APP_BASE}/download`}>
            {t("print.assistant.download")}
          </a>
        </div>
      )}
      {link === "failed" && <p role="alert">{t("print.assistant.reconnect")}</p>}
      {link === "unpaired" && <PairForm client={client} onPaired={() => void refresh()} />}
      {link === "ok" && (
        <>
          <h3>{t("printer.local.network")}</h3>
          {network.length === 0 && <p className="muted">{t("printer.local.none")}</p>}
          <ul className="assistant-list" data-testid="assistant-printers">
            {network.map((p) =>
              editing === p.name ? (
                <li key={p.name}>
                  <PrinterForm
                    initial={entryOf(p)}
                    submitLabel={t("printer.net.save")}
                    onCancel={() => setEditing(null)}
                    onSubmit={async (next) => {
                      const ok = await run(
                        "updatePrinter",
                        { name: p.name, printer: next },
                        t("printer.net.saved"),
                      );
                      if (ok) setEditing(null);
                      return ok;
                    }}
                  />
                </li>
              ) : (
                <li key={p.name} data-testid="assistant-printer">
                  <strong>{p.name}</strong>
                  <span className="muted">
                    {p.host}:{p.port} · {p.language} · {p.dpi} dpi
                  </span>
                  <PrinterStateLine client={client} printer={p.name} />
                  <PrinterQueue client={client} printer={p.name} />
                  <span className="assistant-actions">
                    <button
                      type="button"
                      className="btn"
                      aria-label={t("printer.net.testName", { name: p.name })}
                      onClick={() =>
                        void run("testPrint", { name: p.name }, t("printer.net.testSent", { name: p.name }))
                      }
                    >
                      {t("printer.net.test")}
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost"
                      aria-label={t("printer.settings.calibrateName", { name: p.name })}
                      onClick={() =>
                        void run(
                          "calibratePrinter",
                          { name: p.name },
                          t("printer.settings.calibrated", { name: p.name }),
                        )
                      }
                    >
                      {t("printer.settings.calibrate")}
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost"
                      aria-label={t("printer.net.editName", { name: p.name })}
                      onClick={() => setEditing(p.name)}
                    >
                      {t("printer.net.edit")}
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost"
                      aria-label={t("printer.net.removeName", { name: p.name })}
                      onClick={() => {
                        if (window.confirm(t("printer.net.removeConfirm", { name: p.name })))
                          void run("removePrinter", { name: p.name }, t("printer.net.removed"));
                      }}
                    >
                      {t("printer.net.remove")}
                    </button>
                  </span>
                </li>
              ),
            )}
          </ul>
          <h3>{t("printer.net.add")}</h3>
          <PrinterForm
            key={draftKey}
            initial={draft}
            submitLabel={t("printer.net.add")}
            onSubmit={(p) => run("addPrinter", { printer: p }, t("printer.net.added", { name: p.name }))}
          />
          <div className="assistant-search">
            <button
              type="button"
              className="btn"
              disabled={searching}
              onClick={async () => {
                setSearching(true);
                try {
                  setFound((await client.command("discoverPrinters")) as Found[]);
                } catch {
                  message.error(t("tip.tip93"));
                } finally {
                  setSearching(false);
                }
              }}
            >
              {t(searching ? "printer.net.searching" : "printer.net.search")}
            </button>
            <span className="muted">{t("printer.net.searchHelp")}</span>
          </div>
          {found && found.length === 0 && <p className="muted">{t("printer.net.foundNone")}</p>}
          {found && found.length > 0 && (
            <ul className="assistant-list" data-testid="assistant-found">
              {found.map((f) => (
                <li key={`${f.host}:${f.port}`}>
                  <span>
                    {f.name ? `${f.name} · ` : ""}
                    {f.host}:{f.port}
                  </span>
                  <button
                    type="button"
                    className="btn btn-ghost"
                    onClick={() => {
                      setDraft({ ...NEW_PRINTER, name: f.name ?? f.host, host: f.host, port: f.port });
                      setDraftKey((k) => k + 1);
                    }}
                  >
                    {t("printer.net.use")}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <h3>{t("printer.local.system")}</h3>
          {system.length === 0 ? (
            <p className="muted">{t("printer.local.systemNone")}</p>
          ) : (
            <ul className="assistant-list">
              {system.map((p) => (
                <li key={p.name}>{p.name}</li>
              ))}
            </ul>
          )}
          <h3>{t("printer.local.cloud")}</h3>
          {info?.cloud ? (
            <dl className="assistant-cloud" data-testid="assistant-cloud">
              {(
                [
                  ["printer.bind.serial", info.cloud.sn, "printer.local.copySerial"],
                  ["printer.bind.code", info.cloud.code, "printer.local.copyCode"],
                ] as const
              ).map(([label, value, copyLabel]) => (
                <div key={label}>
                  <dt>{t(label)}</dt>
                  <dd>
                    <code>{value}</code>
                    <button
                      type="button"
                      className="btn btn-ghost"
                      aria-label={t(copyLabel)}
                      onClick={() => void copyText(value, t("tip.tip35"), t("printer.local.copyFailed"))}
                    >
                      {t("printer.local.copy")}
                    </button>
                  </dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="muted">{t("printer.local.cloudOff")}</p>
          )}
          <TrustedSites client={client} onUnpaired={() => void refresh()} />
        </>
      )}
    </section>
  );
}
