// TSPL's TEXT as a ZPL text field, in the order of TSC's manual:
//   TEXT x,y,"font",rotation,x-multiplication,y-multiplication,[alignment,]"content"
// x,y is the text's top left. Font "0" and a downloaded TrueType font ("NAME.TTF") are scalable,
// their multiplications a size in points; the built-in bitmap fonts "1"–"8" are cells of fixed
// dots, multiplied (drawn in font 0 at the cell's height: our printer-font stand-in). A TrueType
// font's top we take at its ascent above the baseline (the manual does not say). Alignment 2
// centres the text on x, 3 ends it at x: a one-line ^FB about that point, as wide as the label allows.
// A turned text (rotation 90, 180, 270) turns about (x,y) (turn.ts): its baseline start is its
// ascent below (x,y), turned; a TrueType font's ascent is its own, font "0" and the bitmap fonts'
// our ZPL reader's share of the height (place.ts), so a turned text sits where the upright one
// would, turned. A turned text aligned 2 or 3 is not drawn (listed).
import { trueTypeOf } from "../export/pdf/trueType";
import { zplEscaped } from "../print/native/zpl";
import { ASCENT } from "../zpl/place";
import { turnedAt } from "./turn";

/** The bitmap fonts' cells (width × height dots, TSC's manual). */
const CELLS: Readonly<Record<string, readonly [number, number]>> = {
  "1": [8, 12],
  "2": [12, 20],
  "3": [16, 24],
  "4": [24, 32],
  "5": [32, 48],
  "6": [14, 19],
  "7": [21, 27],
  "8": [14, 25],
};

export interface TextContext {
  readonly dpi: number;
  /** the label's width in dots */
  readonly width: number;
  /** the job's downloaded files by name */
  readonly files: ReadonlyMap<string, Uint8Array>;
  /** a downloaded font a TEXT used: the caller sends it as ~DY before the label */
  readonly fontUsed: (name: string, file: Uint8Array) => void;
}

const int = (p: string | undefined) => (/^-?\d+$/.test((p ?? "").trim()) ? Number(p) : Number.NaN);

/** The field of `TEXT` whose content is `text` (already decoded), or null: not drawn (unknown font, turned and aligned). */
export function textField(p: readonly string[], text: string, ctx: TextContext): string | null {
  const [x, y, turn, xm, ym] = [0, 1, 3, 4, 5].map((k) => int(p[k]));
  const font = (p[2] ?? "").replaceAll('"', "");
  if (Number.isNaN(x) || Number.isNaN(y) || ![0, 90, 180, 270].includes(turn) || !(xm > 0) || !(ym > 0))
    return null;
  const align = p.length > 7 ? int(p[6]) : 1;
  if (turn !== 0) return align === 2 || align === 3 ? null : turnedText(x, y, turn, font, xm, ym, text, ctx);
  const half = Math.max(1, Math.min(x, ctx.width - x));
  const left = align === 2 ? x - half : align === 3 ? 0 : x;
  const block = align === 2 ? `^FB${half * 2},1,0,C` : align === 3 ? `^FB${Math.max(1, x)},1,0,R` : "";
  const data = `^CI28^FH^FD${zplEscaped(text)}^FS`;
  const file = ctx.files.get(font);
  if (file && /\.TTF$/i.test(font)) {
    const face = trueTypeOf(file.buffer.slice(file.byteOffset, file.byteOffset + file.length) as ArrayBuffer);
    const size = (ym * ctx.dpi) / 72;
    const baseline = y + Math.round((face.ascent / face.unitsPerEm) * size);
    const em = Math.round(size);
    ctx.fontUsed(font, file);
    return `^FT${left},${baseline}^A@N,${em},${Math.round((xm * ctx.dpi) / 72)},R:${font}${block}${data}`;
  }
  if (font === "0") {
    const h = Math.round((ym * ctx.dpi) / 72);
    const w = Math.round((xm * ctx.dpi) / 72);
    return `^FO${left},${y}^A0N,${h},${w}${block}${data}`;
  }
  const cell = CELLS[font];
  if (!cell) return null;
  // a cell's own proportions are the font's, not a stretch: the width follows the height
  return `^FO${left},${y}^A0N,${cell[1] * ym},${cell[1] * xm}${block}${data}`;
}

/** A turned TEXT (no alignment): ^FT at its baseline start turned about (x,y), the font turned with it. */
function turnedText(
  x: number,
  y: number,
  deg: number,
  font: string,
  xm: number,
  ym: number,
  text: string,
  ctx: TextContext,
): string | null {
  const data = `^CI28^FH^FD${zplEscaped(text)}^FS`;
  const file = ctx.files.get(font);
  if (file && /\.TTF$/i.test(font)) {
    const face = trueTypeOf(file.buffer.slice(file.byteOffset, file.byteOffset + file.length) as ArrayBuffer);
    const size = (ym * ctx.dpi) / 72;
    const at = turnedAt(x, y, Math.round((face.ascent / face.unitsPerEm) * size), deg);
    ctx.fontUsed(font, file);
    const w = Math.round((xm * ctx.dpi) / 72);
    return `${at.origin}^A@${at.orientation},${Math.round(size)},${w},R:${font}${data}`;
  }
  const cell = CELLS[font];
  if (font !== "0" && !cell) return null;
  const [h, w] = cell
    ? [cell[1] * ym, cell[1] * xm]
    : [Math.round((ym * ctx.dpi) / 72), Math.round((xm * ctx.dpi) / 72)];
  const at = turnedAt(x, y, Math.round(h * ASCENT), deg);
  return `${at.origin}^A0${at.orientation},${h},${w}${data}`;
}
