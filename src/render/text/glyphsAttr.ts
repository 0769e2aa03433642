// The `data-glyphs` attribute of a shaped run's `tspan` (docs/rendering.md "Shaping"): the glyphs a
// shaper (HarfBuzz) chose for the run's text, in visual order, in the face the tspan names. Readers
// that draw by glyph (the PDF writer, the printer's outlines) use it; browsers draw the tspan's text,
// which their own HarfBuzz shapes into the same glyphs.

export interface ShapedGlyph {
  /** glyph id in the face */
  readonly g: number;
  /** index (UTF-16) in the run's text of the first character of the cluster this glyph draws */
  readonly cl: number;
  /** advance, x and y offsets in font units (y up) */
  readonly ax: number;
  readonly dx: number;
  readonly dy: number;
}

/** "g,cl,ax,dx,dy g,cl,ax,dx,dy …" */
export function formatGlyphs(glyphs: readonly ShapedGlyph[]): string {
  return glyphs.map((s) => `${s.g},${s.cl},${s.ax},${s.dx},${s.dy}`).join(" ");
}

/** The glyphs of a `data-glyphs` value; null when it is malformed (then the tspan is drawn as text). */
export function parseGlyphs(v: string | undefined): ShapedGlyph[] | null {
  if (!v) return null;
  const out: ShapedGlyph[] = [];
  for (const part of v.trim().split(/\s+/)) {
    const n = part.split(",").map(Number);
    if (n.length !== 5 || !n.every(Number.isInteger) || n[0] < 0 || n[1] < 0) return null;
    out.push({ g: n[0], cl: n[1], ax: n[2], dx: n[3], dy: n[4] });
  }
  return out.length ? out : null;
}

/** The text of the cluster each glyph belongs to (the same string on every glyph of a cluster). */
export function clusterTexts(text: string, glyphs: readonly ShapedGlyph[]): string[] {
  const starts = [...new Set(glyphs.map((s) => s.cl))].sort((a, b) => a - b);
  const of = new Map(starts.map((c, i) => [c, text.slice(c, starts[i + 1] ?? text.length)]));
  return glyphs.map((s) => of.get(s.cl) ?? "");
}
