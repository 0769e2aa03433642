// The Barcode element kind: encodes the element's value (src/codes) and draws it as one path.
import {
  type CodeRequest,
  encodeCode,
  errorDisplayText,
  isCodeError,
  type LinearCode,
  prepareCode,
} from "../../codes";
import { effectiveFontSize, layoutLinear } from "../../codes/layout";
import { localAxes } from "../../codes/snap";
import type { BarcodeElement } from "../../model/types";
import type { ElementKind, RenderContext } from "../kind";
import { codeFragment, placeholder } from "./svg";

function request(el: BarcodeElement, ctx: RenderContext): CodeRequest & { kind: "barcode" } {
  return { kind: "barcode", type: el.BarCodeType, data: ctx.value ?? el.Data };
}

export const barcodeKind: ElementKind<BarcodeElement> = {
  type: "Barcode",
  async prepare(el, ctx) {
    await prepareCode(request(el, ctx));
  },
  render(el, ctx) {
    const req = request(el, ctx);
    let code: LinearCode;
    try {
      code = encodeCode(req);
    } catch (e) {
      if (!isCodeError(e)) throw e;
      return placeholder(
        el.Width,
        el.Height,
        errorDisplayText(el.BarCodeType, req.data),
        e.key,
        e.detail,
        el.FontFamily,
      );
    }
    const print = ctx.target === "print" && ctx.dpi ? ctx.dpi : undefined;
    const layout = layoutLinear(code, {
      width: el.Width,
      height: el.Height,
      position: el.BarcodeNumPosition,
      fontSize: effectiveFontSize(el.BarCodeType, el.FontSize),
      align: el.TextAlign,
      quietInside: el.AntiMirror,
      dpi: print,
      axes: print
        ? localAxes(el.StartX, el.StartY, el.Width, el.Height, el.Rotate, el.MirrorImage)
        : undefined,
    });
    return codeFragment(layout, el.Width, el.Height, el.AntiMirror, el.FontFamily, ctx.fonts);
  },
};
