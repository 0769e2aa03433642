// Shared by the Barcode and QRcode kinds' UI and renderers: the value a code encodes and the code
// status the editor shows. The request itself is the kinds' (src/model/kinds/codeRequest.ts), the
// frame the codes' (src/codes/frame.ts).
import { encodeCode, isCodeError } from "../../codes";
import { codeErrorMessage } from "../../codes/messages";
import type { Language } from "../../model/constants";
import { codeRequest } from "../../model/kinds/codeRequest";
import type { BarcodeElement, QRCodeElement } from "../../model/types";
import type { RenderContext } from "../kind";

/** The value to encode: the record's resolved text, else the element's own data, always a string. */
export function codeValue(el: BarcodeElement | QRCodeElement, ctx: Pick<RenderContext, "value">): string {
  const v = ctx.value ?? el.Data;
  return typeof v === "string" ? v : v == null ? "" : String(v);
}

export type CodeStatus =
  | { readonly ok: true }
  | { readonly ok: false; readonly key: string; readonly detail?: string; readonly message: string };

/**
 * Whether the element's code can be generated for `value`, with the translated message the editor
 * shows (tip111 and its detail after 1 s, tip61, the digit-count messages…). Needs `prepareCode`
 * for the heavy symbologies, like rendering.
 */
export function codeStatus(
  el: BarcodeElement | QRCodeElement,
  value: string,
  lang: Language = "en",
): CodeStatus {
  try {
    encodeCode(codeRequest(el, value));
    return { ok: true };
  } catch (e) {
    if (!isCodeError(e)) throw e;
    return { ok: false, key: e.key, detail: e.detail, message: codeErrorMessage(e, lang) };
  }
}
