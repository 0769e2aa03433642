// Right-to-left and mixed direction: embedding levels from the Unicode bidirectional algorithm
// (bidi-js), paragraph direction from the first strong character, and the visual order of a line's
// cells (rule L2) after line breaking. Text without right-to-left characters skips all of it.
import bidiFactory from "bidi-js";

const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

let bidi: ReturnType<typeof bidiFactory> | null = null;

export interface Levels {
  /** the paragraph runs right to left */
  readonly rtl: boolean;
  /** embedding level of each UTF-16 unit of the paragraph */
  readonly levels: Uint8Array;
}

/** Levels of a paragraph, or null when it is all left to right (no right-to-left character). */
export function paragraphLevels(text: string): Levels | null {
  if (!RTL.test(text)) return null;
  bidi ??= bidiFactory();
  const r = bidi.getEmbeddingLevels(text);
  return { rtl: (r.paragraphs[0]?.level ?? 0) % 2 === 1, levels: r.levels };
}

/** Does this paragraph run right to left (its first strong character is right-to-left)? */
export function isRtlParagraph(text: string): boolean {
  return !!paragraphLevels(text)?.rtl;
}

/**
 * Which edge a line is aligned to: TextAlign 1 (start) and 2 (end) swap sides in a right-to-left
 * paragraph (its start is the right edge); 0 centre, 3 spread and 4 stretch stay.
 */
export function alignSide<A extends number>(align: A, rtl: boolean): A {
  return (rtl && (align === 1 || align === 2) ? 3 - align : align) as A;
}

/** Indices of items in visual order (left to right), reversing runs per rule L2 of UAX #9. */
export function visualOrder(levels: readonly number[]): number[] {
  const order = levels.map((_, i) => i);
  if (levels.length === 0) return order;
  const max = Math.max(...levels);
  const lowestOdd = Math.min(...levels.filter((l) => l % 2 === 1), max + 1);
  for (let lv = max; lv >= lowestOdd && lv > 0; lv--) {
    let i = 0;
    while (i < order.length) {
      if (levels[order[i]] < lv) {
        i++;
        continue;
      }
      let j = i;
      while (j < order.length && levels[order[j]] >= lv) j++;
      order.splice(i, j - i, ...order.slice(i, j).reverse());
      i = j;
    }
  }
  return order;
}
