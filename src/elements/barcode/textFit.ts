// tip129: the human-readable line of a barcode or 2D code measured with the shared text engine against the
// element's width (spec §5: checked when the font size changes).
import { encodeCode, isCodeError } from "../../codes";
import { effectiveFontSize } from "../../codes/layout";
import { codeTextOverflows, hanxinShowsText } from "../../codes/rules";
import type { BarcodeElement, QRCodeElement } from "../../model/types";
import type { FontRegistry } from "../../render/fonts";
import { measureText } from "../../render/text";

/** True when the text the barcode shows is wider than the element (show tip129). */
export function barcodeTextTooWide(el: BarcodeElement, value: string, fonts: FontRegistry): boolean {
  if (el.BarcodeNumPosition === 0) return false;
  let text = value;
  try {
    text = encodeCode({ kind: "barcode", type: el.BarCodeType, data: value }).text;
  } catch (e) {
    if (!isCodeError(e)) throw e;
  }
  const pt = effectiveFontSize(el.BarCodeType, el.FontSize);
  return codeTextOverflows(
    text,
    pt,
    el.Width,
    (t, size) => measureText({ text: t, family: el.FontFamily, sizePt: size }, fonts).width,
  );
}

/**
 * True when the text a 2D code shows (its content, at the element's font size, as the layout draws
 * it across the box) is wider than the element (show tip129). Han Xin above version 30 shows none.
 */
export function matrixTextTooWide(el: QRCodeElement, value: string, fonts: FontRegistry): boolean {
  if (el.BarcodeNumPosition === 0 || !hanxinShowsText(el) || value === "") return false;
  return codeTextOverflows(
    value,
    el.FontSize,
    el.Width,
    (t, size) => measureText({ text: t, family: el.FontFamily, sizePt: size }, fonts).width,
  );
}
