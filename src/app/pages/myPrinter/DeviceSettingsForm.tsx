// A cloud device's printer settings (media, darkness, speed, offsets, after printing), kept on the
// server and sent with each of its jobs: the same fields as a print assistant's printer. The darkness
// scale follows the language the device says its printer speaks (ZPL's wider one until it says).
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { type CloudDevice, saveCloudDeviceSettings } from "../../../print/cloudDevices";
import type { PrinterSettings } from "../../../print/settings";
import { interfaceApi } from "../../api/client";
import { message } from "../../ui/message";
import { PrinterSettingsFields } from "./PrinterSettingsFields";

export function DeviceSettingsForm({
  device,
  onSaved,
  onCancel,
}: {
  readonly device: CloudDevice;
  readonly onSaved: () => void;
  readonly onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [settings, setSettings] = useState<PrinterSettings>(device.settings);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await saveCloudDeviceSettings(interfaceApi, device.sn, settings);
      message.success(t("printer.device.settingsSaved", { name: device.name }));
      onSaved();
    } catch {
      // the request client shows the server's message (which setting it refused)
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="form printer-form"
      onSubmit={submit}
      aria-label={t("printer.device.settingsOf", { name: device.name })}
      data-testid="device-settings"
    >
      <p className="muted">{t("printer.device.settingsNote")}</p>
      <PrinterSettingsFields language={device.language ?? "ZPL"} settings={settings} onChange={setSettings} />
      <div className="printer-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t("app.common.save")}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t("printer.common.cancel")}
        </button>
      </div>
    </form>
  );
}
