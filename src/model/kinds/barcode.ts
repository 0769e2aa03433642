// Barcode: a linear symbology with its human-readable line; keep-proportion shows one corner handle.
import { BARCODE_HEIGHT } from "../constants";
import { oneOf } from "../file/codecs";
import { CODE_FLAG_FIELDS, CODE_FONT_FIELDS, c, f, NUM_POSITION, TEXT_ALIGN } from "../file/fields";
import { readDataBound, readFields, readFont } from "../file/readParts";
import { fields, font, sources, tag } from "../file/writeParts";
import type { BarcodeElement } from "../types";
import { BOX_HANDLES, type KindModel, NO_CAPS } from "./kind";
import { baseElement, boxKind, codeContent } from "./parts";

/** The symbologies a file may name (spec §3, 1 Code128 … 28 ITF-14). */
export const BARCODE_TYPES = [
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 18, 20, 21, 23, 25, 26, 27, 28,
] as const;

export const BARCODE_FIELDS = [
  f("BarCodeType", "BarCodeType", c(oneOf(BARCODE_TYPES))),
  f("BarcodeNumPosition", "BarcodeNumPosition", c(NUM_POSITION)),
  f("TextAlign", "BarcodeTextAlign", c(TEXT_ALIGN)),
  ...CODE_FLAG_FIELDS,
];

export const barcodeModel: KindModel<BarcodeElement> = boxKind<BarcodeElement>({
  name: "barcode",
  types: ["Barcode"],
  palette: { items: [["Barcode", "barcode"]] },
  caps: { ...NO_CAPS, content: true, dataSources: true, code: true, printerForms: { Barcode: "linear" } },
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
