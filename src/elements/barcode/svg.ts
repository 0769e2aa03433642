// Shared SVG output of the two code kinds: one merged path for all modules, plain text pieces,
// and the placeholder shown when a code cannot be generated.
import type { CodeLayout, Rect } from "../../codes/layout";
import type { FontRegistry } from "../../render/fonts";
import { escapeXml, num } from "../../render/svg";
import { layoutText, textLayoutSvg } from "../../render/text";

/** Placement numbers keep 6 decimals: a module scale rounded to µm would drift across a symbol. */
function fine(v: number): string {
  const r = Math.round(v * 1e6) / 1e6;
  return Object.is(r, -0) ? "0" : String(r);
}

/** Every rectangle as a subpath of ONE path (no element per bar), in symbol units under one transform. */
export function rectsPath(layout: CodeLayout, fill: string): string {
  const rects: readonly Rect[] = layout.rects;
  if (rects.length === 0) return "";
  let d = "";
  for (const r of rects) d += `M${num(r.x)} ${num(r.y)}h${num(r.w)}v${num(r.h)}h${num(-r.w)}z`;
  const t = `translate(${fine(layout.ox)} ${fine(layout.oy)}) scale(${fine(layout.sx)} ${fine(layout.sy)})`;
  return `<g transform="${t}"><path d="${d}" fill="${fill}"/></g>`;
}

/**
 * The human-readable pieces, laid out by the shared text engine (real font metrics, explicit x/y per
 * run, no text-anchor) so screen, PDF and printer agree; each piece is anchored at its x.
 */
export function textPieces(
  layout: CodeLayout,
  family: string,
  fill: string,
  fonts: FontRegistry,
  boxWidth = Number.POSITIVE_INFINITY,
): string {
  let out = "";
  for (const t of layout.texts) {
    let tl = layoutText({ text: t.text, family, sizePt: layout.fontPt, align: 1 }, fonts);
    // a line wider than the box shrinks to fit it (the panel warns with tip129): it never leaves the box
    if (tl.width > boxWidth && boxWidth > 0)
      tl = layoutText(
        { text: t.text, family, sizePt: (layout.fontPt * boxWidth) / tl.width, align: 1 },
        fonts,
      );
    const line = tl.lines[0];
    if (!line) continue;
    const anchored = t.anchor === "start" ? t.x : t.anchor === "middle" ? t.x - tl.width / 2 : t.x - tl.width;
    const left = Number.isFinite(boxWidth) ? Math.max(0, Math.min(anchored, boxWidth - tl.width)) : anchored;
    out += textLayoutSvg(tl, { x: left, y: t.y - line.axis, fill });
  }
  return out;
}

/** The code drawn in its box; inverse (AntiMirror) prints light modules on a dark box. */
export function codeFragment(
  layout: CodeLayout,
  w: number,
  h: number,
  inverse: boolean,
  family: string,
  fonts: FontRegistry,
): string {
  const ink = inverse ? "#ffffff" : "#000000";
  const bg = inverse ? `<rect x="0" y="0" width="${num(w)}" height="${num(h)}" fill="#000000"/>` : "";
  return bg + rectsPath(layout, ink) + textPieces(layout, family, ink, fonts, w);
}

/**
 * The placeholder for a code that cannot be generated: a light box with the text it would show, and
 * the error key and detail on the group so the editor can show tip111 (never a broken canvas).
 */
export function placeholder(
  w: number,
  h: number,
  text: string,
  key: string,
  detail: string | undefined,
  family: string,
): string {
  const size = Math.max(1, Math.min(h * 0.35, 3));
  const label = text
    ? `<text x="${num(w / 2)}" y="${num(h / 2 + size * 0.35)}" text-anchor="middle" font-family="${escapeXml(family)}" font-size="${num(size)}" fill="#8a8a8a">${escapeXml(text.length > 40 ? `${text.slice(0, 39)}…` : text)}</text>`
    : "";
  const attrs = `data-code-error="${escapeXml(key)}"${detail ? ` data-code-detail="${escapeXml(detail)}"` : ""}`;
  return `<g ${attrs}><rect x="0" y="0" width="${num(w)}" height="${num(h)}" fill="#f2f2f2" stroke="#bdbdbd" stroke-width="0.2"/>${label}</g>`;
}
