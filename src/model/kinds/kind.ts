// What an element kind is, without React or the DOM: its defaults, its part of the label file, its
// resize handles, minimum size and resize rules, and which of its fields a multi-selection can set.
// One definition per kind in this folder (`<kind>.ts`), listed once in `index.ts`; the kind's UI
// (render, panel, palette icon) is in `src/elements/<kind>/`. See docs/elements.md "How to add a kind".
import type { XmlNode } from "../file/xml";
import type { Point } from "../geometry";
import type { LabelElement, TextElement, TimeTextElement } from "../types";

/** Box handles by compass point, plus the two end points of a line. */
export type Handle = "nw" | "n" | "ne" | "e" | "se" | "s" | "sw" | "w" | "start" | "end";
export const BOX_HANDLES: readonly Handle[] = ["nw", "n", "ne", "e", "se", "s", "sw", "w"];
export const CORNERS: readonly Handle[] = ["nw", "ne", "se", "sw"];

/** Where and how big a new element is; everything in mm. */
export interface Placement {
  x: number;
  y: number;
  width?: number;
  height?: number;
  /** the canvas zoom multiple at creation (new sizes are divided by it) */
  multiple?: number;
}

/** The text style fields a multi-selection can set, shared by every text-like kind. */
export const TEXT_STYLE_FIELDS = [
  "FontFamily",
  "FontSize",
  "Bold",
  "Italic",
  "UnderLine",
  "DeleteLine",
  "TextAlign",
  "TextArrange",
  "LineHeight",
  "LetterSpacing",
] as const;

/** Fields the multi-selection panel can show, in display order. */
export const SHARED_FIELDS = [
  ...TEXT_STYLE_FIELDS,
  "AntiMirror",
  "PenWidth",
  "Dash",
  "Fill",
  "CornerRadius",
  "ISParticipating",
  "imageDisplayMode",
] as const;
export type SharedField = (typeof SHARED_FIELDS)[number];

export type AnyRecord = Record<string, unknown>;

/**
 * What a kind is and can do: the questions the rest of the code asks (through caps.ts) instead of
 * testing an element's Type. Every kind answers every one.
 */
export interface KindCaps {
  /** Shows its own Data (a text or a code's content), so it may differ per record. */
  readonly content: boolean;
  /** Takes its value from its DataSourceList (spreadsheet, sequence, reference, fixed). */
  readonly dataSources: boolean;
  /** Its value is the clock's time. */
  readonly clock: boolean;
  /** Its box fits its text, measured with the font. */
  readonly fitsText: boolean;
  /** Its text is typed on the canvas and in its content field. */
  readonly editableText: boolean;
  /** A code a scanner reads; its box follows its modules. */
  readonly code: boolean;
  /** Holds a grid of cells with their own data. */
  readonly cells: boolean;
  /** Can be given a mirror copy. */
  readonly mirrorable: boolean;
  /** Its box is spanned by two end points. */
  readonly endPoints: boolean;
  /** Shows a picture. */
  readonly picture: boolean;
  /**
   * Which of its types a label printer's own commands can draw (ZPL ^GB / ^BC…, TSPL BOX / BARCODE…)
   * and as what form: src/print/native writes each form, when the element's options allow it.
   */
  readonly printerForms: Readonly<Partial<Record<string, PrinterForm>>>;
}

/** A form label printer languages draw themselves: a box, an ellipse, a straight line, a linear or a 2D code. */
export type PrinterForm = "box" | "ellipse" | "line" | "linear" | "matrix";

/** The capabilities a kind does not have unless it says so. */
export const NO_CAPS: KindCaps = {
  content: false,
  dataSources: false,
  clock: false,
  fitsText: false,
  editableText: false,
  code: false,
  cells: false,
  mirrorable: true,
  endPoints: false,
  picture: false,
  printerForms: {},
};

/** Each kind's name: the key under which src/elements registers its renderers and its UI. */
export type KindName = "text" | "timeText" | "barcode" | "qrcode" | "image" | "shape" | "line" | "table";

/**
 * A kind's entries in the editor's palette (spec §2), in order: each type with the last part of its
 * label's key (`editor.palette.<key>`); a kind with a group shows them in one sub-list of that name.
 */
export interface PaletteSpec<T extends string> {
  readonly group?: "shape";
  readonly items: readonly (readonly [T, string])[];
}

/**
 * What a kind's `normalize` may use that the model cannot compute itself, injected by the editor
 * store: the size a text needs, measured with the shared text layout and the loaded fonts (empty
 * when nothing can be measured yet: the box stays as it is).
 */
export interface KindEnv {
  measureText(el: TextElement | TimeTextElement): { Width?: number; Height?: number };
}

export interface KindModel<E extends LabelElement = LabelElement> {
  /** The kind's name (src/elements keys its renderers and UI by it). */
  readonly name: KindName;
  /** The element types this kind defines (a line kind has three, a shape kind five). */
  readonly types: readonly E["Type"][];
  /** Its palette entries. */
  readonly palette: PaletteSpec<E["Type"]>;
  /** What the kind is and can do (caps.ts asks it). */
  readonly caps: KindCaps;
  /** The <Type> its elements have in the label file when it is not their own Type. */
  readonly fileType?: string;
  /** A new element with the spec's defaults (label-editor.md §9), a fresh id and the next counter name. */
  create(type: E["Type"], elements: readonly LabelElement[], p: Placement, labelWidthMm: number): E;
  /**
   * The kind's fields from its <DrawObject> into `out` (ID, Type, Name and the base fields are read
   * already); `def` is the factory element, the default of every field. Never throws on bad values.
   */
  read(node: XmlNode, def: AnyRecord, out: AnyRecord): void;
  /** The kind's lines of its <DrawObject>, after the base fields (`pad` indents each line). */
  write(out: string[], pad: string, el: E): void;
  /** The handles of an unlocked original (spec §4 "Handles by type"). */
  handles(el: E): readonly Handle[];
  /** The smallest box a resize leaves (spec §5), mm. */
  minSize(el: E): { w: number; h: number };
  /** Whether dragging `handle` scales both sides together. */
  proportional(el: E, handle: Handle): boolean;
  /** The element scaled by s as a whole (proportional resize; default: its box). */
  scaled?(el: E, s: number): E;
  /** The element with a new box size (default: Width and Height). */
  sized?(el: E, w: number, h: number): E;
  /** A resize of its own instead of the box rules (lines); `d` is in the element's own frame. */
  resize?(el: E, handle: Handle, d: Point): E;
  /**
   * The element made consistent after an edit changed `prev` into `next` (a text's box fitted to its
   * text): called by the editor store whenever an op or a resize updates an element; `next` itself
   * when nothing needs to change. Kinds without one keep what the op made.
   */
  normalize?(prev: E, next: E, env: KindEnv): E;
  /** The fields of this type a multi-selection can set (a subset of SHARED_FIELDS). */
  shared(type: E["Type"]): readonly SharedField[];
}
