// Text → outlines for the printer raster. The renderer emits text as `<text>/<tspan x y>` runs (one
// face per tspan, glyphs placed by their advances, no kerning: src/render/text/svg.ts). Here every
// run is replaced by the glyph outlines of the very same TrueType file, so the rasteriser needs no
// font machinery at all (fast, and identical glyphs to what the editor measured).
import { parseSvg } from "../export/svg/tree";
import type { FontRegistry } from "../render/fonts";
import { escapeXml } from "../render/svg";
import { parseGlyphs, type ShapedGlyph } from "../render/text/glyphsAttr";
import { parseOutlineFont } from "./outlineFont";

type Attrs = Readonly<Record<string, string>>;

interface Command {
  readonly type: "M" | "L" | "Q" | "C" | "Z";
  readonly x?: number;
  readonly y?: number;
  readonly x1?: number;
  readonly y1?: number;
  readonly x2?: number;
  readonly y2?: number;
}
interface OutlineGlyph {
  readonly advanceWidth?: number;
  readonly path: { readonly commands: readonly Command[] };
}
interface OutlineFont {
  readonly unitsPerEm: number;
  charToGlyphIndex(ch: string): number;
  readonly glyphs: { get(index: number): OutlineGlyph };
}

const parsed = new WeakMap<ArrayBuffer, OutlineFont>();

function fontOf(fonts: FontRegistry, family: string, bold: boolean): OutlineFont | null {
  const bytes = fonts.bytes(family, bold) ?? fonts.bytes(family, false);
  if (!bytes) return null;
  let f = parsed.get(bytes);
  if (!f) {
    // characters looked up on demand, not a CJK face's whole map built first
    f = parseOutlineFont(bytes) as unknown as OutlineFont;
    parsed.set(bytes, f);
  }
  return f;
}

const familyName = (v: string | undefined) => (v ?? "").replace(/^'|'$/g, "");
const n = (v: number) => String(Math.round(v * 1000) / 1000);

/** Path data of one glyph with its origin at (ox, oy) mm, `s` mm per font unit (font y points up). */
function glyphPath(g: OutlineGlyph, ox: number, oy: number, s: number): string {
  let d = "";
  const px = (v = 0) => n(ox + v * s);
  const py = (v = 0) => n(oy - v * s);
  for (const c of g.path.commands) {
    if (c.type === "M" || c.type === "L") d += `${c.type}${px(c.x)} ${py(c.y)}`;
    else if (c.type === "Q") d += `Q${px(c.x1)} ${py(c.y1)} ${px(c.x)} ${py(c.y)}`;
    else if (c.type === "C") d += `C${px(c.x1)} ${py(c.y1)} ${px(c.x2)} ${py(c.y2)} ${px(c.x)} ${py(c.y)}`;
    else d += "Z";
  }
  return d;
}

// A record's changing text (a number, a code's digits) is mostly the same glyphs at the same
// places as the last label's: each font keeps the path data of the glyphs it placed lately, by
// glyph, origin and scale, so only what moved is formatted again (the same string either way).
const GLYPHS_MAX = 4096;
const placed = new WeakMap<OutlineFont, Map<string, string>>();

function placedGlyph(font: OutlineFont, index: number, ox: number, oy: number, s: number): string {
  let memo = placed.get(font);
  if (!memo) {
    memo = new Map();
    placed.set(font, memo);
  }
  const key = `${index} ${ox} ${oy} ${s}`;
  let d = memo.get(key);
  if (d === undefined) {
    d = glyphPath(font.glyphs.get(index), ox, oy, s);
    if (memo.size >= GLYPHS_MAX) memo.clear();
    memo.set(key, d);
  }
  return d;
}

/** Path data of `text` set from (x, y) on the baseline at `size` mm, glyph after glyph. */
function runPath(font: OutlineFont, text: string, x: number, y: number, size: number): string {
  const s = size / (font.unitsPerEm || 1000);
  let d = "";
  let pen = x;
  for (const ch of text) {
    const index = font.charToGlyphIndex(ch);
    d += placedGlyph(font, index, pen, y, s);
    pen += (font.glyphs.get(index).advanceWidth ?? 0) * s;
  }
  return d;
}

/** Path data of shaped glyphs (by id, with the shaper's advances and offsets) from (x, y). */
function shapedPath(
  font: OutlineFont,
  glyphs: readonly ShapedGlyph[],
  x: number,
  y: number,
  size: number,
): string {
  const s = size / (font.unitsPerEm || 1000);
  let d = "";
  let pen = x;
  for (const g of glyphs) {
    if (font.glyphs.get(g.g)) d += placedGlyph(font, g.g, pen + g.dx * s, y - g.dy * s, s);
    pen += g.ax * s;
  }
  return d;
}

const PAINT = ["fill", "stroke", "stroke-width", "stroke-linejoin"];

function paintAttrs(a: Attrs): string {
  let out = "";
  for (const k of PAINT) if (a[k] !== undefined) out += ` ${k}="${escapeXml(a[k])}"`;
  return out;
}

/**
 * The SVG with every `<text>` replaced by `<g>`/`<path>` outlines. Text whose font is not loaded in
 * the registry is left as it is (the caller loads fonts with prepareRender first).
 */
export function textToPaths(svg: string, fonts: FontRegistry): string {
  let memo = memos.get(fonts);
  if (!memo) {
    memo = new Map();
    memos.set(fonts, memo);
  }
  const cache = memo;
  return svg.replace(/<text\b[^>]*>[\s\S]*?<\/text>/g, (whole) => {
    // the same text (static labels, repeated values) is outlined once; the memo stays small
    const hit = cache.get(whole);
    if (hit !== undefined) return hit;
    const out = outline(whole, fonts);
    if (cache.size >= MEMO_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(whole, out);
    return out;
  });
}

const MEMO_MAX = 512;
const memos = new WeakMap<FontRegistry, Map<string, string>>();

/** One `<text>` element's outlines, read with the shared SVG reader; the text as it was when a font is missing. */
function outline(whole: string, fonts: FontRegistry): string {
  const text = parseSvg(whole).children[0];
  if (typeof text !== "object" || text.name !== "text") return whole;
  const ta = text.attrs;
  const size = Number(ta["font-size"]);
  if (!Number.isFinite(size) || size <= 0) return "";
  const transform = ta.transform !== undefined ? ` transform="${escapeXml(ta.transform)}"` : "";
  let inner = "";
  for (const span of text.children) {
    if (typeof span !== "object" || span.name !== "tspan") continue;
    const sa = span.attrs;
    const family = familyName(sa["font-family"] ?? ta["font-family"]);
    const bold = (sa["font-weight"] ?? ta["font-weight"]) === "bold";
    const font = fontOf(fonts, family, bold);
    if (!font) return whole;
    const x = Number(sa.x) || 0;
    const y = Number(sa.y) || 0;
    const shaped = parseGlyphs(sa["data-glyphs"]);
    const chars = span.children.filter((c): c is string => typeof c === "string").join("");
    const d = shaped ? shapedPath(font, shaped, x, y, size) : runPath(font, chars, x, y, size);
    if (!d) continue;
    // a tspan naming its own face also carries its own synthetic-bold stroke (or none)
    let stroke = "";
    if (sa["font-family"] !== undefined)
      stroke =
        sa.stroke !== undefined
          ? paintAttrs(sa).replace(/ fill="[^"]*"/, "")
          : ta.stroke !== undefined
            ? ' stroke="none"'
            : "";
    inner += `<path d="${d}"${stroke}/>`;
  }
  return inner ? `<g${paintAttrs(ta)}${transform}>${inner}</g>` : "";
}
