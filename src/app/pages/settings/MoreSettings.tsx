// More settings (application.md §2 "more settings"): the interface language (kept with the account,
// or following the browser) and the size a new label starts with, entered in the user's unit.
import { useTranslation } from "react-i18next";
import { LANGUAGES, type MeasureUnit } from "../../../model/constants";
import { normaliseSettings } from "../../../model/settings";
import { fromMm, toMm } from "../../../model/units";
import { LANGUAGE_NAMES } from "../../i18n";
import { Field } from "../../ui/Field";
import { UnitSwitch } from "../../ui/UnitSwitch";
import { useSettingsForm } from "./useSettingsForm";

/** A length typed in `unit` as mm; undefined when it is not a number (the setting is kept). */
const typedMm = (v: string, unit: MeasureUnit) =>
  v.trim() === "" || !Number.isFinite(Number(v)) ? undefined : toMm(Number(v), unit);

export function MoreSettings() {
  const { t } = useTranslation();
  const { settings, form, edit, busy, save } = useSettingsForm(
    (s) => ({
      language: s.language,
      width: String(fromMm(s.labelWidth, s.unit)),
      height: String(fromMm(s.labelHeight, s.unit)),
    }),
    (f, s) => {
      const next = normaliseSettings(
        {
          language: f.language,
          labelWidth: typedMm(f.width, s.unit),
          labelHeight: typedMm(f.height, s.unit),
        },
        s,
      );
      return { language: next.language, labelWidth: next.labelWidth, labelHeight: next.labelHeight };
    },
  );
  const unit = settings.unit;
  const unitName = t(unit === "inch" ? "app.unit.inch" : "app.unit.mm");
  return (
    <section className="card settings-card" id="more-settings" aria-labelledby="more-settings-title">
      <h2 id="more-settings-title">{t("app.settings.more")}</h2>
      <form className="form" onSubmit={save} noValidate data-testid="more-settings">
        {/* the header's unit switch too (saved at once): on a phone the header has no room for it */}
        <div className="field">
          <span>{t("app.unit.label")}</span>
          <UnitSwitch />
        </div>
        <div className="field">
          <label htmlFor="settings-language">{t("app.language.label")}</label>
          <select
            id="settings-language"
            value={form.language}
            onChange={(e) => edit({ language: e.target.value as typeof form.language })}
          >
            <option value="">{t("app.settings.languageBrowser")}</option>
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </div>
        <Field
          label={t("app.settings.labelWidth", { unit: unitName })}
          name="labelWidth"
          type="number"
          inputMode="decimal"
          step={0.001}
          min={0.001}
          value={form.width}
          onChange={(e) => edit({ width: e.target.value })}
        />
        <Field
          label={t("app.settings.labelHeight", { unit: unitName })}
          name="labelHeight"
          type="number"
          inputMode="decimal"
          step={0.001}
          min={0.001}
          value={form.height}
          onChange={(e) => edit({ height: e.target.value })}
        />
        <div>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy}
            aria-label={t("app.settings.saveMore")}
            data-testid="more-settings-save"
          >
            {t("app.common.save")}
          </button>
        </div>
      </form>
    </section>
  );
}
