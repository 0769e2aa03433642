// Printer geometry: millimetres → printer dots. Label printers take whole bytes per row, so both
// sides are rounded UP to a multiple of 8 dots (spec §9); 203 dpi is the default resolution.

export const DEFAULT_DPI = 203;
export const MM_PER_INCH = 25.4;

/** Resolutions the print path accepts (common thermal heads). */
export const SUPPORTED_DPI: readonly number[] = [203, 300, 600];

export function normalDpi(dpi: unknown): number {
  const n = Number(dpi);
  return SUPPORTED_DPI.includes(n) ? n : DEFAULT_DPI;
}

/** Dots for a length in mm at `dpi`, rounded up to a multiple of 8 (at least 8). */
export function dotsFor(mm: number, dpi: number): number {
  const exact = (Math.max(0, Number.isFinite(mm) ? mm : 0) / MM_PER_INCH) * dpi;
  // tolerate float noise: 50 mm at 203 dpi is 399.6…, but 80 dots must not become 88
  return Math.max(8, Math.ceil((exact - 1e-6) / 8) * 8);
}

/** Length in mm of a number of dots. */
export const mmOfDots = (dots: number, dpi: number) => (dots / dpi) * MM_PER_INCH;
