// Right-to-left in the inline text editor: the textarea sets each paragraph's direction from its
// first strong character (CSS unicode-bidi: plaintext), as the renderer does (render/text/bidi.ts),
// so Arabic or Hebrew typed into it starts at the right edge, runs of the other direction are
// reordered by the browser, the caret and selection sit where the glyphs are, and the arrow keys
// move logically in the direction of the caret's paragraph (the browser's own rule for a textarea).
// What is left to us: start/end alignment (relative to each paragraph's direction) and the side on
// which the box leaves room to grow, which must be the side the text grows to.
import type { CSSProperties } from "react";
import { alignSide, isRtlParagraph } from "../../render/text/bidi";

/** CSS text-align of TextAlign 0–4 in a box whose paragraphs are each start/end relative. */
const ALIGN: Record<number, CSSProperties["textAlign"]> = {
  0: "center",
  1: "start",
  2: "end",
  3: "justify",
  4: "start",
};

export function inlineTextAlign(align: number): CSSProperties["textAlign"] {
  return ALIGN[align] ?? "start";
}

/**
 * The side where typed text grows past the drawn box when its lines are anchored to one edge (TextAlign
 * 1 or 2, not wrapping, horizontal): "right" when every paragraph sits at the left edge, "left" when
 * every one sits at the right edge, null otherwise (centred, spread, or paragraphs of both directions
 * anchored to different edges: extra room on either side would move some of them).
 */
export function growSide(text: string, align: number): "left" | "right" | null {
  if (align !== 1 && align !== 2) return null;
  const sides = new Set(
    text
      .split("\n")
      .filter((p) => p.trim() !== "")
      .map((p) => alignSide(align, isRtlParagraph(p))),
  );
  // an empty text starts left to right
  if (sides.size === 0) sides.add(align);
  if (sides.size > 1) return null;
  return sides.has(1) ? "right" : "left";
}
