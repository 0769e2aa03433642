// Text element: prefix + value + suffix laid out by the text engine in the element's box.
import { DEFAULT_TEXT_COLOR } from "../../model/constants";
import type { TextElement, TimeTextElement } from "../../model/types";
import { num } from "../../render/svg";
import { displayText, layoutText, textElementSpec, textLayoutSvg } from "../../render/text";
import type { ElementKind, RenderContext } from "../kind";

export async function prepareTextFonts(
  el: { FontFamily: string; Bold: boolean },
  ctx: RenderContext,
): Promise<void> {
  await ctx.fonts.ensure(el.FontFamily, el.Bold);
}

/** Grey of the canvas placeholder of an empty text (never in an export). */
export const PLACEHOLDER_COLOR = "#8A94A6";

/**
 * The canvas placeholder of an empty Text: the translated hint in grey, in the element's style, made
 * smaller when needed to fit the box's width, so a new (empty) text is seen and can be clicked.
 */
function placeholderSvg(el: TextElement, text: string, ctx: RenderContext): string {
  const spec = {
    ...textElementSpec(el, text),
    autoLine: false,
    vertical: false,
    underline: false,
    strike: false,
  };
  const natural = layoutText(spec, ctx.fonts).width;
  const fit = natural > el.Width && natural > 0 ? el.Width / natural : 1;
  const sizePt = Math.max(el.FontSize * fit, 0.5);
  const layout = layoutText({ ...spec, sizePt, boxLength: el.Width }, ctx.fonts);
  const dy = Math.max((el.Height - layout.height) / 2, 0);
  return textLayoutSvg(layout, { fill: PLACEHOLDER_COLOR, y: dy });
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
  render: (el, ctx) =>
    ctx.target === "canvas" && ctx.placeholder && displayText(el, ctx.value) === ""
      ? placeholderSvg(el, ctx.placeholder, ctx)
      : renderTextElement(el, ctx.value, ctx),
};
