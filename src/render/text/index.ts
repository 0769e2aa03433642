// Text layout for every consumer: the renderer, and the editor sizing text elements.
import type { TextElement, TextStyle, TimeTextElement } from "../../model/types";
import type { FontRegistry } from "../fonts";
import { measureText, type TextSpec } from "./layout";

export { canBreakBetween, isWide } from "./chars";
export {
  type Decoration,
  type LayoutLine,
  layoutText,
  measureText,
  type PlacedGlyph,
  SPACING_UNIT_MM,
  type TextLayout,
  type TextSpec,
} from "./layout";
export { fontFamilyAttr, type TextPaint, textLayoutSvg } from "./svg";

/** The layout spec of shared text settings (Text, TimeText, table cells). */
export function styleSpec(style: TextStyle, text: string): TextSpec {
  return {
    text,
    family: style.FontFamily,
    sizePt: style.FontSize,
    bold: style.Bold,
    italic: style.Italic,
    underline: style.UnderLine,
    strike: style.DeleteLine,
    align: style.TextAlign,
    vertical: style.TextArrange === 1,
    lineSpacing: style.LineHeight,
    letterSpacing: style.LetterSpacing,
  };
}

/** The text a Text/TimeText element shows for a resolved value: prefix + value + suffix. */
export function displayText(el: TextElement | TimeTextElement, value: string): string {
  return `${el.TextPrefix ?? ""}${value}${el.TextSuffix ?? ""}`;
}

/**
 * The layout spec of a Text/TimeText element. Without `boxLength` the lines align within the
 * longest line (use this to measure); the renderer passes the element's own width (height for
 * vertical text) as `boxLength`.
 */
export function textElementSpec(
  el: TextElement | TimeTextElement,
  value: string,
  boxLength?: number,
): TextSpec {
  return {
    text: displayText(el, value),
    family: el.FontFamily,
    sizePt: el.FontSize,
    bold: el.Bold,
    italic: el.Italic,
    underline: el.UnderLine,
    strike: el.DeleteLine,
    align: el.TextAlign,
    vertical: el.TextArrange === 1,
    lineSpacing: el.LineHeight,
    letterSpacing: el.LetterSpacing,
    autoLine: el.TextAutoLine,
    wrapWidth: el.BoxWidth,
    boxLength,
  };
}

/**
 * The natural size (mm) of a Text/TimeText element's content, for the editor to set Width/Height
 * after an edit: with auto line the width is BoxWidth, otherwise the longest line.
 */
export function measureTextElement(
  el: TextElement | TimeTextElement,
  value: string,
  fonts: FontRegistry,
): { width: number; height: number } {
  return measureText(textElementSpec(el, value), fonts);
}
