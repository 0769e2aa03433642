// Shared by the Barcode and QRcode kinds' UI and renderers: the value a code encodes. The code status
// the editor shows is ./status.ts (it needs the messages, which the renderers do not load). The
// request itself is the kinds' (src/model/kinds/codeRequest.ts), the frame the codes'
// (src/codes/frame.ts).
import type { BarcodeElement, QRCodeElement } from "../../model/types";
import type { RenderContext } from "../kind";

/** The value to encode: the record's resolved text, else the element's own data, always a string. */
export function codeValue(el: BarcodeElement | QRCodeElement, ctx: Pick<RenderContext, "value">): string {
  const v = ctx.value ?? el.Data;
  return typeof v === "string" ? v : v == null ? "" : String(v);
}
