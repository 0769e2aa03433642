// Printer geometry: millimetres → printer dots. Label printers take whole bytes per row, so both
// sides are rounded UP to a multiple of 8 dots (spec §9); 203 dpi (PRINT_DPI) is the default resolution.
import { PRINT_DOT_MULTIPLE, PRINT_DPI, TARGET_DPIS } from "../model/constants";
import { mmToDots } from "../model/units";

export function normalDpi(dpi: unknown): number {
  const n = Number(dpi);
  // the resolutions the print path accepts are the target resolutions (common thermal heads)
  return (TARGET_DPIS as readonly number[]).includes(n) ? n : PRINT_DPI;
}

/** Dots for a length in mm at `dpi`, rounded up to a multiple of 8 (at least 8). */
export function dotsFor(mm: number, dpi: number): number {
  const exact = mmToDots(Math.max(0, Number.isFinite(mm) ? mm : 0), dpi);
  // tolerate float noise: 50 mm at 203 dpi is 399.6…, but 80 dots must not become 88
  const m = PRINT_DOT_MULTIPLE;
  return Math.max(m, Math.ceil((exact - 1e-6) / m) * m);
}

/** Length in mm of a number of dots (the print path's name for units.ts's dotsToMm). */
export { dotsToMm as mmOfDots } from "../model/units";
