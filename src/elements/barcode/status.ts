// The code status the Barcode and QRcode panels show: whether the code can be generated, with the
// translated message. Apart from ./common.ts so that rendering (CLI, PDF, printing) does not load
// every language's messages (issue 41).
import { encodeCode, isCodeError } from "../../codes";
import { codeErrorMessage } from "../../codes/messages";
import type { Language } from "../../model/constants";
import { codeRequest } from "../../model/kinds/codeRequest";
import type { BarcodeElement, QRCodeElement } from "../../model/types";

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
