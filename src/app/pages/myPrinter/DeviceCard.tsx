// One bound device: name, online state, its printer's state (as the device last reported it),
// serial, when it was bound; rename, printer settings, unbind (after an inline confirmation) and its
// recent jobs.
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { PrinterStateText } from "../../../editor/print/PrinterStateLine";
import {
  type CloudDevice,
  type CloudJobInfo,
  cloudDeviceJobs,
  renameCloudDevice,
  unbindCloudDevice,
} from "../../../print/cloudDevices";
import { interfaceApi } from "../../api/client";
import { dateText } from "../../settings/dateText";
import { message } from "../../ui/message";
import { DeviceSettingsForm } from "./DeviceSettingsForm";

type Mode = "view" | "rename" | "settings" | "unbind";

interface Props {
  readonly device: CloudDevice;
  readonly onChanged: () => void;
  /** after unbinding: the card goes away, so the page decides where focus goes */
  readonly onRemoved: () => void;
}

export function DeviceCard({ device, onChanged, onRemoved }: Props) {
  const { t, i18n } = useTranslation();
  const [mode, setMode] = useState<Mode>("view");
  const [name, setName] = useState(device.name);
  const [busy, setBusy] = useState(false);
  const [jobs, setJobs] = useState<CloudJobInfo[] | null>(null);
  const renameRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const online = device.status === 1;
  const titleId = `printer-${device.sn}`;

  useEffect(() => {
    if (mode === "rename") renameRef.current?.select();
    if (mode === "unbind") confirmRef.current?.focus();
  }, [mode]);

  const back = () => {
    setMode("view");
    // focus returns to the actions the user started from
    requestAnimationFrame(() => actionsRef.current?.querySelector("button")?.focus());
  };

  async function run(fn: () => Promise<void>) {
    setBusy(true);
    try {
      await fn();
    } catch {
      // the request client shows the server's message
    } finally {
      setBusy(false);
    }
  }

  const rename = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await renameCloudDevice(interfaceApi, device.sn, name);
      message.success(t("printer.device.renamed"));
      setMode("view");
      onChanged();
    });
  };
  const unbind = () =>
    run(async () => {
      await unbindCloudDevice(interfaceApi, device.sn);
      message.success(t("printer.device.unbound", { name: device.name }));
      onRemoved();
    });
  const toggleJobs = () => {
    if (jobs) {
      setJobs(null);
      return;
    }
    void run(async () => setJobs(await cloudDeviceJobs(interfaceApi, device.sn)));
  };

  return (
    <li
      className="card printer-card"
      aria-labelledby={titleId}
      data-testid="printer-device"
      data-sn={device.sn}
    >
      <div className="printer-head">
        <h3 id={titleId}>{device.name}</h3>
        <span
          className={`printer-status ${online ? "is-online" : "is-offline"}`}
          data-testid="printer-status"
        >
          {t(online ? "printer.status.online" : "printer.status.offline")}
        </span>
      </div>
      {online && <PrinterStateText status={device.printerStatus ?? null} />}
      <dl className="printer-facts">
        <dt>{t("printer.bind.serial")}</dt>
        <dd>{device.sn}</dd>
        {device.imei && (
          <>
            <dt>{t("printer.device.imei")}</dt>
            <dd data-testid="printer-imei">{device.imei}</dd>
          </>
        )}
        <dt>{t("printer.device.added")}</dt>
        <dd>{dateText(i18n.language, device.addTime)}</dd>
      </dl>
      {mode === "rename" && (
        <form className="printer-inline" onSubmit={rename}>
          <input
            ref={renameRef}
            value={name}
            maxLength={100}
            aria-label={t("printer.device.renameOf", { name: device.name })}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => e.key === "Escape" && back()}
          />
          <button type="submit" className="btn btn-primary" disabled={busy || !name.trim()}>
            {t("app.common.save")}
          </button>
          <button type="button" className="btn btn-ghost" onClick={back}>
            {t("printer.common.cancel")}
          </button>
        </form>
      )}
      {mode === "settings" && (
        <DeviceSettingsForm
          device={device}
          onSaved={() => {
            back();
            onChanged();
          }}
          onCancel={back}
        />
      )}
      {mode === "unbind" && (
        <fieldset className="printer-inline">
          <legend>{t("printer.device.unbindConfirm", { name: device.name })}</legend>
          <button ref={confirmRef} type="button" className="btn btn-danger" onClick={unbind} disabled={busy}>
            {t("printer.device.unbind")}
          </button>
          <button type="button" className="btn btn-ghost" onClick={back}>
            {t("printer.common.cancel")}
          </button>
        </fieldset>
      )}
      {mode === "view" && (
        <div className="printer-actions" ref={actionsRef}>
          <button
            type="button"
            className="btn btn-secondary"
            aria-label={t("printer.device.renameOf", { name: device.name })}
            onClick={() => {
              setName(device.name);
              setMode("rename");
            }}
          >
            {t("printer.device.rename")}
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            aria-label={t("printer.device.settingsOf", { name: device.name })}
            onClick={() => setMode("settings")}
          >
            {t("printer.device.settings")}
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            aria-expanded={jobs !== null}
            aria-label={t("printer.device.jobsOf", { name: device.name })}
            onClick={toggleJobs}
          >
            {t("printer.device.jobs")}
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            aria-label={t("printer.device.unbindOf", { name: device.name })}
            onClick={() => setMode("unbind")}
          >
            {t("printer.device.unbind")}
          </button>
        </div>
      )}
      {jobs && (
        <section className="printer-jobs" aria-label={t("printer.device.jobsOf", { name: device.name })}>
          {jobs.length === 0 ? (
            <p className="muted">{t("printer.device.noJobs")}</p>
          ) : (
            <ul>
              {jobs.map((j) => (
                <li key={j.id} data-status={j.status}>
                  <span>{dateText(i18n.language, j.addTime, "dateTime")}</span>
                  <span>{t("printer.job.labels", { n: j.labels })}</span>
                  <strong>{t(`printer.job.${j.status}`)}</strong>
                  {j.msg && <span className="muted">{j.msg}</span>}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </li>
  );
}
