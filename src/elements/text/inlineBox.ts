// Where and how the inline text editor's box sits: exactly over the rendered text at the current
// zoom. The renderer's layout (docs/rendering.md, "Text layout") puts the first baseline at
// 0.05 em + the face's ascent below the box top and a line every 1.1 em + LineHeight; a textarea
// centres each line's font ascent + descent in its CSS line-height. The box is moved by the
// difference of the two first baselines, so the typed text lands where the drawn text was.
import type { CSSProperties } from "react";
import type { Viewport } from "../../editor/canvas/geometry";
import { DEFAULT_FONT_FAMILY, PX_PER_MM, TEXT_HEIGHT_FACTOR } from "../../model/constants";
import type { TextElement } from "../../model/types";
import { ptToMm } from "../../model/units";
import { getFontRegistry } from "../../render";
import { FALLBACK_CHAIN } from "../../render/fontManifest";
import { SPACING_UNIT_MM } from "../../render/text/layout";
import { growSide, inlineTextAlign } from "./inlineDirection";

/**
 * Where the browser puts the first baseline (px below the top) of text in this font and line
 * height: measured with a hidden probe (a zero-height inline block sits on the baseline).
 */
function browserBaseline(font: CSSProperties, linePx: number): number {
  const div = document.createElement("div");
  Object.assign(div.style, {
    position: "absolute",
    visibility: "hidden",
    left: "0",
    top: "0",
    padding: "0",
    margin: "0",
    whiteSpace: "pre",
    fontFamily: String(font.fontFamily),
    fontSize: `${font.fontSize}px`,
    fontWeight: String(font.fontWeight),
    fontStyle: String(font.fontStyle),
    lineHeight: `${linePx}px`,
  });
  div.textContent = "Hg";
  const mark = document.createElement("span");
  Object.assign(mark.style, { display: "inline-block", width: "0", height: "0", verticalAlign: "baseline" });
  div.appendChild(mark);
  document.body.appendChild(div);
  try {
    return mark.offsetTop;
  } finally {
    div.remove();
  }
}

/** The textarea's style for a Text element at a viewport (position in the canvas host's pixels). */
export function inlineBoxStyle(text: TextElement, vp: Viewport): CSSProperties {
  const s = vp.zoom * PX_PER_MM;
  const size = ptToMm(text.FontSize);
  const px = size * s;
  // the renderer's font chain (docs/rendering.md "Fonts per glyph"): Arabic, Hebrew, Thai… typed into
  // the box are drawn by the fallback face the canvas uses (once loaded), not by a system font
  const family = [text.FontFamily, DEFAULT_FONT_FAMILY, ...FALLBACK_CHAIN.map((f) => f.family)]
    .map((f) => `"${f.replace(/["\\]/g, "")}"`)
    .concat("sans-serif")
    .join(", ");
  const weight = text.Bold ? 700 : 400;
  const style = text.Italic ? "italic" : "normal";
  const lineGap = (Number(text.LineHeight) || 0) * SPACING_UNIT_MM;
  const linePx = (size * TEXT_HEIGHT_FACTOR + lineGap) * s;
  // first baselines: the renderer's (its line box is 1.1 em, the gap comes after it) and the textarea's
  const face = getFontRegistry().face(text.FontFamily, text.Bold);
  const ours = ((TEXT_HEIGHT_FACTOR - 1) / 2 + face.ascent) * px;
  const theirs = browserBaseline(
    { fontFamily: family, fontSize: px, fontWeight: weight, fontStyle: style },
    linePx,
  );
  const vertical = text.TextArrange === 1;
  const shift = vertical ? 0 : ours - theirs;
  const anti = text.AntiMirror;
  // auto line wraps at BoxWidth (and aligns in Width, which the editor keeps equal to it)
  const wrapAt = text.TextAutoLine && !vertical ? text.BoxWidth : text.Width;
  // room to grow: a textarea whose content overflows scrolls it, moving the text off its place
  // (the element and this box follow the content 100 ms after a key); extra width only where
  // it cannot move the text (anchored to one edge, not wrapping): after a left-anchored line, before
  // a right-anchored one (a right-to-left paragraph starts at the right edge)
  const side = text.TextAutoLine || vertical ? null : growSide(text.Data, text.TextAlign);
  const room = side ? 2 * px : 0;
  return {
    position: "absolute",
    left: vp.x + text.StartX * s - (side === "left" ? room : 0),
    top: vp.y + text.StartY * s + shift,
    width: Math.max(wrapAt * s, px) + room,
    height: Math.max(text.Height * s - shift, linePx) + linePx,
    transform: text.Rotate ? `rotate(${text.Rotate}deg)` : undefined,
    transformOrigin: `${(text.Width * s) / 2 + (side === "left" ? room : 0)}px ${(text.Height * s) / 2 - shift}px`,
    fontFamily: family,
    fontSize: px,
    fontWeight: weight,
    fontStyle: style,
    fontKerning: "none",
    letterSpacing: (Number(text.LetterSpacing) || 0) * SPACING_UNIT_MM * s,
    lineHeight: `${linePx}px`,
    textAlign: inlineTextAlign(text.TextAlign),
    textAlignLast: text.TextAlign === 3 ? "justify" : undefined,
    // each paragraph's direction from its first strong character, as the renderer's (inlineDirection.ts)
    unicodeBidi: vertical ? undefined : "plaintext",
    writingMode: vertical ? "vertical-rl" : undefined,
    textOrientation: vertical ? "upright" : undefined,
    padding: 0,
    margin: 0,
    border: "none",
    // the selection box around the element frames it; the textarea itself is larger (room to grow)
    outline: "none",
    boxShadow: "none",
    borderRadius: 0,
    background: anti ? "#000" : "transparent",
    color: anti ? "#fff" : "#000",
    caretColor: anti ? "#fff" : "#000",
    resize: "none",
    overflow: "hidden",
    whiteSpace: text.TextAutoLine ? "pre-wrap" : "pre",
    zIndex: 5,
    boxSizing: "border-box",
  };
}
