// /myPrinter (spec §2 "my printer"): the printers of this computer's print assistant (add, test,
// rename, remove; AssistantPrinters), then binding print assistants as cloud printing devices by
// the serial number and verification code they show, and the bound devices with their online state
// (refreshed every 10 s), rename, unbind and recent jobs.
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type CloudDevice, listCloudDevices } from "../../../print/cloudDevices";
import { interfaceApi } from "../../api/client";
import { AssistantPrinters } from "./AssistantPrinters";
import { BindForm } from "./BindForm";
import { DeviceCard } from "./DeviceCard";
import "./myPrinter.css";

export const STATUS_REFRESH_MS = 10_000;

export default function MyPrinterPage() {
  const { t } = useTranslation();
  const [devices, setDevices] = useState<CloudDevice[] | null>(null);
  const [failed, setFailed] = useState(false);
  // a slow answer must not overwrite a newer one
  const seq = useRef(0);
  const listTitle = useRef<HTMLHeadingElement>(null);

  const refresh = useCallback(async () => {
    const at = ++seq.current;
    try {
      const list = await listCloudDevices(interfaceApi);
      if (at !== seq.current) return;
      setDevices(list);
      setFailed(false);
    } catch {
      if (at === seq.current) setFailed(true);
    }
  }, []);

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), STATUS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  return (
    <main className="user-page printers-page">
      <h1>{t("printer.page.title")}</h1>
      <AssistantPrinters />
      <p className="muted printers-intro">{t("printer.page.intro")}</p>
      <BindForm onBound={() => void refresh()} />
      <section aria-labelledby="printers-list-title" aria-busy={devices === null}>
        <div className="section-head">
          <h2 id="printers-list-title" ref={listTitle} tabIndex={-1}>
            {t("printer.list.title")}
          </h2>
          <button type="button" className="btn btn-ghost" onClick={() => void refresh()}>
            {t("printer.list.refresh")}
          </button>
        </div>
        {failed && (
          <p className="printers-note" role="alert">
            {t("printer.list.failed")}
          </p>
        )}
        {devices?.length === 0 && <p className="muted">{t("printer.list.empty")}</p>}
        {devices && devices.length > 0 && (
          <ul className="printers-list" data-testid="printer-list">
            {devices.map((d) => (
              <DeviceCard
                key={d.sn}
                device={d}
                onChanged={() => void refresh()}
                onRemoved={() => {
                  listTitle.current?.focus();
                  void refresh();
                }}
              />
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
