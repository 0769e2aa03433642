// A printer template's changing text that is centred or right-aligned on the label: the printer
// must place each value itself, so the template gives it a block (ZPL ^FB, TSPL TEXT's alignment)
// instead of the first record's left edge, and a value of any length stays centred / right-aligned.
import { elementBox } from "../../model/geometry";
import { fitsText } from "../../model/kinds/caps";
import type { LabelElement } from "../../model/types";

export interface AlignedText {
  /** the block's left and width, dots */
  readonly x: number;
  readonly width: number;
  /** ZPL ^FB justification */
  readonly just: "C" | "R";
  /** TSPL TEXT's alignment (2 centre, 3 right) and its x: the centre or the right end */
  readonly tsplAlign: 2 | 3;
  readonly tsplX: number;
}

/**
 * The block of an upright, one-line text aligned to its centre (TextAlign 0) or end (2): the widest
 * about the same centre, or from the label's left to the same right end, that stays on the label
 * (`labelWidth` dots), so a longer value still fits in it. null: the text starts at its left edge.
 */
export function alignedText(
  el: LabelElement,
  labelWidth: number,
  dots: (mm: number) => number,
): AlignedText | null {
  if (!fitsText(el) || el.Rotate !== 0 || el.TextArrange !== 0) return null;
  if ("TextAutoLine" in el && el.TextAutoLine) return null;
  const b = elementBox(el);
  if (el.TextAlign === 0) {
    const centre = dots(b.x + b.width / 2);
    const half = Math.max(1, Math.min(centre, labelWidth - centre));
    return { x: centre - half, width: half * 2, just: "C", tsplAlign: 2, tsplX: centre };
  }
  if (el.TextAlign === 2) {
    const right = Math.max(1, Math.min(labelWidth, dots(b.x + b.width)));
    return { x: 0, width: right, just: "R", tsplAlign: 3, tsplX: right };
  }
  return null;
}
