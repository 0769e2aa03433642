// The ZPL interpreter: commands → one label document per ^XA…^XZ format, in dots converted to mm
// at the file's resolution. Synchronous and DOM-free; sizes that need the fonts or the code encoders
// (a text's width, a code's module count) are first estimates here and made exact by `finish.ts`,
// which also places each element from its anchor once its size is known.

import { MAX_LABEL_HEIGHT_MM, MAX_LABEL_WIDTH_MM } from "../model/constants";
import { defaultLabelAttrs } from "../model/defaults";
import { createElement } from "../model/kinds";
import { boundTo } from "../model/kinds/parts";
import type { LabelDocument, LabelElement } from "../model/types";
import { CODE_COMMANDS, type CodeField, codeContent, codeFieldOf, qrLevelOf } from "./codes";
import { decodeField, knownCi } from "./fieldData";
import { ourFont, type ZplFont } from "./fonts";
import { type DotBitmap, decodeGraphic, graphicShape } from "./graphic";
import { imageElement } from "./image";
import {
  ZPL_DEFAULT_DPI,
  ZPL_MAX_BYTES,
  ZPL_MAX_FIELDS,
  ZPL_MAX_GRAPHIC_BYTES,
  ZPL_MAX_LABELS,
  ZplError,
} from "./limits";
import { type Anchor, placed } from "./place";
import { expandStored, objectName } from "./stored";
import { byteString, tokenize } from "./tokens";

export type { Anchor } from "./place";

/** What `finish` needs to size a code exactly: its ZPL sizes in dots. */
export interface CodeSizing extends CodeField {
  readonly dpi: number;
}

export interface ZplLabel {
  readonly doc: LabelDocument;
  /** element id → where ZPL put it */
  readonly anchors: ReadonlyMap<string, Anchor>;
  /** code element id → its ZPL sizes */
  readonly codes: ReadonlyMap<string, CodeSizing>;
  /** how many the printer would print (^PQ) */
  readonly copies: number;
}

export interface ZplUnknown {
  /** as written, e.g. "^MU", "~JR", or a variant we do not draw ("^GB W") */
  readonly command: string;
  readonly count: number;
}

export interface ZplParse {
  readonly labels: readonly ZplLabel[];
  readonly unknown: readonly ZplUnknown[];
  readonly dpi: number;
}

export interface ZplOptions {
  /** dots per inch of the printer the file was made for (default 203) */
  readonly dpi?: number;
  /** the labels' name (a file's base name); several labels are numbered */
  readonly name?: string;
}

/** Settings that change how the printer runs, not what a label shows: read and left out. */
const SETTINGS = new Set([
  "XA",
  "XZ",
  "FX",
  "PR",
  "MD",
  "SD",
  "MN",
  "MT",
  "MM",
  "JU",
  "JZ",
  "TA",
  "JS",
  "ML",
  "MF",
  "CC",
  "CT",
  "CD",
  "PM",
  "JM",
  "LR",
  "FS",
  "XB",
  "JB",
  "IS",
  "ID",
  "JA",
  "FN",
  // the host's status query, answered by a printer (the assistant's virtual printer does)
  "HS",
]);

const ORIENT: Readonly<Record<string, 0 | 90 | 180 | 270>> = { N: 0, R: 90, I: 180, B: 270 };
const JUSTIFY: Readonly<Record<string, 0 | 1 | 2 | 3>> = { L: 1, C: 0, R: 2, J: 3 };

const num = (s: string | undefined, d: number): number => {
  const n = Number.parseFloat((s ?? "").trim());
  return Number.isFinite(n) ? n : d;
};

interface Field {
  x: number;
  y: number;
  typeset: boolean;
  font: ZplFont | null;
  orientation: string | null;
  block: { width: number; just: 0 | 1 | 2 | 3 } | null;
  reverse: boolean;
  hex: string | null;
  code: CodeField | null;
  data: string | null;
}

const newField = (): Field => ({
  x: 0,
  y: 0,
  typeset: false,
  font: null,
  orientation: null,
  block: null,
  reverse: false,
  hex: null,
  code: null,
  data: null,
});

/** A stored graphic's name: "R:LOGO.GRF" and "LOGO" are the same graphic. */
const graphicName = (s: string) => objectName(s, "GRF");

