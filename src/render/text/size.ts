// The size a Text/TimeText element needs after a style or content change (spec §4: content and
// style changes recompute the size). Measured with the shared text layout, so canvas and exports agree.
// The editor store injects it into the kinds' `normalize` (src/model/kinds/text.ts), which applies it
// after every edit: nothing else sizes a text.
import { timeTextValue } from "../../data/timeText";
import { TEXT_HEIGHT_FACTOR } from "../../model/constants";
import { isClock } from "../../model/kinds/caps";
import type { TextElement, TimeTextElement } from "../../model/types";
import { ptToMm } from "../../model/units";
import type { FontRegistry } from "../fonts";
import { displayText, measureTextElement } from "./index";

export function textSizePatch(
  el: TextElement | TimeTextElement,
  fonts: FontRegistry,
  now: Date = new Date(),
): { Width?: number; Height?: number } {
  const value = isClock(el) ? timeTextValue(el, now) : el.Data;
  // an emptied text keeps its box: the canvas shows the placeholder there, and it stays clickable
  if (displayText(el, value) === "") return {};
  let m: { width: number; height: number };
  try {
    m = measureTextElement(el, value, fonts);
  } catch {
    return {}; // nothing measurable yet: keep the size, the renderer still draws the text
  }
  const line = ptToMm(el.FontSize) * TEXT_HEIGHT_FACTOR;
  if (el.TextArrange === 1) return { Width: Math.max(m.width, line), Height: Math.max(m.height, 1) };
  return {
    Width: el.TextAutoLine ? el.BoxWidth : Math.max(m.width, 1),
    Height: Math.max(m.height, line),
  };
}
