// A label printer's own settings in the printer form: how it finds the next label (gap, black mark,
// continuous) and its size, then darkness, speed, method, direction, offsets and what happens after
// a label. Empty means "as the printer is set" (nothing is sent). Ranges: src/print/settings.ts.
import { useTranslation } from "react-i18next";
import type { PrinterLanguage } from "../../../print/job";
import {
  MEDIA_TYPES,
  type MediaType,
  POST_PRINT,
  PRINT_METHODS,
  type PrinterSettings,
  SEND_AS,
  SETTING_RANGES,
  type SendAs,
} from "../../../print/settings";
import { LengthInput } from "../../ui/LengthInput";

const range = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, i) => min + i);

/** A select of a setting whose first choice, "", leaves it to the printer. */
function Choice<T extends string | number>({
  label,
  value,
  options,
  onChange,
}: {
  readonly label: string;
  readonly value: T | undefined;
  readonly options: readonly (readonly [T, string])[];
  readonly onChange: (v: T | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <label className="field">
      {label}
      <select
        value={value === undefined ? "" : String(value)}
        onChange={(e) => onChange(options.find(([v]) => String(v) === e.target.value)?.[0])}
      >
        <option value="">{t("printer.settings.asPrinter")}</option>
        {options.map(([v, text]) => (
          <option key={String(v)} value={String(v)}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

export function PrinterSettingsFields({
  language,
  settings: s,
  onChange,
}: {
  readonly language: PrinterLanguage;
  readonly settings: PrinterSettings;
  readonly onChange: (s: PrinterSettings) => void;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<PrinterSettings>) => onChange({ ...s, ...patch });
  const media = s.media ?? "gap";
  const [dMin, dMax] = SETTING_RANGES.darkness[language];
  const darkness = s.darkness !== undefined && s.darkness > dMax ? dMax : s.darkness;
  return (
    <>
      <label className="field">
        {t("printer.net.mark")}
        <select value={media} onChange={(e) => set({ media: e.target.value as MediaType })}>
          {MEDIA_TYPES.map((m) => (
            <option key={m} value={m}>
              {t(m === "mark" ? "printer.net.mark.black" : `printer.net.mark.${m}`)}
            </option>
          ))}
        </select>
      </label>
      {media !== "continuous" && (
        <LengthInput
          labelKey={media === "mark" ? "printer.net.markMm" : "printer.net.gapMm"}
          mm={s.gapMm ?? 2}
          onMm={(gapMm) => set({ gapMm })}
        />
      )}
      <label className="field">
        {t("printer.settings.sendAs")}
        <select
          value={s.sendAs ?? "auto"}
          onChange={(e) => {
            // automatic is the default: nothing kept in the printer's entry
            const v = e.target.value as SendAs;
            set({ sendAs: v === "auto" ? undefined : v });
          }}
        >
          {SEND_AS.map((v) => (
            <option key={v} value={v}>
              {t(`printer.settings.sendAs.${v}`)}
            </option>
          ))}
        </select>
      </label>
      <details className="printer-settings">
        <summary>{t("printer.settings.title")}</summary>
        <Choice
          label={t("printer.settings.darkness", { min: dMin, max: dMax })}
          value={darkness}
          options={range(dMin, dMax).map((n) => [n, String(n)] as const)}
          onChange={(darkness) => set({ darkness })}
        />
        <Choice
          label={t("printer.settings.speed")}
          value={s.speed}
          options={range(...SETTING_RANGES.speed).map((n) => [n, String(n)] as const)}
          onChange={(speed) => set({ speed })}
        />
        <Choice
          label={t("printer.settings.method")}
          value={s.method}
          options={PRINT_METHODS.map((m) => [m, t(`printer.settings.method.${m}`)] as const)}
          onChange={(method) => set({ method })}
        />
        <Choice
          label={t("printer.settings.direction")}
          value={s.direction}
          options={([0, 1] as const).map((d) => [d, t(`printer.settings.direction.${d}`)] as const)}
          onChange={(direction) => set({ direction })}
        />
        <LengthInput
          signed
          labelKey="printer.settings.top"
          mm={s.topOffsetMm ?? 0}
          onMm={(topOffsetMm) => set({ topOffsetMm })}
        />
        <LengthInput
          signed
          labelKey="printer.settings.left"
          mm={s.leftOffsetMm ?? 0}
          onMm={(leftOffsetMm) => set({ leftOffsetMm })}
        />
        {media !== "continuous" && (
          <LengthInput
            signed
            labelKey="printer.settings.markOffset"
            mm={s.markOffsetMm ?? 0}
            onMm={(markOffsetMm) => set({ markOffsetMm })}
          />
        )}
        <Choice
          label={t("printer.settings.after")}
          value={s.postPrint}
          options={POST_PRINT.map((p) => [p, t(`printer.settings.after.${p}`)] as const)}
          onChange={(postPrint) => set({ postPrint })}
        />
        {s.postPrint === "cut" && (
          <label className="field">
            {t("printer.settings.cutEvery")}
            <input
              type="number"
              min={SETTING_RANGES.cutEvery[0]}
              max={SETTING_RANGES.cutEvery[1]}
              value={s.cutEvery ?? 1}
              onChange={(e) => {
                const n = Number(e.target.value);
                if (Number.isInteger(n) && n >= 1 && n <= SETTING_RANGES.cutEvery[1]) set({ cutEvery: n });
              }}
            />
          </label>
        )}
      </details>
    </>
  );
}
