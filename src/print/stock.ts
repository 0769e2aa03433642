// The labels a printer is loaded with against the label being printed (issue 34: 100 × 150 mm jobs
// went to a printer set up for 100 × 50 mm with no warning). A printer's stock is what its settings
// say it holds (the print assistant's `widthMm`/`heightMm`, set by its test label). Sizes within
// STOCK_TOLERANCE_MM match; a turned label (100 × 50 on 50 × 100) does not: it would print sideways.

export interface Stock {
  readonly widthMm: number;
  readonly heightMm: number;
}

export const STOCK_TOLERANCE_MM = 1;

/** Label sizes a printer (or a cloud device) may say it is loaded with (mm). */
export const MIN_LABEL_MM = 5;
export const MAX_LABEL_MM = 400;

/** A printer's stock from its settings, or undefined when it does not say (or says nonsense). */
export function stockOf(p: { widthMm?: unknown; heightMm?: unknown }): Stock | undefined {
  const ok = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && v > 0;
  return ok(p.widthMm) && ok(p.heightMm) ? { widthMm: p.widthMm, heightMm: p.heightMm } : undefined;
}

/** The stock when it differs from the page being printed, else null (also when unknown). */
export function stockMismatch(
  stock: Stock | undefined,
  page: { width: number; height: number },
): Stock | null {
  if (!stock) return null;
  const near = (a: number, b: number) => Math.abs(a - b) <= STOCK_TOLERANCE_MM;
  return near(stock.widthMm, page.width) && near(stock.heightMm, page.height) ? null : stock;
}
