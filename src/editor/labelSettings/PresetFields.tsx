// The preset and target-resolution choices of the label settings dialog (ours, see src/model/presets.ts
// and docs/barcodes.md): a preset fills size, columns, rows, spacings and paddings at once; the
// choice shows the preset the fields describe, or "Custom size".
import { useTranslation } from "react-i18next";
import { LABEL_PRESETS, type LabelPreset, matchPreset } from "../../model/presets";
import type { SheetLayout } from "../../model/types";
import { DpiOptions } from "./DpiOptions";

const trim = (v: number) => String(Math.round(v * 1000) / 1000);

/** "40 × 30 mm", "4 × 6 in" (sizes named in inches stay in inches). */
function sizeText(p: LabelPreset): string {
  const { width, height } = p.layout;
  return p.inch ? `${trim(width / 25.4)} × ${trim(height / 25.4)} in` : `${trim(width)} × ${trim(height)} mm`;
}

interface PresetFieldsProps {
  /** the dialog's layout in mm */
  readonly layout: Readonly<Record<keyof SheetLayout, number>>;
  readonly targetDpi: number;
  readonly onPreset: (id: string) => void;
  readonly onTargetDpi: (dpi: number) => void;
}

export function PresetFields({ layout, targetDpi, onPreset, onTargetDpi }: PresetFieldsProps) {
  const { t } = useTranslation();
  const current = matchPreset(layout)?.id ?? "";
  const option = (p: LabelPreset) => (
    <option key={p.id} value={p.id}>
      {p.paper
        ? t("editor.settings.presetSheet", {
            paper: p.paper,
            columns: p.layout.columns,
            rows: p.layout.rows,
            size: sizeText(p),
          })
        : sizeText(p)}
    </option>
  );
  return (
    <div className="ink-field-row">
      <label className="ink-field">
        <span>{t("editor.settings.preset")}</span>
        <select
          value={current}
          data-testid="settings-preset"
          onChange={(e) => e.target.value && onPreset(e.target.value)}
        >
          <option value="">{t("editor.settings.presetCustom")}</option>
          <optgroup label={t("editor.settings.presetRolls")}>
            {LABEL_PRESETS.filter((p) => !p.paper).map(option)}
          </optgroup>
          <optgroup label={t("editor.settings.presetSheets")}>
            {LABEL_PRESETS.filter((p) => p.paper).map(option)}
          </optgroup>
        </select>
      </label>
      <label className="ink-field">
        <span>{t("editor.settings.targetDpi")}</span>
        <select
          value={targetDpi}
          data-testid="settings-target-dpi"
          onChange={(e) => onTargetDpi(Number(e.target.value))}
        >
          <DpiOptions />
        </select>
      </label>
    </div>
  );
}
