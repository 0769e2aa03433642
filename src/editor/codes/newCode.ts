// New Barcode and QRcode elements (spec §3 saved preferences, §9 "Barcode/QR scale 12, barcode height
// 10, text size 10, new code scaled to 30% of the fit"): the symbology, number position and error
// correction come from the saved preferences, and the size from the code's natural size at scale 12
// (one printer point per module, bars 10 mm high) scaled to fit the label, then to 30 % of that fit —
// except a barcode's width, which comes from its X-dimension (whole dots at the target resolution).
import { type CodeModules, encodeCode, isCodeReady, prepareCode } from "../../codes";
import { linearSpan } from "../../codes/layout";
import { type CodePreferences, readCodePreferences } from "../../codes/preferences";
import {
  barcodeDefaultData,
  clampBarcodeFontSize,
  DEFAULT_EC_LEVEL,
  QR_DEFAULT_DATA,
} from "../../codes/rules";
import { defaultDots, fitDots, spanForDots, targetDpiOf } from "../../codes/xdim";
import { BARCODE_HEIGHT, CODE_SCALE, CODE_TEXT_SIZE, NEW_CODE_FIT_RATIO } from "../../model/constants";
import { createDataSource } from "../../model/defaults";
import type { LabelAttrs, LabelElement } from "../../model/types";
import { ptToMm } from "../../model/units";

/** One module at scale 1 is one point; scale 12 multiplies every dimension, so only ratios matter. */
const MODULE_MM = ptToMm(CODE_SCALE);
/** Text band of the code layout (src/codes/layout.ts): font size × 1.2. */
const TEXT_BAND = 1.2;

type StorageLike = Pick<Storage, "getItem" | "setItem">;

function storage(): StorageLike | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/** The encoded symbol, or null when its encoder is still loading (it is loaded for next time). */
function encoded(req: Parameters<typeof encodeCode>[0]): CodeModules | null {
  if (!isCodeReady(req)) {
    void prepareCode(req).catch(() => undefined);
    return null;
  }
  try {
    return encodeCode(req);
  } catch {
    return null;
  }
}

/**
 * Width and height (mm) of a new code whose symbol is `symW × symH` at scale 12 (bars or modules
 * only) with a text band of `textMm` at scale 1: 30 % of the scale that fits the natural code into
 * the label. A 1D code's natural image includes its text (bwip-js draws it at scale 12 too), a 2D
 * code's does not (`textInFit` false). The text keeps its point size, so the band is added unscaled.
 */
export function fittedCodeSize(
  symW: number,
  symH: number,
  textMm: number,
  label: Pick<LabelAttrs, "width" | "height">,
  textInFit = true,
): { width: number; height: number } {
  const lw = Number.isFinite(label.width) && label.width > 0 ? label.width : 100;
  const lh = Number.isFinite(label.height) && label.height > 0 ? label.height : 80;
  const fit = Math.min(lw / symW, lh / (symH + (textInFit ? textMm * CODE_SCALE : 0)));
  const s = fit * NEW_CODE_FIT_RATIO;
  const round = (v: number) => Math.round(v * 100) / 100;
  return { width: round(symW * s), height: round(symH * s + textMm) };
}

function barcodePatch(prefs: CodePreferences, label: LabelAttrs): Partial<LabelElement> {
  const type = prefs.BarCodeType;
  const position = prefs.BarcodeNumPosition;
  const data = barcodeDefaultData(type);
  const fontSize = clampBarcodeFontSize(type, CODE_TEXT_SIZE, position);
  const code = encoded({ kind: "barcode", type, data });
  // 11 modules a character plus start/stop is a fair Code 128-like estimate while bwip-js loads
  const modules = code?.dim === 1 ? code.width : 11 * data.length + 35;
  const textMm = position === 0 ? 0 : ptToMm(fontSize) * TEXT_BAND;
  const size = fittedCodeSize(modules * MODULE_MM, BARCODE_HEIGHT * CODE_SCALE, textMm, label);
  // the width comes from the X-dimension (docs/barcodes.md): the type's default in whole dots of the
  // target resolution, fewer when the label is too narrow, never under one dot
  const dpi = targetDpiOf(label);
  const cols = code?.dim === 1 ? linearSpan(code, position !== 0, false).total : modules;
  const labelWidth = Number.isFinite(label.width) && label.width > 0 ? label.width : 100;
  const dots = fitDots(defaultDots(type, dpi), (d) => spanForDots(cols, d, dpi) <= labelWidth);
  return {
    BarCodeType: type,
    BarcodeNumPosition: position,
    FontSize: fontSize,
    Data: data,
    DataSourceList: [createDataSource({ DataSourceType: 0, FirstValue: data, NormalText: data })],
    Width: spanForDots(cols, dots, dpi),
    Height: size.height,
  } as Partial<LabelElement>;
}

function qrPatch(prefs: CodePreferences, label: LabelAttrs): Partial<LabelElement> {
  const type = prefs.QRCodeType;
  const position = prefs.QRCodeNumPosition;
  const ecLevel = prefs.eclevel !== "" ? prefs.eclevel : (DEFAULT_EC_LEVEL[type] ?? "");
  const data = QR_DEFAULT_DATA;
  const code = encoded({ kind: "qrcode", type, data, ecLevel, version: 0, encoding: "UTF-8" });
  const cols = code?.dim === 2 ? code.cols : 25;
  const rows = code?.dim === 2 ? code.rows * code.aspect : type === 2 ? 9 : 25;
  const textMm = position === 0 ? 0 : ptToMm(CODE_TEXT_SIZE) * TEXT_BAND;
  const size = fittedCodeSize(cols * MODULE_MM, rows * MODULE_MM, textMm, label, false);
  return {
    QrCodeType: type,
    ErrorCorrectionLevel: ecLevel,
    HanxinVersion: 0,
    Encoding: "UTF-8",
    BarcodeNumPosition: position,
    FontSize: CODE_TEXT_SIZE,
    Data: data,
    DataSourceList: [createDataSource({ DataSourceType: 0, FirstValue: data, NormalText: data })],
    Width: size.width,
    Height: size.height,
  } as Partial<LabelElement>;
}

/**
 * The fields a new element of `type` starts with beyond the model defaults: for Barcode and QRcode
 * the saved preferences and the fitted size; nothing for other kinds.
 */
export function newCodePatch(
  type: string,
  label: LabelAttrs,
  store: StorageLike | null = storage(),
): Partial<LabelElement> | undefined {
  if (type !== "Barcode" && type !== "QRcode") return undefined;
  const prefs = readCodePreferences(store ?? { getItem: () => null, setItem: () => undefined });
  return type === "Barcode" ? barcodePatch(prefs, label) : qrPatch(prefs, label);
}
