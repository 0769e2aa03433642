// The live preview of the label grid in the settings dialog: the sheet (in the dialog's unit) with
// one box per label, columns × rows (each clamped to 1..20), spacings and paddings. Values the user
// is still typing (NaN) fall back to their defaults so the preview never breaks.
import type { NumField } from "../../../machines/labelSettings.machine";
import { fieldDefault } from "../../../machines/labelSettings.machine";
import type { MeasureUnit } from "../../model/constants";

export interface PreviewSheet {
  readonly width: number;
  readonly height: number;
  readonly cells: readonly { x: number; y: number; w: number; h: number }[];
}

export function previewSheet(values: Readonly<Record<NumField, number>>, unit: MeasureUnit): PreviewSheet {
  const v = (f: NumField) =>
    Number.isFinite(values[f]) && values[f] >= 0 ? values[f] : fieldDefault(f, unit);
  const w = Math.max(v("width"), 1e-3);
  const h = Math.max(v("height"), 1e-3);
  const cols = Math.max(1, Math.min(20, Math.round(v("columns"))));
  const rows = Math.max(1, Math.min(20, Math.round(v("rows"))));
  const cs = v("columnSpacing");
  const rs = v("rowSpacing");
  const width = v("paddingLeft") + v("paddingRight") + cols * w + (cols - 1) * cs;
  const height = v("paddingTop") + v("paddingBottom") + rows * h + (rows - 1) * rs;
  const cells = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++)
      cells.push({ x: v("paddingLeft") + c * (w + cs), y: v("paddingTop") + r * (h + rs), w, h });
  return { width, height, cells };
}
