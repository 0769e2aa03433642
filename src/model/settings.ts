// A user's settings (issue 16 "Settings"; application.md §2 navigation areas "unit switch", "print
// settings", "more settings"), kept on the server so they follow the user between browsers. Every
// value is checked here, on both sides: a bad or missing field falls back, never fails.

import { clamp } from "./bounds";
import {
  DEFAULT_LABEL_HEIGHT_MM,
  DEFAULT_LABEL_WIDTH_MM,
  DEFAULT_TARGET_DPI,
  DEFAULT_UNIT,
  LANGUAGES,
  type Language,
  type MeasureUnit,
  SHEET_OFFSET_MAX_MM,
  TARGET_DPIS,
  type TargetDpi,
} from "./constants";

export interface UserSettings {
  /** the unit every length is shown in (the MeasureUnit storage key) */
  readonly unit: MeasureUnit;
  /** the interface language; "" follows the browser */
  readonly language: Language | "";
  /** print settings: the printer chosen first in the print dialog ("" none), copies, background */
  readonly printer: string;
  readonly copies: number;
  readonly printBackground: boolean;
  /** the resolution a new label's codes are drawn for */
  readonly targetDpi: TargetDpi;
  /** more settings: a new label's size, mm */
  readonly labelWidth: number;
  readonly labelHeight: number;
  /** the office printer's offset in mm (right, down), applied to A4 pages at actual size: measured
   * on the calibration page (src/export/calibrationPdf.ts) */
  readonly sheetOffsetX: number;
  readonly sheetOffsetY: number;
}

export const DEFAULT_SETTINGS: UserSettings = {
  unit: DEFAULT_UNIT,
  language: "",
  printer: "",
  copies: 1,
  printBackground: true,
  targetDpi: DEFAULT_TARGET_DPI,
  labelWidth: DEFAULT_LABEL_WIDTH_MM,
  labelHeight: DEFAULT_LABEL_HEIGHT_MM,
  sheetOffsetX: 0,
  sheetOffsetY: 0,
};

/** Copies a user may set as the default. */
export const COPIES = { min: 1, max: 999, step: 1, integer: true } as const;
const PRINTER_MAX = 200;

/** An offset within ±SHEET_OFFSET_MAX_MM (to 0.1 mm), else the base value. */
const offset = (v: unknown, base: number) => {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : Number.NaN;
  return Number.isFinite(n) && Math.abs(n) <= SHEET_OFFSET_MAX_MM ? Math.round(n * 10) / 10 : base;
};

/**
 * `raw`'s valid fields over `base`: what a stored row, a request or local storage holds becomes
 * settings. Unknown fields are dropped; a field of the wrong kind keeps the base value.
 */
export function normaliseSettings(raw: unknown, base: UserSettings = DEFAULT_SETTINGS): UserSettings {
  const o = raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const number = (k: "copies" | "labelWidth" | "labelHeight") =>
    typeof o[k] === "number" || (typeof o[k] === "string" && o[k] !== "") ? o[k] : base[k];
  const dpi = Number(o.targetDpi);
  return {
    unit: o.unit === "mm" || o.unit === "inch" ? o.unit : base.unit,
    language:
      o.language === "" || (LANGUAGES as readonly unknown[]).includes(o.language)
        ? (o.language as Language | "")
        : base.language,
    printer: typeof o.printer === "string" ? o.printer.slice(0, PRINTER_MAX) : base.printer,
    copies: clamp(COPIES, number("copies"), base.copies),
    printBackground: typeof o.printBackground === "boolean" ? o.printBackground : base.printBackground,
    targetDpi: (TARGET_DPIS as readonly number[]).includes(dpi) ? (dpi as TargetDpi) : base.targetDpi,
    labelWidth: clamp("LabelWidth", number("labelWidth"), base.labelWidth),
    labelHeight: clamp("LabelHeight", number("labelHeight"), base.labelHeight),
    sheetOffsetX: offset(o.sheetOffsetX, base.sheetOffsetX),
    sheetOffsetY: offset(o.sheetOffsetY, base.sheetOffsetY),
  };
}
