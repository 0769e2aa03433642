// The QRcode element kind (QR, PDF417, Data Matrix, Aztec, Han Xin): matrix runs as one path.
import { encodeCode, isCodeError, type MatrixCode, prepareCode } from "../../codes";
import { codeFrame, numPosition, textAlign } from "../../codes/frame";
import { layoutMatrix } from "../../codes/layout";
import { hanxinShowsText } from "../../codes/rules";
import { codeRequest, finite } from "../../model/kinds/codeRequest";
import { centreImageHref } from "../../model/kinds/qrcode";
import type { QRCodeElement } from "../../model/types";
import { codeValue } from "../barcode/common";
import { codeFragment, placeholder } from "../barcode/svg";
import type { ElementKind } from "../kind";
import { centreImageSvg } from "./centreImage";

export const qrcodeKind: ElementKind<QRCodeElement> = {
  type: "QRcode",
  async prepare(el, ctx) {
    await prepareCode(codeRequest(el, codeValue(el, ctx)));
  },
  render(el, ctx) {
    const f = codeFrame(el, ctx);
    if (f.width === 0 || f.height === 0) return "";
    let code: MatrixCode;
    try {
      code = encodeCode(codeRequest(el, codeValue(el, ctx))) as MatrixCode;
    } catch (e) {
      if (!isCodeError(e)) throw e;
      return placeholder(f.width, f.height, "", e.key, e.detail, f.family);
    }
    const showsText = hanxinShowsText({
      QrCodeType: finite(el.QrCodeType, 1),
      HanxinVersion: finite(el.HanxinVersion, 0),
    });
    const layout = layoutMatrix(code, {
      width: f.width,
      height: f.height,
      position: showsText ? numPosition(el.BarcodeNumPosition) : 0,
      fontSize: f.fontSize,
      align: textAlign(el.TextAlign),
      quietInside: f.inverse,
      dpi: f.dpi,
      axes: f.axes,
    });
    return (
      codeFragment(layout, f.width, f.height, f.inverse, f.family, ctx.fonts) +
      centreImageSvg(code, layout, centreImageHref(el))
    );
  },
};
