// Print settings (application.md §2 "print settings"): what the print dialog starts with (printer,
// copies, print background) and the resolution a new label's codes are drawn for.
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { TARGET_DPIS } from "../../../model/constants";
import { COPIES, normaliseSettings } from "../../../model/settings";
import { saveSettings, useSettings } from "../../settings/userSettings";
import { Field } from "../../ui/Field";
import { message } from "../../ui/message";

export function PrintSettings() {
  const { t } = useTranslation();
  const settings = useSettings();
  const [form, setForm] = useState(() => ({ ...settings, copies: String(settings.copies) }));
  const [busy, setBusy] = useState(false);
  // the settings may arrive after the page (another browser changed them): follow until edited
  const [edited, setEdited] = useState(false);
  useEffect(() => {
    if (!edited) setForm({ ...settings, copies: String(settings.copies) });
  }, [settings, edited]);
  const edit = (patch: Partial<typeof form>) => {
    setEdited(true);
    setForm((f) => ({ ...f, ...patch }));
  };

  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const next = normaliseSettings({ ...form, copies: form.copies }, settings);
      await saveSettings({
        printer: next.printer.trim(),
        copies: next.copies,
        printBackground: next.printBackground,
        targetDpi: next.targetDpi,
      });
      setEdited(false);
      message.success(t("app.settings.saved"));
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card settings-card" id="print-settings" aria-labelledby="print-settings-title">
      <h2 id="print-settings-title">{t("app.settings.print")}</h2>
      <form className="form" onSubmit={save} noValidate data-testid="print-settings">
        <Field
          label={t("app.settings.printer")}
          name="printer"
          maxLength={200}
          value={form.printer}
          placeholder={t("app.settings.printerNone")}
          onChange={(e) => edit({ printer: e.target.value })}
        />
        <Field
          label={t("app.settings.copies")}
          name="copies"
          type="number"
          inputMode="numeric"
          min={COPIES.min}
          max={COPIES.max}
          step={1}
          value={form.copies}
          onChange={(e) => edit({ copies: e.target.value })}
        />
        <label className="check">
          <input
            type="checkbox"
            checked={form.printBackground}
            onChange={(e) => edit({ printBackground: e.target.checked })}
          />
          {t("app.settings.printBackground")}
        </label>
        <div className="field">
          <label htmlFor="settings-dpi">{t("app.settings.targetDpi")}</label>
          <select
            id="settings-dpi"
            value={form.targetDpi}
            onChange={(e) => edit({ targetDpi: Number(e.target.value) as typeof form.targetDpi })}
          >
            {TARGET_DPIS.map((d) => (
              <option key={d} value={d}>
                {t("app.settings.dpi", { dpi: d })}
              </option>
            ))}
          </select>
        </div>
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="print-settings-save">
            {t("app.common.save")}
          </button>
        </div>
      </form>
    </section>
  );
}
