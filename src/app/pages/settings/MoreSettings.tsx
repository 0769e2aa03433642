// More settings (application.md §2 "more settings"): the interface language (kept with the account,
// or following the browser) and the size a new label starts with, entered in the user's unit.
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGES } from "../../../model/constants";
import { normaliseSettings } from "../../../model/settings";
import { fromMm, toMm } from "../../../model/units";
import { LANGUAGE_NAMES } from "../../i18n";
import { saveSettings, useSettings } from "../../settings/userSettings";
import { Field } from "../../ui/Field";
import { message } from "../../ui/message";

export function MoreSettings() {
  const { t } = useTranslation();
  const settings = useSettings();
  const unit = settings.unit;
  const shown = () => ({
    language: settings.language,
    width: String(fromMm(settings.labelWidth, unit)),
    height: String(fromMm(settings.labelHeight, unit)),
  });
  const [form, setForm] = useState(shown);
  const [edited, setEdited] = useState(false);
  const [busy, setBusy] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: shown() reads exactly these
  useEffect(() => {
    if (!edited) setForm(shown());
  }, [settings, edited]);
  const edit = (patch: Partial<ReturnType<typeof shown>>) => {
    setEdited(true);
    setForm((f) => ({ ...f, ...patch }));
  };

  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const mm = (v: string) =>
        v.trim() === "" || !Number.isFinite(Number(v)) ? undefined : toMm(Number(v), unit);
      const next = normaliseSettings(
        { language: form.language, labelWidth: mm(form.width), labelHeight: mm(form.height) },
        settings,
      );
      await saveSettings({
        language: next.language,
        labelWidth: next.labelWidth,
        labelHeight: next.labelHeight,
      });
      setEdited(false);
      message.success(t("app.settings.saved"));
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
    }
  }

  const unitName = t(unit === "inch" ? "app.unit.inch" : "app.unit.mm");
  return (
    <section className="card settings-card" id="more-settings" aria-labelledby="more-settings-title">
      <h2 id="more-settings-title">{t("app.settings.more")}</h2>
      <form className="form" onSubmit={save} noValidate data-testid="more-settings">
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
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="more-settings-save">
            {t("app.common.save")}
          </button>
        </div>
      </form>
    </section>
  );
}
