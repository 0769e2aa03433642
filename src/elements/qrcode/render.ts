// The QRcode element kind (QR, PDF417, Data Matrix, Aztec, Han Xin): matrix runs as one path.
import { type CodeRequest, encodeCode, isCodeError, type MatrixCode, prepareCode } from "../../codes";
import { layoutMatrix } from "../../codes/layout";
import { hanxinShowsText } from "../../codes/rules";
import { localAxes } from "../../codes/snap";
import type { QRCodeElement } from "../../model/types";
import { codeFragment, placeholder } from "../barcode/svg";
import type { ElementKind, RenderContext } from "../kind";

function request(el: QRCodeElement, ctx: RenderContext): CodeRequest & { kind: "qrcode" } {
  return {
    kind: "qrcode",
    type: el.QrCodeType,
    data: ctx.value ?? el.Data,
    ecLevel: el.ErrorCorrectionLevel,
    version: el.HanxinVersion,
    encoding: el.Encoding,
  };
}

export const qrcodeKind: ElementKind<QRCodeElement> = {
  type: "QRcode",
  async prepare(el, ctx) {
    await prepareCode(request(el, ctx));
  },
  render(el, ctx) {
    const req = request(el, ctx);
    let code: MatrixCode;
    try {
      code = encodeCode(req);
    } catch (e) {
      if (!isCodeError(e)) throw e;
      return placeholder(el.Width, el.Height, "", e.key, e.detail, el.FontFamily);
    }
    const print = ctx.target === "print" && ctx.dpi ? ctx.dpi : undefined;
    const layout = layoutMatrix(code, {
      width: el.Width,
      height: el.Height,
      position: hanxinShowsText(el) ? el.BarcodeNumPosition : 0,
      fontSize: el.FontSize,
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
