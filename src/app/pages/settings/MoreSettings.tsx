// More settings (application.md §2 "more settings"): the interface language (kept with the account,
// or following the browser) and the size a new label starts with, entered in the user's unit.
import { useTranslation } from "react-i18next";
import { LANGUAGES } from "../../../model/constants";
import { normaliseSettings } from "../../../model/settings";
import { LANGUAGE_NAMES } from "../../i18n";
import { LengthInput } from "../../ui/LengthInput";
import { UnitSwitch } from "../../ui/UnitSwitch";
import { useSettingsForm } from "./useSettingsForm";

export function MoreSettings() {
  const { t } = useTranslation();
  // the size is kept in mm while typed (LengthInput converts the user's unit); saved on submit
  const { form, edit, busy, save } = useSettingsForm(
    (s) => ({ language: s.language, labelWidth: s.labelWidth, labelHeight: s.labelHeight }),
    (f, s) => {
      const next = normaliseSettings(f, s);
      return { language: next.language, labelWidth: next.labelWidth, labelHeight: next.labelHeight };
    },
  );
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
        <LengthInput
          labelKey="app.settings.labelWidth"
          name="labelWidth"
          mm={form.labelWidth}
          onMm={(labelWidth) => edit({ labelWidth })}
        />
        <LengthInput
          labelKey="app.settings.labelHeight"
          name="labelHeight"
          mm={form.labelHeight}
          onMm={(labelHeight) => edit({ labelHeight })}
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