export function interpretZpl(bytes: Uint8Array, opts: ZplOptions = {}): ZplParse {
  if (bytes.length > ZPL_MAX_BYTES)
    throw new ZplError("zpl.error.tooLarge", { limit: Math.round(ZPL_MAX_BYTES / 1024 / 1024) });
  const dpi = opts.dpi ?? ZPL_DEFAULT_DPI;
  const mm = (dots: number) => (dots * 25.4) / dpi;
  const unknown = new Map<string, number>();
  const note = (command: string) => unknown.set(command, (unknown.get(command) ?? 0) + 1);
  const labels: ZplLabel[] = [];
  const stored = new Map<string, DotBitmap>();
  let graphicBytes = 0;

  // settings that last from one format to the next, as on a printer
  let pw = 0;
  let ll = 0;
  let lh = { x: 0, y: 0 };
  let shift = { x: 0, y: 0 };
  let cf: ZplFont = { name: "0", height: 9, width: 0 };
  let fw = "N";
  let by = { module: 2, height: 10 };
  let ci = 0;

  let inFormat = false;
  // the format is stored (^DF), not printed; the copies it prints (^PQ)
  let storing = false;
  let copies = 1;
  let els: LabelElement[] = [];
  let anchors = new Map<string, Anchor>();
  let codes = new Map<string, CodeSizing>();
  let field = newField();

  const countGraphic = (n: number) => {
    graphicBytes += n;
    if (graphicBytes > ZPL_MAX_GRAPHIC_BYTES)
      throw new ZplError("zpl.error.graphicTooLarge", { megadots: (ZPL_MAX_GRAPHIC_BYTES * 8) / 1e6 });
  };
  // placed at once with the estimated size (finish.ts places again once the size is exact)
  const add = (el: LabelElement, typeset = field.typeset, code?: CodeSizing) => {
    if (els.length >= ZPL_MAX_FIELDS) throw new ZplError("zpl.error.tooManyFields", { max: ZPL_MAX_FIELDS });
    const anchor = { x: mm(field.x), y: mm(field.y), typeset };
    els.push(placed(el, anchor, code));
    anchors.set(el.Id, anchor);
  };
  const rotation = (o: string | null) => ORIENT[(o || fw).toUpperCase().slice(0, 1)] ?? 0;

  const endFormat = () => {
    if (!inFormat) return;
    inFormat = false;
    if (storing) {
      storing = false;
      return;
    }
    if (labels.length >= ZPL_MAX_LABELS)
      throw new ZplError("zpl.error.tooManyLabels", { max: ZPL_MAX_LABELS });
    const extent = (pick: (el: LabelElement) => number) => els.reduce((m, el) => Math.max(m, pick(el)), 0);
    // a format without ^PW/^LL is a 4 × 6 inch label, or as large as its elements reach
    const width =
      pw > 0
        ? mm(pw)
        : Math.max(
            101.6,
            extent((el) => el.StartX + el.Width),
          );
    const height =
      ll > 0
        ? mm(ll)
        : Math.max(
            152.4,
            extent((el) => el.StartY + el.Height),
          );
    const attrs = defaultLabelAttrs({
      name: opts.name || "ZPL",
      width: Math.min(MAX_LABEL_WIDTH_MM, round(width)),
      height: Math.min(MAX_LABEL_HEIGHT_MM, round(height)),
      targetDpi: dpi === 300 || dpi === 600 ? dpi : 203,
    });
    labels.push({ doc: { attrs, elements: els }, anchors, codes, copies });
    els = [];
    anchors = new Map();
    codes = new Map();
  };

  const textElement = (text: string) => {
    const f = ourFont(field.font ?? cf, dpi);
    const fontMm = mm(f.heightDots);
    const base = createElement("Text", els, { x: 0, y: 0 });
    const blockMm = field.block ? mm(field.block.width) : 0;
    const el: LabelElement = {
      ...base,
      ...boundTo(text),
      FontFamily: f.family,
      Bold: f.bold,
      FontSize: Math.min(100, Math.max(1, Math.round(((fontMm * 72) / 25.4) * 2) / 2)),
      Rotate: rotation(field.orientation),
      AntiMirror: field.reverse,
      TextAutoLine: field.block !== null,
      BoxWidth: field.block ? blockMm : base.BoxWidth,
      TextAlign: field.block ? field.block.just : 1,
      // estimates until finish.ts measures the text with its font
      Width: field.block ? blockMm : Math.max(1, text.length * fontMm * 0.55),
      Height: fontMm * 1.1,
    };
    add(el);
  };

  const codeElement = (code: CodeField, text: string) => {
    const { type, data } = codeContent(code, text);
    const rotate = rotation(code.orientation);
    const sizing: CodeSizing = { ...code, dpi };
    if (code.kind === "barcode") {
      const base = createElement("Barcode", els, { x: 0, y: 0 });
      const el: LabelElement = {
        ...base,
        ...boundTo(data),
        BarCodeType: type,
        BarcodeNumPosition: code.hri,
        Rotate: rotate,
        AntiMirror: field.reverse,
        Height: mm(code.height),
      };
      add(el, field.typeset, sizing);
    } else {
      const base = createElement("QRcode", els, { x: 0, y: 0 });
      const level = type === 1 ? (qrLevelOf(text) ?? code.ecLevel) : code.ecLevel;
      const el: LabelElement = {
        ...base,
        ...boundTo(data),
        QrCodeType: type,
        ErrorCorrectionLevel: level ?? base.ErrorCorrectionLevel,
        BarcodeNumPosition: 0,
        Rotate: rotate,
        AntiMirror: field.reverse,
      };
      add(el, field.typeset, sizing);
    }
    codes.set(els[els.length - 1].Id, sizing);
  };

  /** A box, line or ellipse of ZPL's graphic commands: solid when the border fills it. */
  const shapeElement = (
    type: "Rectangle" | "RoundRectangle" | "Ellipse",
    w: number,
    h: number,
    t: number,
    radius = 0,
  ) => {
    const solid = t * 2 >= Math.min(w, h);
    const base = createElement(type, els, { x: 0, y: 0, width: mm(w), height: mm(h) });
    add(
      {
        ...base,
        Fill: solid,
        PenWidth: solid ? 0 : mm(t),
        CornerRadius: mm(radius),
      } as LabelElement,
      false,
    );
  };

  const graphicAt = (bitmap: DotBitmap, mag = 1) => {
    const base = createElement("Image", els, { x: 0, y: 0 });
    add(imageElement(base, bitmap, mm(1) * mag), false);
  };

  const text = byteString(bytes);
  for (const cmd of expandStored(tokenize(text))) {
    const p = cmd.params.split(",");
    const n = cmd.name;
    if (n === "XA") {
      if (!inFormat) {
        inFormat = true;
        field = newField();
        lh = { x: 0, y: 0 };
        copies = 1;
      }
      continue;
    }
    if (n === "XZ") {
      endFormat();
      continue;
    }
    if (cmd.prefix === "~" && n === "DG") {
      // ~DGname,total bytes,bytes per row,data
      const [name, total, bpr] = p;
      const data = p.slice(3).join(",");
      const { rows, bpr: b } = graphicShape(num(total, 0), num(bpr, 0));
      countGraphic(rows * b);
      stored.set(graphicName(name), decodeGraphic("A", data, num(total, 0), b).bitmap);
      continue;
    }
    switch (n) {
      case "FO":
      case "FT":
        field.x = num(p[0], 0) + lh.x + shift.x;
        field.y = num(p[1], 0) + lh.y + shift.y;
        field.typeset = n === "FT";
        break;
      case "LH":
        lh = { x: num(p[0], 0), y: num(p[1], 0) };
        break;
      case "LS":
        shift = { x: num(p[0], 0), y: shift.y };
        break;
      case "LT":
        shift = { x: shift.x, y: num(p[0], 0) };
        break;
      case "PW":
        pw = Math.max(0, num(p[0], 0));
        break;
      case "LL":
        ll = Math.max(0, num(p[0], 0));
        break;
      case "FW":
        fw = (p[0] || "N").trim().toUpperCase().slice(0, 1) || "N";
        break;
      case "CF": {
        const h = num(p[1], cf.height);
        cf = { name: (p[0] || cf.name).trim().slice(0, 1) || cf.name, height: h, width: num(p[2], 0) };
        break;
      }
      case "A": {
        // ^Afo,h,w: the font letter, then its orientation at once
        const font = cmd.params.slice(0, 1).toUpperCase();
        const rest = cmd.params.slice(1).split(",");
        field.font = { name: font || "0", height: num(rest[1], cf.height), width: num(rest[2], 0) };
        field.orientation = rest[0]?.trim() || null;
        break;
      }
      case "A@":
        // ^A@o,h,w,d:name.TTF: a downloaded font, drawn in our scalable face
        field.font = { name: "@", height: num(p[1], cf.height), width: num(p[2], 0) };
        field.orientation = p[0]?.trim() || null;
        break;
      case "FB": {
        const just = (p[3] || "L").trim().toUpperCase().slice(0, 1);
        field.block = { width: Math.max(1, num(p[0], 0)), just: JUSTIFY[just] ?? 1 };
        break;
      }
      case "FR":
        field.reverse = true;
        break;
      case "FH":
        field.hex = (cmd.params.trim() || "_").slice(0, 1);
        break;
      case "CI": {
        const v = num(p[0], 0);
        if (knownCi(v)) ci = v;
        else note(`^CI${p[0]?.trim()}`);
        break;
      }
      case "BY":
        by = { module: Math.max(1, Math.min(10, num(p[0], by.module))), height: num(p[2], by.height) };
        break;
      case "FD":
      case "FV":
        // the data keeps its commas: the whole text up to the next command
        field.data = cmd.params;
        break;
      case "FS":
        if (inFormat && field.data !== null) {
          const value = decodeField(field.data, field.hex, ci);
          if (field.code) codeElement(field.code, value);
          else textElement(value);
        }
        field = newField();
        break;
      case "GB": {
        const t = Math.max(1, num(p[2], 1));
        const w = Math.max(t, num(p[0], t));
        const h = Math.max(t, num(p[1], t));
        if ((p[3] || "B").trim().toUpperCase() === "W") {
          note("^GB W");
          break;
        }
        const r = Math.max(0, Math.min(8, num(p[4], 0)));
        if (r === 0 && (w === t) !== (h === t)) {
          // a box one border thick is a line: horizontal or vertical, its pen the thickness
          const type = h === t ? "LineHorizontal" : "LineVertical";
          const len = mm(h === t ? w : h);
          const base = createElement(type, els, {
            x: 0,
            y: 0,
            width: h === t ? len : 0,
            height: h === t ? 0 : len,
          });
          add({ ...base, PenWidth: mm(t) }, false);
          break;
        }
        shapeElement(r > 0 ? "RoundRectangle" : "Rectangle", w, h, t, (r / 8) * (Math.min(w, h) / 2));
        break;
      }
      case "GC": {
        const d = Math.max(3, num(p[0], 3));
        shapeElement("Ellipse", d, d, Math.max(1, num(p[1], 1)));
        break;
      }
      case "GE": {
        const t = Math.max(1, num(p[2], 1));
        shapeElement("Ellipse", Math.max(t, num(p[0], t)), Math.max(t, num(p[1], t)), t);
        break;
      }
      case "GD": {
        // ^GDw,h,t,c,o: a diagonal; R leans right (bottom left to top right), L the other way
        const t = Math.max(1, num(p[2], 1));
        const w = Math.max(t, num(p[0], t));
        const h = Math.max(t, num(p[1], t));
        const right = (p[4] || "R").trim().toUpperCase() !== "L";
        const base = createElement("Line", els, { x: 0, y: 0, width: mm(w), height: mm(h) });
        add(
          { ...base, PenWidth: mm(t), LineDirection: right ? "RightLine" : "LeftLine" } as LabelElement,
          false,
        );
        break;
      }
      case "GF": {
        // ^GFa,b,c,d,data: format, data bytes, graphic bytes, bytes per row
        const format = (p[0] || "A").trim().toUpperCase();
        if (format === "C") {
          note("^GF C");
          break;
        }
        const total = num(p[2], 0);
        const { rows, bpr } = graphicShape(total, num(p[3], 0));
        countGraphic(rows * bpr);
        const head = cmd.params.split(",", 4).join(",").length + 1;
        const g = decodeGraphic(format, cmd.params.slice(head), total, bpr);
        if (!g.crcOk) note("^GF CRC");
        if (inFormat) graphicAt(g.bitmap);
        break;
      }
      case "XG": {
        const g = stored.get(graphicName(p[0] ?? ""));
        if (!g) {
          note("^XG ?");
          break;
        }
        if (inFormat) graphicAt(g, Math.max(1, Math.min(10, num(p[1], 1))));
        break;
      }
      case "PQ":
        copies = Math.max(1, Math.floor(num(p[0], 1)));
        break;
      case "DF":
        if (inFormat) storing = true;
        break;
      case "XF":
        // a recall of a format the file never stored (stored.ts plays back the others)
        note("^XF ?");
        break;
      case "PO":
        if ((p[0] || "N").trim().toUpperCase() !== "N") note("^PO I");
        break;
      default:
        if (CODE_COMMANDS.has(n)) field.code = codeFieldOf(n, cmd.params, by, fw);
        else if (!SETTINGS.has(n)) note(`${cmd.prefix}${n}`);
    }
  }
  // a last format without its ^XZ still shows what it drew
  if (inFormat && els.length) endFormat();
  if (labels.length === 0) throw new ZplError("zpl.error.noLabel");
  return {
    // several labels are numbered after the file: "invoice 1", "invoice 2"…
    labels:
      labels.length === 1
        ? labels
        : labels.map((l, i) => ({
            ...l,
            doc: { ...l.doc, attrs: { ...l.doc.attrs, name: `${l.doc.attrs.name} ${i + 1}` } },
          })),
    unknown: [...unknown].map(([command, count]) => ({ command, count })),
    dpi,
  };
}

const round = (v: number) => Math.round(v * 100) / 100;
