// The unit switch of the shell (application.md §2 "unit switch"): mm or inch for every length the
// app shows, saved with the user's settings.
import { useTranslation } from "react-i18next";
import { measureUnitOf } from "../../model/units";
import { saveSettings, useUnit } from "../settings/userSettings";

export function UnitSwitch() {
  const { t } = useTranslation();
  const unit = useUnit();
  return (
    <label className="unit-switch">
      <select
        aria-label={t("app.unit.label")}
        title={t("app.unit.label")}
        value={unit}
        data-testid="unit-switch"
        onChange={(e) => {
          // a failed save is reported by the request client; the choice stays for this browser
          saveSettings({ unit: measureUnitOf(e.target.value) }).catch(() => undefined);
        }}
      >
        <option value="mm">{t("app.unit.mm")}</option>
        <option value="inch">{t("app.unit.inch")}</option>
      </select>
    </label>
  );
}
