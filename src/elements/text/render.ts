// Text element: prefix + value + suffix laid out by the text engine in the element's box.
import { DEFAULT_TEXT_COLOR } from "../../model/constants";
import type { TextElement, TimeTextElement } from "../../model/types";
import { layoutText, textElementSpec, textLayoutSvg } from "../../render/text";
import { type ElementKind, num, type RenderContext } from "../kind";

export async function prepareTextFonts(
  el: { FontFamily: string; Bold: boolean },
  ctx: RenderContext,
): Promise<void> {
  await ctx.fonts.ensure(el.FontFamily, el.Bold);
}

/** Shared by Text and TimeText: anti-mirror paints a black box with white text. */
export function renderTextElement(
  el: TextElement | TimeTextElement,
  value: string,
  ctx: RenderContext,
): string {
  const vertical = el.TextArrange === 1;
  const layout = layoutText(textElementSpec(el, value, vertical ? el.Height : el.Width), ctx.fonts);
  const fill = el.AntiMirror ? "#FFFFFF" : DEFAULT_TEXT_COLOR;
  const box = el.AntiMirror
    ? `<rect x="0" y="0" width="${num(Math.max(el.Width, 0))}" height="${num(Math.max(el.Height, 0))}" fill="${DEFAULT_TEXT_COLOR}"/>`
    : "";
  return box + textLayoutSvg(layout, { fill });
}

export const textKind: ElementKind<TextElement> = {
  type: "Text",
  prepare: prepareTextFonts,
  render: (el, ctx) => renderTextElement(el, ctx.value, ctx),
};
