// The member cuts (application.md §6): a custom crop (one box drawn on a page, the same box on every
// page) and smart splitting (a page of rows × columns labels, e.g. a 2 × 5 sticker sheet). The grid is
// laid over the page's ink and each inner boundary moves to the middle of the widest white band near
// its even position (the gutter between stickers), so uneven margins and gaps still cut between labels.
import { inkBox } from "./autocrop";
import type { GrayImage, PixelBox } from "./image";

/** A box as fractions (0–1) of the page, so one box fits every page of a document. */
export interface FracBox {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

const clamp01 = (v: number) => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0);

/** The page pixels of a fractional box (clamped to the page, at least one pixel). */
export function boxOnPage(b: FracBox, width: number, height: number): PixelBox {
  // float noise (0.1 + 0.2) must not add a pixel
  const down = (v: number) => Math.floor(v + 1e-9);
  const up = (v: number) => Math.ceil(v - 1e-9);
  const x = down(clamp01(b.x) * width);
  const y = down(clamp01(b.y) * height);
  const x1 = up(clamp01(b.x + b.w) * width);
  const y1 = up(clamp01(b.y + b.h) * height);
  return {
    x: Math.min(x, width - 1),
    y: Math.min(y, height - 1),
    w: Math.max(1, x1 - x),
    h: Math.max(1, y1 - y),
  };
}

/** A pixel box as fractions of the page. */
export function fracOf(b: PixelBox, width: number, height: number): FracBox {
  return { x: b.x / width, y: b.y / height, w: b.w / width, h: b.h / height };
}

/** Boundaries along one axis: the ends, and each inner one moved into the widest white band near it. */
function boundaries(profile: Int32Array, parts: number): number[] {
  const n = profile.length;
  const out = [0];
  for (let k = 1; k < parts; k++) {
    const even = Math.round((k * n) / parts);
    const reach = Math.floor(n / parts / 3);
    let best = even;
    let bestLen = -1;
    let run = 0;
    for (let i = Math.max(0, even - reach); i <= Math.min(n - 1, even + reach); i++) {
      run = profile[i] === 0 ? run + 1 : 0;
      if (run > bestLen) {
        bestLen = run;
        best = i - Math.floor((run - 1) / 2);
      }
    }
    out.push(bestLen > 0 ? best : even);
  }
  out.push(n);
  return out;
}

/** The labels of a page split into `rows × columns` cells, in reading order, each trimmed to its ink. */
export function splitGrid(page: GrayImage, rows: number, columns: number, ink = 160): PixelBox[] {
  const r = Math.max(1, Math.min(20, Math.floor(rows) || 1));
  const c = Math.max(1, Math.min(20, Math.floor(columns) || 1));
  const all = inkBox(page, { x: 0, y: 0, w: page.width, h: page.height }, ink);
  if (!all) return [];
  const rowProfile = new Int32Array(all.h);
  const colProfile = new Int32Array(all.w);
  for (let y = 0; y < all.h; y++)
    for (let x = 0; x < all.w; x++)
      if (page.data[(all.y + y) * page.width + all.x + x] < ink) {
        rowProfile[y]++;
        colProfile[x]++;
      }
  const ys = boundaries(rowProfile, r);
  const xs = boundaries(colProfile, c);
  const out: PixelBox[] = [];
  for (let i = 0; i < r; i++)
    for (let j = 0; j < c; j++) {
      const cell = { x: all.x + xs[j], y: all.y + ys[i], w: xs[j + 1] - xs[j], h: ys[i + 1] - ys[i] };
      const b = inkBox(page, cell, ink);
      if (b) out.push(b);
    }
  return out;
}
