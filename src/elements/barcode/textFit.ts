// tip129: the human-readable line of a barcode measured with the shared text engine against the
// element's width (spec §5: checked when the font size changes).
import { encodeCode, isCodeError } from "../../codes";
import { effectiveFontSize } from "../../codes/layout";
import { codeTextOverflows } from "../../codes/rules";
import type { BarcodeElement } from "../../model/types";
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
