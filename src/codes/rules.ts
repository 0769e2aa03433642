// Editing rules of Barcode and QRcode elements (spec §4, §5) as pure functions on elements.

import { TIP } from "../i18n/tips";
import {
  BARCODE_FONT_CAP,
  BARCODE_FONT_MIN,
  BARCODE_FONT_MIN_DEFAULT,
  HANXIN_TEXT_MAX_VERSION,
} from "../model/constants";
import type { BarcodeElement, QRCodeElement } from "../model/types";
import { canonicalBarcodeType, linearSymbology } from "./linear";
import { HANXIN_MAX_VERSION, isGs1Matrix } from "./matrix";

export const QR_DEFAULT_DATA = "https://example.com";
/** Error correction each 2D type starts with after a type change (spec §4). */
export const DEFAULT_EC_LEVEL: Readonly<Record<number, string>> = {
  1: "M",
  2: "1",
  3: "",
  4: "23",
  5: "L1",
  6: "",
  7: "M",
  8: "M",
};
/** What a GS1 2D code (6 DataMatrix, 7 QR, 8 Digital Link QR) starts with: GTIN, batch, expiry. */
export const GS1_DEFAULT_DATA = "(01)09506000134352(10)AB12(17)261231";
/** Error correction choices per 2D type, as stored in ErrorCorrectionLevel. */
export const EC_LEVELS: Readonly<Record<number, readonly string[]>> = {
  1: ["L", "M", "Q", "H"],
  2: ["0", "1", "2", "3", "4", "5", "6", "7"],
  3: [],
  4: ["23"],
  5: ["L1", "L2", "L3", "L4"],
  6: [],
  7: ["L", "M", "Q", "H"],
  8: ["L", "M", "Q", "H"],
};
/** Legacy numeric QR levels of older files and of the print export (L=7, M=15, Q=25, H=30). */
export const QR_EC_NUMERIC: Readonly<Record<string, number>> = { L: 7, M: 15, Q: 25, H: 30 };
export const HANXIN_TIP_MESSAGE = "Maximum length exceeded or invalid content";

export function barcodeDefaultData(type: number): string {
  return linearSymbology(type)?.defaultData ?? "123456789012";
}

/** Sets the element's fixed content (Data and, for a fixed current source, that source's text). */
function withData<E extends BarcodeElement | QRCodeElement>(el: E, data: string): E {
  const src = el.DataSourceList[el.dataSourceIndex];
  if (src?.DataSourceType !== 0) return { ...el, Data: data };
  const list = el.DataSourceList.map((s, i) =>
    i === el.dataSourceIndex ? { ...s, FirstValue: data, NormalText: data } : s,
  );
  return { ...el, Data: data, DataSourceList: list };
}

/** Barcode font size after a change: the type's minimum unless no text shows, and the EAN/UPC cap. */
export function clampBarcodeFontSize(type: number, size: number, position: number): number {
  const t = canonicalBarcodeType(type);
  let s = Math.min(100, Math.max(1, Math.round(size * 2) / 2));
  if (position === 0) return s;
  s = Math.max(s, BARCODE_FONT_MIN[t] ?? BARCODE_FONT_MIN_DEFAULT);
  if (BARCODE_FONT_MIN[t] !== undefined) s = Math.min(s, BARCODE_FONT_CAP);
  return s;
}

/** Barcode type change: data goes back to the type's default unless the user edited it. */
export function onBarcodeTypeChange(el: BarcodeElement, newType: number): BarcodeElement {
  let next: BarcodeElement = { ...el, BarCodeType: newType };
  if (!el.isEdit) next = withData(next, barcodeDefaultData(newType));
  return { ...next, FontSize: clampBarcodeFontSize(newType, el.FontSize, el.BarcodeNumPosition) };
}

/** 2D type change: error correction resets (QR M, PDF417 1, Han Xin L1 with the version unset). */
export function onQrTypeChange(el: QRCodeElement, newType: number): QRCodeElement {
  let next: QRCodeElement = {
    ...el,
    QrCodeType: newType,
    ErrorCorrectionLevel: DEFAULT_EC_LEVEL[newType] ?? "",
  };
  if (newType === 5) next = { ...next, HanxinVersion: 0 };
  if (newType !== 5 && next.Encoding.toLowerCase() === "gb18030") next = { ...next, Encoding: "UTF-8" };
  if (!el.isEdit) next = withData(next, isGs1Matrix(newType) ? GS1_DEFAULT_DATA : QR_DEFAULT_DATA);
  return next;
}

/** Text, font size and number position are off above Han Xin version 30. */
export function hanxinShowsText(el: Pick<QRCodeElement, "QrCodeType" | "HanxinVersion">): boolean {
  return !(el.QrCodeType === 5 && el.HanxinVersion > HANXIN_TEXT_MAX_VERSION);
}

/** Han Xin version change (0 auto, 1–84); above 30 the number position is forced off with tip131. */
export function onHanxinVersionChange(
  el: QRCodeElement,
  version: number,
): { el: QRCodeElement; notice?: string } {
  const v = Math.min(HANXIN_MAX_VERSION, Math.max(0, Math.trunc(Number.isFinite(version) ? version : 0)));
  const next = { ...el, HanxinVersion: v };
  if (v > HANXIN_TEXT_MAX_VERSION && el.BarcodeNumPosition !== 0)
    return { el: { ...next, BarcodeNumPosition: 0 }, notice: TIP.hanxinTextHidden };
  return { el: next };
}

/**
 * After a failed generation: when the encoder said the content does not fit the chosen Han Xin version,
 * the previous version and number position come back (spec §4).
 */
export function restoreAfterCodeFailure(
  prev: QRCodeElement,
  next: QRCodeElement,
  detail: string | undefined,
): QRCodeElement {
  if (next.QrCodeType !== 5 || !detail?.includes(HANXIN_TIP_MESSAGE)) return next;
  return { ...next, HanxinVersion: prev.HanxinVersion, BarcodeNumPosition: prev.BarcodeNumPosition };
}

/** tip129: the human-readable text is wider than the element (measured with the caller's text metrics). */
export function codeTextOverflows(
  text: string,
  fontPt: number,
  widthMm: number,
  measureMm: (text: string, fontPt: number) => number,
): boolean {
  return measureMm(text, fontPt) > widthMm + 1e-6;
}
