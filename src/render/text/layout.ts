// Text layout from real font metrics: every glyph gets an explicit position, so the text wraps at
// the same place and lands in the same spot in the browser, in our PDF writer and in canvg /
// the export worker's OffscreenCanvas painter.
// Rules (docs/rendering.md): wrapping, alignment 0–4, vertical arrangement, spacing, decorations.
import { PX_PER_MM, TEXT_HEIGHT_FACTOR, VERTICAL_ASCII_WIDTH } from "../../model/constants";
import { ptToMm } from "../../model/units";
import type { Face, FontRegistry } from "../fonts";
import { alignSide, paragraphLevels, visualOrder } from "./bidi";
import { splitWord } from "./breakWord";
import { canBreakBetween, isCombining, isIgnorable, isSpace, isWide } from "./chars";
import type { ShapedGlyph } from "./glyphsAttr";
import { needsShaping, shapeRun, shaperReady } from "./shaper";

/** LetterSpacing and LineHeight are in editor units (canvas px at zoom 1): this many mm each. */
export const SPACING_UNIT_MM = 1 / PX_PER_MM;
/** At most this many characters of one text are laid out: far more than a label can show, and it
 * keeps a hostile 50 MB value from freezing the canvas (the document keeps the full text). */
export const MAX_LAID_OUT_CHARS = 20000;
/** Slant of synthetic italic (tan 12°). */
export const ITALIC_SLANT = 0.2126;
/** Stroke width of synthetic bold, in em. */
export const SYNTHETIC_BOLD_STROKE = 0.04;

export interface TextSpec {
  /** the full text shown (prefix + value + suffix); "\n" starts a new line/column */
  readonly text: string;
  readonly family: string;
  readonly sizePt: number;
  readonly bold?: boolean;
  readonly italic?: boolean;
  readonly underline?: boolean;
  readonly strike?: boolean;
  /** 0 centre, 1 left/top, 2 end, 3 spread, 4 stretch */
  readonly align?: 0 | 1 | 2 | 3 | 4;
  readonly vertical?: boolean;
  /** extra space between lines (columns), editor units */
  readonly lineSpacing?: number;
  /** extra space between characters, editor units */
  readonly letterSpacing?: number;
  /** wrap lines (columns) longer than `wrapWidth` */
  readonly autoLine?: boolean;
  /** mm: maximum line length with autoLine (column length for vertical text) */
  readonly wrapWidth?: number;
  /** mm: box the lines are aligned in along the line direction (default: the longest line) */
  readonly boxLength?: number;
}

export interface PlacedGlyph {
  readonly ch: string;
  /** the character's code point (spaces are never drawn) */
  readonly cp: number;
  /** left edge of the glyph's advance box (mm, block coordinates) */
  readonly x: number;
  /** baseline (mm) */
  readonly y: number;
  readonly face: Face;
  /** a shaped word (`ch` is its logical text): its glyphs in visual order, x is its left edge */
  readonly shaped?: readonly ShapedGlyph[];
}

export interface LayoutLine {
  readonly glyphs: readonly PlacedGlyph[];
  /** glyphs advance naturally one after another (one tspan per font run suffices) */
  readonly natural: boolean;
  /** stretch factor along the line (1 = none), applied about the line start */
  readonly scale: number;
  /** the line's start along its direction: x for horizontal, y (top) for vertical */
  readonly start: number;
  /** length along the line direction before stretching (mm) */
  readonly length: number;
  /** baseline y (horizontal) or column centre x (vertical) */
  readonly axis: number;
}

