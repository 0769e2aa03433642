// A GS1-128 field whose values our code elements refuse (a GS1 rule broken, e.g. a wrong check
// digit): the bars of the data as it was sent — FNC1 first and after each value of no fixed
// length, no rule checked — as a picture. A Zebra in mode N (`>;>8…`) encodes its data as given; what
// it does in mode D with a wrong check digit the ZPL II guide does not settle, so the field stays
// listed as `^BC data` (docs/zpl.md). Our GS1-128 elements always check their data, hence a picture.
import { bwipLinear } from "../codes/bwip";
import { fnc1Input, parseElementString } from "../codes/gs1";
import type { DotBitmap } from "./graphic";
import { ZPL_MAX_GRAPHIC_DOTS } from "./limits";

/** The bars of bracketed GS1 data `(02)…(37)…`, `module` dots a module, `height` dots tall; null if unreadable. */
export function gs1BarsAsGiven(data: string, module: number, height: number): DotBitmap | null {
  let sbs: number[];
  try {
    const list = parseElementString(data);
    if (!list.length) return null;
    sbs = bwipLinear("code128", fnc1Input(list), { parsefnc: true }).sbs;
  } catch {
    return null;
  }
  const m = Math.max(1, Math.round(module));
  const h = Math.max(1, Math.round(height));
  const width = sbs.reduce((a, b) => a + b, 0) * m;
  if (width * h > ZPL_MAX_GRAPHIC_DOTS) return null;
  const bytesPerRow = Math.ceil(width / 8);
  const row = new Uint8Array(bytesPerRow);
  let x = 0;
  sbs.forEach((w, i) => {
    // widths alternate bar, space, bar… from a bar
    if (i % 2 === 0) for (let d = x; d < x + w * m; d++) row[d >> 3] |= 0x80 >> (d & 7);
    x += w * m;
  });
  const out = new Uint8Array(bytesPerRow * h);
  for (let y = 0; y < h; y++) out.set(row, y * bytesPerRow);
  return { width, height: h, bytesPerRow, data: out };
}
