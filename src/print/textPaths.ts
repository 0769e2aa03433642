// Text → outlines for the printer raster. The renderer emits text as `<text>/<tspan x y>` runs (one
// face per tspan, glyphs placed by their advances, no kerning: src/render/text/svg.ts). Here every
// run is replaced by the glyph outlines of the very same TrueType file, so the rasteriser needs no
// font machinery at all (fast, and identical glyphs to what the editor measured).
import * as opentype from "opentype.js";
import type { FontRegistry } from "../render/fonts";
import { parseGlyphs, type ShapedGlyph } from "../render/text/glyphsAttr";

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

// Node loads opentype.js as CommonJS (parse on the default export), bundlers as ESM.
const ot = opentype as unknown as {
  parse?: typeof opentype.parse;
  default?: { parse: typeof opentype.parse };
};
const parse: typeof opentype.parse = (bytes, opt) =>
  (ot.parse ?? (ot.default as { parse: typeof opentype.parse }).parse)(bytes, opt);

const parsed = new WeakMap<ArrayBuffer, OutlineFont>();

function fontOf(fonts: FontRegistry, family: string, bold: boolean): OutlineFont | null {
  const bytes = fonts.bytes(family, bold) ?? fonts.bytes(family, false);
  if (!bytes) return null;
  let f = parsed.get(bytes);
  if (!f) {
    f = parse(bytes, { lowMemory: true }) as unknown as OutlineFont;
    parsed.set(bytes, f);
  }
  return f;
}

const ENTITY: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
function unescapeXml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    if (e[0] !== "#") return ENTITY[e.toLowerCase()] ?? "";
    const cp = e[1] === "x" || e[1] === "X" ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
    return Number.isFinite(cp) && cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : "";
  });
}

function attrsOf(tag: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of tag.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)) out.set(m[1], m[2]);
  return out;
}

const familyName = (v: string | undefined) => unescapeXml(v ?? "").replace(/^'|'$/g, "");
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

/** Path data of `text` set from (x, y) on the baseline at `size` mm, glyph after glyph. */
function runPath(font: OutlineFont, text: string, x: number, y: number, size: number): string {
  const s = size / (font.unitsPerEm || 1000);
  let d = "";
  let pen = x;
  for (const ch of text) {
    const g = font.glyphs.get(font.charToGlyphIndex(ch));
    d += glyphPath(g, pen, y, s);
    pen += (g.advanceWidth ?? 0) * s;
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
    const glyph = font.glyphs.get(g.g);
    if (glyph) d += glyphPath(glyph, pen + g.dx * s, y - g.dy * s, s);
    pen += g.ax * s;
  }
  return d;
}

const PAINT = ["fill", "stroke", "stroke-width", "stroke-linejoin"];

function paintAttrs(a: Map<string, string>): string {
  let out = "";
  for (const k of PAINT) if (a.has(k)) out += ` ${k}="${a.get(k)}"`;
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

function outline(whole: string, fonts: FontRegistry): string {
  const m0 = /^<text\b([^>]*)>([\s\S]*?)<\/text>$/.exec(whole);
  if (!m0) return whole;
  return ((head: string, body: string) => {
    const ta = attrsOf(head);
    const size = Number(ta.get("font-size"));
    if (!Number.isFinite(size) || size <= 0) return "";
    const transform = ta.has("transform") ? ` transform="${ta.get("transform")}"` : "";
    let inner = "";
    for (const m of body.matchAll(/<tspan\b([^>]*)>([\s\S]*?)<\/tspan>/g)) {
      const sa = attrsOf(m[1]);
      const family = familyName(sa.get("font-family") ?? ta.get("font-family"));
      const bold = (sa.get("font-weight") ?? ta.get("font-weight")) === "bold";
      const font = fontOf(fonts, family, bold);
      if (!font) return whole;
      const x = Number(sa.get("x")) || 0;
      const y = Number(sa.get("y")) || 0;
      const shaped = parseGlyphs(sa.get("data-glyphs"));
      const d = shaped ? shapedPath(font, shaped, x, y, size) : runPath(font, unescapeXml(m[2]), x, y, size);
      if (!d) continue;
      // a tspan naming its own face also carries its own synthetic-bold stroke (or none)
      const own = sa.has("font-family") ? sa : ta;
      let stroke = "";
      if (own === sa)
        stroke = sa.has("stroke")
          ? paintAttrs(sa).replace(/ fill="[^"]*"/, "")
          : ta.has("stroke")
            ? ' stroke="none"'
            : "";
      inner += `<path d="${d}"${stroke}/>`;
    }
    return inner ? `<g${paintAttrs(ta)}${transform}>${inner}</g>` : "";
  })(m0[1], m0[2]);
}
