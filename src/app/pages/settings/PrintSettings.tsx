// Print settings (application.md §2 "print settings"): what the print dialog starts with (printer,
// copies, print background) and the resolution a new label's codes are drawn for.
import { useTranslation } from "react-i18next";
import { TARGET_DPIS } from "../../../model/constants";
import { COPIES, normaliseSettings } from "../../../model/settings";
import { Field } from "../../ui/Field";
import { useSettingsForm } from "./useSettingsForm";

export function PrintSettings() {
  const { t } = useTranslation();
  const { form, edit, busy, save } = useSettingsForm(
    (s) => ({ ...s, copies: String(s.copies) }),
    (f, s) => {
      const next = normaliseSettings(f, s);
      return {
        printer: next.printer.trim(),
        copies: next.copies,
        printBackground: next.printBackground,
        targetDpi: next.targetDpi,
      };
    },
  );

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
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy}
            aria-label={t("app.settings.savePrint")}
            data-testid="print-settings-save"
          >
            {t("app.common.save")}
          </button>
        </div>
      </form>
    </section>
  );
}
