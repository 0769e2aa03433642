// Text: a data-bound text box. It sizes itself from its content unless auto-line is on; its corner
// handles scale the font (spec §4).
import { clamp } from "../bounds";
import { NEW_TEXT_FONT_SIZE, TEXT_HEIGHT_FACTOR } from "../constants";
import { defaultTextStyle } from "../defaults";
import { num, str } from "../file/codecs";
import { c, FONT_FIELDS, f, TEXT_STYLE_FIELDS as TEXT_STYLE_TAGS } from "../file/fields";
import { readDataBound, readFields, readFont } from "../file/readParts";
import { fields, font, type Out, sources, tag } from "../file/writeParts";
import type { XmlNode } from "../file/xml";
import type { LabelElement, TextElement, TimeTextElement } from "../types";
import { ptToMm } from "../units";
import {
  type AnyRecord,
  CORNERS,
  type Handle,
  type KindEnv,
  type KindModel,
  NO_CAPS,
  type Placement,
  type SharedField,
  TEXT_STYLE_FIELDS,
} from "./kind";
import { baseElement, boundTo, MIN_BOX } from "./parts";

export const TEXT_FIELDS = [
  f("BoxWidth", "BoxWidth", c(num("BoxWidth"))),
  f("TextPrefix", "TextPrefix", c(str)),
  f("TextSuffix", "TextSuffix", c(str)),
];

type TextLike = TextElement | TimeTextElement;

/** Fields whose change leaves a text's lines as they were: no new measure. */
const PLACEMENT_ONLY = new Set(["StartX", "StartY", "Rotate", "Lock", "Name"]);

/**
 * A text's box fitted to its text after an edit changed its content, style or box width (spec §4:
 * content and style changes recompute the size); moves, turns and renames keep the box.
 */
export function normalizeText<E extends TextLike>(prev: E, next: E, env: KindEnv): E {
  if (prev === next) return next;
  const a = prev as unknown as AnyRecord;
  const b = next as unknown as AnyRecord;
  if (!Object.keys(b).some((k) => !PLACEMENT_ONLY.has(k) && a[k] !== b[k])) return next;
  const size = env.measureText(next);
  const w = size.Width ?? next.Width;
  const h = size.Height ?? next.Height;
  return w === next.Width && h === next.Height ? next : { ...next, Width: w, Height: h };
}

/** The fields a multi-selection of texts can set. */
export const TEXT_SHARED: readonly SharedField[] = [...TEXT_STYLE_FIELDS, "AntiMirror"];

export function createText(els: readonly LabelElement[], p: Placement): TextElement {
  const fontSize = Math.round((NEW_TEXT_FONT_SIZE / (p.multiple ?? 1)) * 2) / 2;
  return {
    ...baseElement("Text", els, p, 30, 8),
    ...defaultTextStyle({ FontSize: Math.max(1, Math.min(100, fontSize)) }),
    Type: "Text",
    ...boundTo(""),
    TextAutoLine: false,
    BoxWidth: 30,
    TextPrefix: "",
    TextSuffix: "",
  };
}

export function readText(node: XmlNode, def: AnyRecord, out: AnyRecord): void {
  readDataBound(node, def, out);
  readFont(node, FONT_FIELDS, def, out);
  readFields(node, TEXT_STYLE_TAGS, def, out);
  // BoxWidth is ours (the spec's element record has none): a file without it wraps at its own box,
  // the length its lines align in (Height for vertical text), never at the 30 mm of a new text.
  const box = out.TextArrange === 1 ? out.Height : out.Width;
  readFields(node, TEXT_FIELDS, { ...def, BoxWidth: clamp("BoxWidth", box, def.BoxWidth as number) }, out);
}

/** Data, font, style and box fields, then `middle` (TimeText's own), then the sources. */
export function writeText(out: Out, p: string, el: TextLike, middle?: () => void): void {
  tag(out, p, "Data", el.Data);
  font(out, p, el, FONT_FIELDS);
  fields(out, p, el, TEXT_STYLE_TAGS);
  fields(out, p, el, TEXT_FIELDS);
  middle?.();
  sources(out, p, el);
}

/**
 * The box width a text wraps at once "wrap lines" is turned on: its one-line width, but no wider than
 * the label leaves it to the right of where it starts, so a line longer than the label wraps inside
 * it at once. (Vertical or turned texts keep their width: their room is not along the label's width.)
 */
export function wrapStartWidth(el: TextLike, labelWidth: number): number {
  if (el.TextArrange === 1 || (el.Rotate !== 0 && el.Rotate !== 180)) return el.Width;
  return clamp("BoxWidth", Math.min(el.Width, Math.max(labelWidth - el.StartX, MIN_BOX)));
}

/** Resize rules of text and time text (spec §4, §5). */
export const textResize = {
  // text sizes itself from its content unless auto-line is on; corners scale the font
  handles: (el: TextLike): readonly Handle[] => (el.TextAutoLine ? [...CORNERS, "e", "w"] : []),
  minSize: (el: TextLike) => ({ w: MIN_BOX, h: ptToMm(el.FontSize) * TEXT_HEIGHT_FACTOR }),
  proportional: (_el: TextLike, handle: Handle) => CORNERS.includes(handle),
  /** Corner handles scale the font size (1..100 pt, 1 decimal) and the box with it. */
  scaled<E extends TextLike>(el: E, s: number): E {
    const FontSize = clamp("FontSize", el.FontSize * s);
    const k = FontSize / el.FontSize;
    return {
      ...el,
      FontSize,
      Width: el.Width * k,
      Height: el.Height * k,
      BoxWidth: clamp("BoxWidth", el.BoxWidth * k),
    };
  },
  sized: <E extends TextLike>(el: E, w: number, h: number): E => ({
    ...el,
    Width: w,
    Height: h,
    BoxWidth: clamp("BoxWidth", w),
  }),
};

export const textModel: KindModel<TextElement> = {
  name: "text",
  types: ["Text"],
  palette: { items: [["Text", "text"]] },
  caps: { ...NO_CAPS, content: true, dataSources: true, fitsText: true, editableText: true },
  normalize: normalizeText,
  create: (_type, els, p) => createText(els, p),
  read: readText,
  write: (out, p, el) => writeText(out, p, el),
  ...textResize,
  shared: () => TEXT_SHARED,
};
