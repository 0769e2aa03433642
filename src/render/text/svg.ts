// A text layout → portable SVG: `text`/`tspan` with explicit x/y, one tspan per font run on natural
// lines and one per glyph where spacing or justification moved glyphs; stretch, synthetic italic
// and decorations use `g`/`text` transforms and `rect`s (no letter-spacing, textLength, baseline).

import type { Face } from "../fonts";
import { escapeXml, num } from "../svg";
import { isSpace } from "./chars";
import { formatGlyphs } from "./glyphsAttr";
import {
  ITALIC_SLANT,
  type LayoutLine,
  type PlacedGlyph,
  SYNTHETIC_BOLD_STROKE,
  type TextLayout,
} from "./layout";

export interface TextPaint {
  /** top-left of the text block in the caller's frame (mm) */
  readonly x?: number;
  readonly y?: number;
  readonly fill?: string;
}

/** A CSS font-family value naming exactly one family (quotes and backslashes removed). */
export function fontFamilyAttr(family: string): string {
  const name = family.replace(/['"\\;{}<>]/g, "").trim() || "sans-serif";
  // Plain names (letters, digits after the first letter of each word, spaces) need no quotes.
  return /^[A-Za-z][A-Za-z0-9-]*( [A-Za-z][A-Za-z0-9-]*)*$/.test(name) ? name : `'${name}'`;
}

function fontAttrs(face: Face, layout: TextLayout, fill: string): string {
  let a = ` font-family="${escapeXml(fontFamilyAttr(face.family))}"`;
  if (face.bold) a += ` font-weight="bold"`;
  if (layout.spec.bold && !face.bold) {
    a += ` stroke="${fill}" stroke-width="${num(SYNTHETIC_BOLD_STROKE * layout.size)}" stroke-linejoin="round"`;
  }
  return a;
}

/** Scale factors need more precision than coordinates. */
const fine = (v: number) => String(Math.round(v * 1e5) / 1e5);

function tspans(
  glyphs: readonly PlacedGlyph[],
  natural: boolean,
  base: Face,
  layout: TextLayout,
  fill: string,
  dx: number,
  dy: number,
): string {
  let out = "";
  let i = 0;
  while (i < glyphs.length) {
    const g = glyphs[i];
    let text = g.ch;
    let j = i + 1;
    // Natural runs are cut at spaces: each word gets its own x, so no renderer's whitespace
    // handling (browsers and canvg collapse spaces) or kerning (Chromium kerns, our PDF writer does
    // not) can shift the next word.
    const blank = isSpace(g.cp);
    if (natural && !blank && !g.shaped) {
      while (j < glyphs.length && glyphs[j].face === g.face && !glyphs[j].shaped && !isSpace(glyphs[j].cp))
        text += glyphs[j++].ch;
    }
    if (!blank) {
      const font = g.face === base ? "" : fontAttrs(g.face, layout, fill);
      // a shaped word carries its glyphs for the readers that draw by glyph id (docs/rendering.md)
      const shaped = g.shaped ? ` data-glyphs="${formatGlyphs(g.shaped)}"` : "";
      out += `<tspan x="${num(g.x + dx)}" y="${num(g.y + dy)}"${font}${shaped}>${escapeXml(text)}</tspan>`;
    }
    i = j;
  }
  return out;
}

function textElement(inner: string, base: Face, layout: TextLayout, fill: string, transform: string): string {
  if (!inner) return "";
  const t = transform ? ` transform="${transform}"` : "";
  return `<text font-size="${num(layout.size)}" fill="${fill}"${fontAttrs(base, layout, fill)}${t}>${inner}</text>`;
}

const skewAbout = (baseline: number) =>
  `matrix(1 0 ${fine(-ITALIC_SLANT)} 1 ${fine(ITALIC_SLANT * baseline)} 0)`;

function lineSvg(line: LayoutLine, layout: TextLayout, fill: string, dx: number, dy: number): string {
  if (line.glyphs.length === 0) return "";
  const base = line.glyphs[0].face;
  if (layout.vertical && layout.italic) {
    // every upright glyph slants about its own baseline
    return line.glyphs
      .map((g) =>
        textElement(tspans([g], false, base, layout, fill, dx, dy), base, layout, fill, skewAbout(g.y + dy)),
      )
      .join("");
  }
  const transform = layout.italic && !layout.vertical ? skewAbout(line.axis + dy) : "";
  return textElement(
    tspans(line.glyphs, line.natural, base, layout, fill, dx, dy),
    base,
    layout,
    fill,
    transform,
  );
}

/** The SVG fragment for a laid-out text block placed at (x, y). */
export function textLayoutSvg(layout: TextLayout, paint: TextPaint = {}): string {
  const dx = paint.x ?? 0;
  const dy = paint.y ?? 0;
  const fill = paint.fill ?? "#000000";
  let out = "";
  layout.lines.forEach((line, li) => {
    let body = lineSvg(line, layout, fill, dx, dy);
    for (const d of layout.decorations) {
      if (d.line !== li) continue;
      body += `<rect x="${num(d.x + dx)}" y="${num(d.y + dy)}" width="${num(d.width)}" height="${num(d.height)}" fill="${fill}"/>`;
    }
    if (!body) return;
    if (line.scale !== 1 && Number.isFinite(line.scale) && line.scale > 0) {
      const s = line.scale;
      const o = line.start + (layout.vertical ? dy : dx);
      const m = layout.vertical
        ? `matrix(1 0 0 ${fine(s)} 0 ${fine(o * (1 - s))})`
        : `matrix(${fine(s)} 0 0 1 ${fine(o * (1 - s))} 0)`;
      body = `<g transform="${m}">${body}</g>`;
    }
    out += body;
  });
  return out;
}
