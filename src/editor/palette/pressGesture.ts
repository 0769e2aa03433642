// Palette press rules (spec §2): a press shorter than 300 ms is a click, not a drag; a longer press
// that is released over the canvas adds the element there. A double-click adds at the canvas centre,
// with a 500 ms guard against adding twice. Pure, so the rules are unit-tested without a DOM.
import { CLICK_MAX_MS, DOUBLE_CLICK_GUARD_MS } from "../../model/constants";

/** How far (px) the pointer must travel before a press shows a drag ghost. */
export const DRAG_SLOP_PX = 4;

export type PressOutcome = "click" | "drop" | "cancel";

export function pressOutcome(pressMs: number, moved: boolean, overCanvas: boolean): PressOutcome {
  if (pressMs < CLICK_MAX_MS) return "click";
  if (!moved) return "click";
  return overCanvas ? "drop" : "cancel";
}

/** A guard that lets one add through per 500 ms window. */
export function createAddGuard(now: () => number = () => Date.now()) {
  let last = Number.NEGATIVE_INFINITY;
  return {
    allow(): boolean {
      const t = now();
      if (t - last < DOUBLE_CLICK_GUARD_MS) return false;
      last = t;
      return true;
    },
  };
}
