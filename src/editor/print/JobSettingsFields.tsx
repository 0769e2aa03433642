// Darkness and speed for one job on a label printer of the print assistant (the printer's own
// settings stay as they are): "as the printer is set" (naming the printer's value when the assistant
// keeps one) or a value in the language's range.
import { useTranslation } from "react-i18next";
import { type JobSettings, SETTING_RANGES } from "../../print/settings";

const range = ([min, max]: readonly [number, number]) =>
  Array.from({ length: max - min + 1 }, (_, i) => min + i);

export function JobSettingsFields({
  language,
  settings,
  own,
  onChange,
}: {
  readonly language: "TSPL" | "ZPL";
  readonly settings: JobSettings;
  /** the printer's own settings, as the assistant keeps them */
  readonly own?: JobSettings;
  readonly onChange: (s: JobSettings) => void;
}) {
  const { t } = useTranslation();
  const field = (key: "darkness" | "speed", label: string, values: number[]) => (
    <label className="ink-print-row ink-print-job">
      {label}
      <select
        value={settings[key] === undefined ? "" : String(settings[key])}
        data-testid={`print-job-${key}`}
        onChange={(e) =>
          onChange({ ...settings, [key]: e.target.value === "" ? undefined : Number(e.target.value) })
        }
      >
        <option value="">
          {own?.[key] === undefined
            ? t("printer.settings.asPrinter")
            : t("printer.settings.asPrinterValue", { value: own[key] })}
        </option>
        {values.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <>
      {field("darkness", t("print.dialog.jobDarkness"), range(SETTING_RANGES.darkness[language]))}
      {field("speed", t("print.dialog.jobSpeed"), range(SETTING_RANGES.speed))}
    </>
  );
}
