// Conversions between the encoders' native outputs and our list of bars.
import type { Bar } from "../types";

/** "1110010" (JsBarcode's module string) → merged bars; offset shifts every bar by that many modules. */
export function barsFromBinary(bits: string, offset = 0, y1 = 1): Bar[] {
  const bars: Bar[] = [];
  let i = 0;
  while (i < bits.length) {
    if (bits[i] !== "1") {
      i++;
      continue;
    }
    let j = i;
    while (j < bits.length && bits[j] === "1") j++;
    bars.push({ x: offset + i, w: j - i, y0: 0, y1 });
    i = j;
  }
  return bars;
}

/** Alternating bar, space, bar… widths (bwip-js `sbs`) → bars. */
export function barsFromWidths(sbs: readonly number[]): { bars: Bar[]; width: number } {
  const bars: Bar[] = [];
  let x = 0;
  for (let i = 0; i < sbs.length; i++) {
    if (i % 2 === 0 && sbs[i] > 0) bars.push({ x, w: sbs[i], y0: 0, y1: 1 });
    x += sbs[i];
  }
  return { bars, width: x };
}

/** Bars → alternating bar/space widths, for comparisons with other encoders. */
export function widthsFromBars(bars: readonly Bar[]): number[] {
  const out: number[] = [];
  let x = bars.length ? bars[0].x : 0;
  for (const b of bars) {
    if (out.length) out.push(b.x - x);
    out.push(b.w);
    x = b.x + b.w;
  }
  return out;
}
