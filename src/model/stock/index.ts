// The label stock catalogue: makers' sheet products (Avery, Herma, Zweckform, …) and label rolls by
// part number, with their paper and grid, from the gLabels template database (MIT:
// LICENSE.glabels-templates.txt; made by scripts/stock-catalogue.mjs). About 400 KB, so it is
// loaded only when someone searches it.
import type { SheetLayout } from "../types";

export interface StockProduct {
  readonly brand: string;
  readonly part: string;
  readonly description: string;
  /** the sheet's paper, or "roll" for one label a page */
  readonly paper: "A4" | "US-Letter" | "roll";
  readonly shape: "rect" | "round" | "ellipse";
  readonly layout: SheetLayout;
}

let loaded: Promise<readonly StockProduct[]> | null = null;

export function loadStockCatalogue(): Promise<readonly StockProduct[]> {
  loaded ??= import("./catalogue.json").then((m) => m.default as readonly StockProduct[]);
  return loaded;
}

const fold = (s: string) => s.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();

/** "63.99 × 38.1" and "63.99x38.1": the size as people type it. */
const sizeWords = (p: StockProduct) => {
  const w = p.layout.width;
  const h = p.layout.height;
  return `${w}x${h} ${Math.round(w)}x${Math.round(h)}`;
};

/**
 * Products matching every word of `query` (in brand, part number, description, paper or size
 * "70x37"), part-number matches first; at most `limit`.
 */
export function searchStock(list: readonly StockProduct[], query: string, limit = 30): StockProduct[] {
  const words = fold(query)
    .split(/[\s,]+/)
    .filter(Boolean);
  if (!words.length) return [];
  const scored: { p: StockProduct; score: number }[] = [];
  for (const p of list) {
    const part = fold(p.part);
    const hay = `${fold(p.brand)} ${part} ${fold(p.description)} ${fold(p.paper)} ${sizeWords(p)}`;
    if (!words.every((w) => hay.includes(w))) continue;
    const score = words.some((w) => part === w) ? 0 : words.some((w) => part.startsWith(w)) ? 1 : 2;
    scored.push({ p, score });
  }
  scored.sort((a, b) => a.score - b.score);
  return scored.slice(0, limit).map((s) => s.p);
}
