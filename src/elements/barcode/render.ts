// The Barcode element kind: encodes the element's value (src/codes) and draws it as one path.
import { encodeCode, errorDisplayText, isCodeError, type LinearCode, prepareCode } from "../../codes";
import { codeFrame, layoutInFrame } from "../../codes/frame";
import { lineOnly } from "../../codes/layout";
import { codeRequest } from "../../model/kinds/codeRequest";
import type { BarcodeElement } from "../../model/types";
import type { ElementKind } from "../kind";
import { codeValue } from "./common";
import { codeFragment, placeholder } from "./svg";

export const barcodeKind: ElementKind<BarcodeElement> = {
  type: "Barcode",
  async prepare(el, ctx) {
    await prepareCode(codeRequest(el, codeValue(el, ctx)));
  },
  render(el, ctx) {
    const f = codeFrame(el, ctx);
    if (f.width === 0 || f.height === 0) return "";
    const value = codeValue(el, ctx);
    let code: LinearCode;
    try {
      code = encodeCode(codeRequest(el, value)) as LinearCode;
    } catch (e) {
      if (!isCodeError(e)) throw e;
      const shown = errorDisplayText(Number(el.BarCodeType), value);
      return placeholder(f.width, f.height, shown, e.key, e.detail, f.family);
    }
    const full = layoutInFrame(el, code, f, f.inverse);
    // the print split's copy whose bars the printer draws: the human-readable line alone
    const layout = el.printPart === "line" ? lineOnly(full) : full;
    return codeFragment(layout, f.width, f.height, f.inverse, f.family, ctx.fonts);
  },
};
