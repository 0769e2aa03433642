// QRcode: the 2D codes (QR, PDF417, Data Matrix, Aztec, Han Xin); always scales in proportion from its
// one corner handle.

import { num, oneOf } from "../file/codecs";
import { CODE_FLAG_FIELDS, CODE_FONT_FIELDS, c, f, NUM_POSITION, TEXT_ALIGN } from "../file/fields";
import { loadImage, storeImage } from "../file/image";
import { readQrCorrection, readQrEncoding, writeQrCorrection } from "../file/qr";
import { readDataBound, readFields, readFont } from "../file/readParts";
import { fields, font, sources, tag } from "../file/writeParts";
import { childText } from "../file/xml";
import type { LabelDocument, QRCodeElement } from "../types";
import { safeImageHref } from "./image";
import { type KindModel, NO_CAPS } from "./kind";
import { baseElement, boxKind, codeContent } from "./parts";

/** 1 QR, 2 PDF417, 3 DataMatrix, 4 Aztec, 5 Han Xin; ours: 6 GS1 DataMatrix, 7 GS1 QR, 8 GS1 Digital Link QR. */
export const QR_TYPES = [1, 2, 3, 4, 5, 6, 7, 8] as const;

/** ErrorCorrectionLevel and Encoding are read separately: their rules depend on QrCodeType. */
export const QR_FIELDS = [
  f("QrCodeType", "QrCodeType", c(oneOf(QR_TYPES))),
  f("HanxinVersion", "HanxinVersion", c(num("HanxinVersion"))),
  f("BarcodeNumPosition", "QRcodeTextPosition", c(NUM_POSITION)),
  f("TextAlign", "QRcodeTextAlign", c(TEXT_ALIGN)),
  ...CODE_FLAG_FIELDS,
];

export const qrcodeModel: KindModel<QRCodeElement> = boxKind<QRCodeElement>({
  name: "qrcode",
  types: ["QRcode"],
  palette: { items: [["QRcode", "qrcode"]] },
  caps: { ...NO_CAPS, content: true, dataSources: true, code: true, printerForms: { QRcode: "matrix" } },
  create: (_type, els, p) => ({
    ...baseElement("QRcode", els, p, 20, 20),
    Type: "QRcode",
    QrCodeType: 1,
    ErrorCorrectionLevel: "M",
    HanxinVersion: 0,
    Encoding: "UTF-8",
    BarcodeNumPosition: 0,
    ISParticipating: true,
    ...codeContent("https://example.com"),
  }),
  read: (node, def, out) => {
    readDataBound(node, def, out);
    readFields(node, QR_FIELDS, def, out);
    out.ErrorCorrectionLevel = readQrCorrection(
      out.QrCodeType as number,
      childText(node, "ErrorCorrectionLevel"),
    );
    out.Encoding = readQrEncoding(childText(node, "Encoding"));
    readFont(node, CODE_FONT_FIELDS, def, out);
    // the QR centre image: embedded pictures only (never a URL); no field when the file has none
    const centre = loadImage(childText(node, "CenterImage"), childText(node, "CenterImageFormat"), "");
    if (centre.startsWith("data:")) out.CenterImage = centre;
  },
  write: (out, p, el) => {
    tag(out, p, "Data", el.Data);
    fields(out, p, el, QR_FIELDS);
    tag(out, p, "ErrorCorrectionLevel", writeQrCorrection(el.QrCodeType, el.ErrorCorrectionLevel));
    tag(out, p, "Encoding", el.Encoding);
    font(out, p, el, CODE_FONT_FIELDS);
    sources(out, p, el);
    // the QR centre image (ours, not in older files): written only when there is one
    const centre = storeImage(el.CenterImage ?? "");
    if (centre.data) {
      tag(out, p, "CenterImage", centre.data);
      tag(out, p, "CenterImageFormat", centre.format);
    }
  },
  handles: () => ["se"],
  proportional: () => true,
  shared: () => [],
});

/** The element's centre image as an embeddable data URL, or null (none, not a QR code, unsafe). */
export function centreImageHref(el: Pick<QRCodeElement, "QrCodeType" | "CenterImage">): string | null {
  if (Number(el.QrCodeType) !== 1 || typeof el.CenterImage !== "string" || el.CenterImage === "") return null;
  return safeImageHref(el.CenterImage);
}

/**
 * The document with QR element `id`'s centre image set (a safe data URL) or cleared with "": error
 * correction H with a picture (spec §9); `doc` itself when nothing changes.
 */
export function withCentreImage(doc: LabelDocument, id: string, src: string): LabelDocument {
  let changed = false;
  const elements = doc.elements.map((e) => {
    if (e.Id !== id || e.Type !== "QRcode") return e;
    if ((e.CenterImage ?? "") === src && (src === "" || e.ErrorCorrectionLevel === "H")) return e;
    changed = true;
    // the field may be missing on elements of older documents: set it directly, not as a patch
    return src === "" ? { ...e, CenterImage: "" } : { ...e, CenterImage: src, ErrorCorrectionLevel: "H" };
  });
  return changed ? { ...doc, elements } : doc;
}
