// Barcode: a linear symbology with its human-readable line; keep-proportion shows one corner handle.
import { BARCODE_HEIGHT } from "../constants";
import { BARCODE_FIELDS, CODE_FONT_FIELDS } from "../file/fields";
import { readDataBound, readFields, readFont } from "../file/readParts";
import { fields, font, sources, tag } from "../file/writeParts";
import type { BarcodeElement } from "../types";
import { BOX_HANDLES, type KindModel } from "./kind";
import { baseElement, boxKind, codeContent } from "./parts";

export const barcodeModel: KindModel<BarcodeElement> = boxKind<BarcodeElement>({
  types: ["Barcode"],
  create: (_type, els, p) => ({
    ...baseElement("Barcode", els, p, 40, BARCODE_HEIGHT + 5),
    Type: "Barcode",
    BarCodeType: 1,
    BarcodeNumPosition: 1,
    ISParticipating: false,
    ...codeContent("123456789012"),
  }),
  read: (node, def, out) => {
    readDataBound(node, def, out);
    readFields(node, BARCODE_FIELDS, def, out);
    readFont(node, CODE_FONT_FIELDS, def, out);
  },
  write: (out, p, el) => {
    tag(out, p, "Data", el.Data);
    fields(out, p, el, BARCODE_FIELDS);
    font(out, p, el, CODE_FONT_FIELDS);
    sources(out, p, el);
  },
  handles: (el) => (el.ISParticipating ? ["se"] : BOX_HANDLES),
  proportional: (el) => el.ISParticipating,
  shared: () => ["ISParticipating"],
});
