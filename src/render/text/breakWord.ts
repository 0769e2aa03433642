// A shaped word longer than its line (docs/rendering.md "Breaking"): it breaks inside the word, only
// where a grapheme cluster ends (Unicode's extended grapheme clusters: a Thai consonant with its marks,
// a Devanagari conjunct) and where the shaper did not merge characters into one glyph cluster (an
// Arabic lam-alef ligature, an Indic conjunct). Each piece is shaped again on its own, because that
// is what every renderer draws: browsers shape a tspan's text, the PDF writer and the printer draw the
// piece's glyphs. Pieces are as long as fit; a single cluster wider than the line stands alone.
import type { ShapedGlyph } from "./glyphsAttr";

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** UTF-16 offsets inside `word` (0 < b < length) where it may break, ascending. */
export function wordBreaks(word: string, glyphs: readonly ShapedGlyph[]): number[] {
  const starts = new Set(glyphs.map((g) => g.cl));
  const out: number[] = [];
  for (const { index } of graphemes.segment(word)) if (index > 0 && starts.has(index)) out.push(index);
  return out;
}

export interface WordPiece {
  /** UTF-16 offset of the piece in the word */
  readonly at: number;
  readonly text: string;
  readonly glyphs: readonly ShapedGlyph[];
  /** advance of the piece in font units */
  readonly advance: number;
}

const advanceOf = (glyphs: readonly ShapedGlyph[]) => glyphs.reduce((a, g) => a + g.ax, 0);

/**
 * Splits a shaped word into pieces whose advances (font units) are at most `max`, at `wordBreaks`.
 * `shape` shapes a piece's text (the word's own direction and face). Returns the word whole (one
 * piece) when it fits or cannot break.
 */
export function splitWord(
  word: string,
  glyphs: readonly ShapedGlyph[],
  max: number,
  shape: (text: string) => readonly ShapedGlyph[] | null,
): WordPiece[] {
  const whole = [{ at: 0, text: word, glyphs, advance: advanceOf(glyphs) }];
  if (whole[0].advance <= max) return whole;
  const breaks = wordBreaks(word, glyphs);
  if (breaks.length === 0) return whole;
  // each cluster's advance in the whole word's shaping: an estimate of a piece's advance
  const byCluster = new Map<number, number>();
  for (const g of glyphs) byCluster.set(g.cl, (byCluster.get(g.cl) ?? 0) + g.ax);
  const ends = [...breaks, word.length];
  const estimate = (s: number, e: number) => {
    let a = 0;
    for (const [cl, ax] of byCluster) if (cl >= s && cl < e) a += ax;
    return a;
  };
  const pieces: WordPiece[] = [];
  let s = 0;
  let first = 0; // index in `ends` of the first end after s
  while (s < word.length) {
    // the furthest end whose estimate fits, then back while the piece shaped alone is too wide
    let k = first;
    while (k + 1 < ends.length && estimate(s, ends[k + 1]) <= max) k++;
    let piece: WordPiece | null = null;
    for (let j = k; j >= first; j--) {
      const text = word.slice(s, ends[j]);
      const g = shape(text);
      if (!g) return whole;
      const p = { at: s, text, glyphs: g, advance: advanceOf(g) };
      if (p.advance <= max || j === first) {
        piece = p;
        k = j;
        break;
      }
    }
    if (!piece) return whole;
    pieces.push(piece);
    s = ends[k];
    first = k + 1;
  }
  return pieces;
}
