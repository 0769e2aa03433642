// The field being built between a field origin (^FO / ^FT) and its ^FS, and the small readers of
// command parameters the interpreter shares.
import { isRtlParagraph } from "../render/text/bidi";
import type { CodeField } from "./codes";
import type { ZplFont } from "./fonts";
import type { SerialMask } from "./serialMask";

export interface Field {
  x: number;
  y: number;
  typeset: boolean;
  /** ^FO / ^FT's justification: 0 left, 1 right (the origin is the field's right end), 2 auto */
  justify: 0 | 1 | 2;
  font: ZplFont | null;
  orientation: string | null;
  /** ^FB: width, most lines, extra space between lines and the later lines' indent in dots, our alignment */
  block: { width: number; lines: number; spacing: number; indent: number; just: 0 | 1 | 2 | 3 } | null;
  reverse: boolean;
  hex: string | null;
  code: CodeField | null;
  data: string | null;
  /** ^SN: the data counts by this much from one printed copy to the next */
  serial: number | null;
  /** ^SF: the mask its data counts by on each printed copy */
  mask: SerialMask | null;
}

export const newField = (): Field => ({
  x: 0,
  y: 0,
  typeset: false,
  justify: 0,
  font: null,
  orientation: null,
  block: null,
  reverse: false,
  hex: null,
  code: null,
  data: null,
  serial: null,
  mask: null,
});

/** A number parameter, or `d` when it is missing or not a number. */
/**
 * Is the field's origin its right end? Justification 1, or 2 (auto: "by the script", ZPL II guide)
 * for a text that runs right to left, by the render path's own bidi reading of the paragraph.
 */
export const rightJustified = (field: Field, text: string): boolean =>
  field.justify === 1 || (field.justify === 2 && !field.code && isRtlParagraph(text));

export const num = (s: string | undefined, d: number): number => {
  const n = Number.parseFloat((s ?? "").trim());
  return Number.isFinite(n) ? n : d;
};

const ORIENT: Readonly<Record<string, 0 | 90 | 180 | 270>> = { N: 0, R: 90, I: 180, B: 270 };
/** ^FB justification → our text alignment (centre 0, start 1, end 2, justify 3) */
export const JUSTIFY: Readonly<Record<string, 0 | 1 | 2 | 3>> = { L: 1, C: 0, R: 2, J: 3 };

/** A field's orientation (N R I B), else the ^FW default, as a rotation in degrees. */
export const rotationOf = (o: string | null, fw: string): 0 | 90 | 180 | 270 =>
  ORIENT[(o || fw).toUpperCase().slice(0, 1)] ?? 0;