export interface Decoration {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** index of the line it belongs to (it follows that line's stretch) */
  readonly line: number;
}

export interface TextLayout {
  readonly spec: TextSpec;
  readonly vertical: boolean;
  /** font size in mm */
  readonly size: number;
  /** block size in mm (width × height of the laid-out text box, alignment box included) */
  readonly width: number;
  readonly height: number;
  readonly lines: readonly LayoutLine[];
  readonly decorations: readonly Decoration[];
  /** bold requested but a face lacks a bold cut: stroke it */
  readonly syntheticBold: boolean;
  readonly italic: boolean;
}

interface Cell {
  readonly cp: number;
  readonly ch: string;
  readonly face: Face;
  /** horizontal advance, mm */
  readonly adv: number;
  /** advance along the line: = adv horizontally; one em (a row) vertically */
  readonly len: number;
  /** UTF-16 index of its first character in the paragraph */
  readonly at: number;
  readonly shaped?: readonly ShapedGlyph[];
}

const hasAll = (face: Face, text: string) => {
  for (const k of text) {
    const cp = k.codePointAt(0) as number;
    if (!isIgnorable(cp) && face.metric(cp) < 0) return false;
  }
  return true;
};

function cellsOf(text: string, chain: readonly Face[], size: number, vertical: boolean): Cell[] {
  const out: Cell[] = [];
  const first = chain[0];
  let next = 0;
  for (const ch of text) {
    const at = next;
    next += ch.length;
    let cp = ch.codePointAt(0) as number;
    if (cp === 0x0d) continue;
    let c = ch;
    if (cp === 0x09) {
      cp = 0x20;
      c = " ";
    }
    const prev = out[out.length - 1];
    if (prev && isCombining(cp)) {
      // keep the mark with its base character: same face (one that has both when the base's face
      // lacks the mark), advances added
      const cluster = prev.ch + c;
      let face = prev.face;
      if (!isIgnorable(cp) && face.metric(cp) < 0) face = chain.find((f) => hasAll(f, cluster)) ?? face;
      let em = 0;
      for (const k of cluster) em += Math.max(face.metric(k.codePointAt(0) as number), 0);
      const adv = face === prev.face ? prev.adv + Math.max(face.metric(cp), 0) * size : em * size;
      out[out.length - 1] = { ...prev, ch: cluster, face, adv, len: vertical ? prev.len : adv };
      continue;
    }
    let face = first;
    let em = first.metric(cp);
    for (let i = 1; em < 0 && i < chain.length; i++) {
      const m = chain[i].metric(cp);
      if (m >= 0) {
        face = chain[i];
        em = m;
      }
    }
    const adv = (em >= 0 ? em : first.advance(cp)) * size;
    const len = vertical ? size : adv;
    out.push({ cp, ch: c, face, adv, len, at });
  }
  return out;
}

/**
 * Words (non-space cells of one face) that need complex shaping become one cell each, with the
 * glyphs and advances HarfBuzz gives (right-to-left words shaped right to left). Other cells stay.
 */
function shapeWords(cells: Cell[], levels: Uint8Array | null, size: number): Cell[] {
  const out: Cell[] = [];
  let i = 0;
  while (i < cells.length) {
    const c = cells[i];
    let j = i + 1;
    if (!isSpace(c.cp))
      while (j < cells.length && !isSpace(cells[j].cp) && cells[j].face === c.face) {
        // a right-to-left word never continues into left-to-right characters, nor the other way
        if (levels && levels[cells[j].at] % 2 !== levels[c.at] % 2) break;
        j++;
      }
    const word = cells
      .slice(i, j)
      .map((k) => k.ch)
      .join("");
    const rtl = !!levels && levels[c.at] % 2 === 1;
    const glyphs =
      c.face.data && !isSpace(c.cp) && needsShaping(word) ? shapeRun(c.face.data, word, rtl) : null;
    if (glyphs && glyphs.length > 0) {
      const adv = (glyphs.reduce((a, g) => a + g.ax, 0) / c.face.unitsPerEm) * size;
      out.push({ ...c, ch: word, adv, len: adv, shaped: glyphs });
    } else out.push(...cells.slice(i, j));
    i = j;
  }
  return out;
}

/**
 * With a line length: a shaped word longer than it becomes pieces that fit, broken at grapheme and
 * glyph cluster boundaries and each shaped alone (breakWord.ts); wrap() puts them on their own lines.
 */
function breakLongWords(cells: Cell[], levels: Uint8Array | null, size: number, max: number): Cell[] {
  const out: Cell[] = [];
  for (const c of cells) {
    const data = c.face.data;
    if (!c.shaped || c.len <= max || !data) {
      out.push(c);
      continue;
    }
    const rtl = !!levels && levels[c.at] % 2 === 1;
    const em = c.face.unitsPerEm;
    for (const p of splitWord(c.ch, c.shaped, (max / size) * em, (t) => shapeRun(data, t, rtl))) {
      const adv = (p.advance / em) * size;
      out.push({
        ...c,
        ch: p.text,
        cp: p.text.codePointAt(0) as number,
        at: c.at + p.at,
        adv,
        len: adv,
        shaped: p.glyphs,
      });
    }
  }
  return out;
}

/** Split a paragraph into lines no longer than `max` (mm); returns [start, end) index pairs. */
function wrap(cells: readonly Cell[], ls: number, max: number): [number, number][] {
  const lines: [number, number][] = [];
  const n = cells.length;
  let start = 0;
  let width = 0;
  let lastBreak = -1;
  let i = 0;
  while (i < n) {
    const c = cells[i];
    if (i > start && canBreakBetween(cells[i - 1].cp, c.cp)) lastBreak = i;
    const w = c.len + (i > start ? ls : 0);
    if (i > start && width + w > max + 1e-9 && !isSpace(c.cp)) {
      // break at the last opportunity, or inside the word when it alone is too long
      const at = lastBreak > start ? lastBreak : i;
      lines.push([start, at]);
      start = at;
      while (start < i && isSpace(cells[start].cp)) start++;
      // re-measure the part carried over to the new line, then look at cell i again
      width = 0;
      lastBreak = -1;
      for (let k = start; k < i; k++) {
        width += cells[k].len + (k > start ? ls : 0);
        if (k > start && canBreakBetween(cells[k - 1].cp, cells[k].cp)) lastBreak = k;
      }
      continue;
    }
    width += w;
    i++;
  }
  lines.push([start, n]);
  return lines;
}

/** Length of cells [s, e) along the line, trailing spaces excluded. */
function lineLength(cells: readonly Cell[], s: number, e: number, ls: number): [number, number] {
  let end = e;
  while (end > s && isSpace(cells[end - 1].cp)) end--;
  let len = 0;
  for (let k = s; k < end; k++) len += cells[k].len + (k > s ? ls : 0);
  return [len, end];
}

const finite = (v: number | undefined) => (typeof v === "number" && Number.isFinite(v) ? v : 0);

export function layoutText(spec: TextSpec, fonts: FontRegistry): TextLayout {
  const size = ptToMm(Math.min(Math.max(0.1, finite(spec.sizePt)), 1000));
  const vertical = !!spec.vertical;
  const ls = finite(spec.letterSpacing) * SPACING_UNIT_MM;
  const lineGap = finite(spec.lineSpacing) * SPACING_UNIT_MM;
  const align = spec.align ?? 1;
  const chain = fonts.chain(spec.family, !!spec.bold);
  const primary = chain[0];
  const max =
    spec.autoLine && spec.wrapWidth && spec.wrapWidth > 0 ? spec.wrapWidth : Number.POSITIVE_INFINITY;

  // 1. paragraphs → wrapped lines of cells
  const rows: {
    cells: Cell[];
    s: number;
    e: number;
    len: number;
    levels: Uint8Array | null;
    rtl: boolean;
  }[] = [];
  const raw = typeof spec.text === "string" ? spec.text : String(spec.text ?? "");
  const text = raw.length > MAX_LAID_OUT_CHARS ? raw.slice(0, MAX_LAID_OUT_CHARS) : raw;
  for (const para of text.split("\n")) {
    // right-to-left and shaping: horizontal text only (vertical text stands glyphs upright one by one)
    const bidi = vertical ? null : paragraphLevels(para);
    let cells = cellsOf(para, chain, size, vertical);
    if (!vertical && shaperReady() && needsShaping(para)) {
      cells = shapeWords(cells, bidi?.levels ?? null, size);
      if (Number.isFinite(max)) cells = breakLongWords(cells, bidi?.levels ?? null, size, max);
    }
    for (const [s, e0] of wrap(cells, ls, max)) {
      const [len, e] = lineLength(cells, s, e0, ls);
      rows.push({ cells, s, e, len, levels: bidi?.levels ?? null, rtl: !!bidi?.rtl });
    }
  }
  const longest = rows.reduce((m, r) => Math.max(m, r.len), 0);
  const box = spec.boxLength && spec.boxLength > 0 ? spec.boxLength : Number.isFinite(max) ? max : longest;
  const pitch = size * TEXT_HEIGHT_FACTOR + lineGap;
  const band = size * TEXT_HEIGHT_FACTOR;
  // Vertical columns are one em wide, or VERTICAL_ASCII_WIDTH em when they hold no wide character.
  const bands = rows.map((r) =>
    vertical && !r.cells.slice(r.s, r.e).some((c) => isWide(c.cp)) ? band * VERTICAL_ASCII_WIDTH : band,
  );
  const across = bands.reduce((a, b) => a + b, 0) + Math.max(0, rows.length - 1) * lineGap;
  const lead = (band - size) / 2;
  let right = across;

  const lines: LayoutLine[] = [];
  const decorations: Decoration[] = [];
  rows.forEach((row, li) => {
    const count = row.e - row.s;
    let start = 0;
    let extra = 0;
    let scale = 1;
    const side = alignSide(align, row.rtl);
    if (align === 0) start = (box - row.len) / 2;
    else if (side === 2) start = box - row.len;
    else if (align === 3) {
      if (count > 1) extra = (box - row.len) / (count - 1);
      else start = (box - row.len) / 2;
    } else if (align === 4 && row.len > 0) scale = box / row.len;

    const glyphs: PlacedGlyph[] = [];
    let pos = start;
    // horizontal: baseline of line li; vertical: centre x of column li (columns run right to left)
    const colBand = bands[li];
    const axis = vertical ? right - colBand / 2 : li * pitch + lead + primary.ascent * size;
    right -= colBand + lineGap;
    const levels = row.levels;
    const order = levels
      ? visualOrder(row.cells.slice(row.s, row.e).map((c) => levels[c.at])).map((k) => k + row.s)
      : null;
    for (let v = row.s; v < row.e; v++) {
      const c = row.cells[order ? order[v - row.s] : v];
      if (vertical) {
        // upright in a one-em row: ideographs on their em box, others centred on the cap height
        const y = isWide(c.cp) ? pos + c.face.ascent * size : pos + size / 2 + (c.face.capHeight * size) / 2;
        glyphs.push({ ch: c.ch, cp: c.cp, x: axis - c.adv / 2, y, face: c.face });
      } else {
        glyphs.push({ ch: c.ch, cp: c.cp, x: pos, y: axis, face: c.face, shaped: c.shaped });
      }
      pos += c.len + ls + extra;
    }
    const length = align === 3 && count > 1 ? box : row.len;
    lines.push({ glyphs, natural: !vertical && ls === 0 && extra === 0, scale, start, length, axis });

    const t = Math.max(primary.underlineThickness * size, 0.05);
    if (spec.underline && length > 0) {
      if (vertical)
        decorations.push({ x: axis + colBand / 2 - t, y: start, width: t, height: length, line: li });
      else
        decorations.push({
          x: start,
          y: axis - primary.underlinePosition * size,
          width: length,
          height: t,
          line: li,
        });
    }
    if (spec.strike && length > 0) {
      const st = Math.max(primary.strikeThickness * size, 0.05);
      if (vertical) decorations.push({ x: axis - st / 2, y: start, width: st, height: length, line: li });
      else
        decorations.push({
          x: start,
          y: axis - primary.strikePosition * size - st / 2,
          width: length,
          height: st,
          line: li,
        });
    }
  });

  // a face without a bold cut drew some glyph: that run is stroked
  const syntheticBold = !!spec.bold && lines.some((l) => l.glyphs.some((g) => !g.face.bold));
  return {
    spec,
    vertical,
    size,
    width: vertical ? across : box,
    height: vertical ? box : across,
    lines,
    decorations,
    syntheticBold,
    italic: !!spec.italic,
  };
}

/** Size of the text block in mm, for the editor to size text elements. */
export function measureText(spec: TextSpec, fonts: FontRegistry): { width: number; height: number } {
  const l = layoutText(spec, fonts);
  return { width: l.width, height: l.height };
}
