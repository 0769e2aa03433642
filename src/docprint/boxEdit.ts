// Editing label boxes on a page preview, in fractions of the page: a box drawn by dragging from one
// corner to the other (any direction), a box added from the keyboard, a box moved or resized. Every
// result stays on the page and is at least MIN_BOX either way.
import type { FracBox } from "./split";

/** The smallest side of a box, as a fraction of the page (2 %: about 4 mm on A4). */
export const MIN_BOX = 0.02;
/** A box added with the keyboard: this fraction of the page either way. */
export const ADDED_BOX = 0.4;

const clamp = (v: number, lo: number, hi: number) =>
  Number.isFinite(v) ? Math.min(hi, Math.max(lo, v)) : lo;

export interface FracPoint {
  readonly x: number;
  readonly y: number;
}

/** The box between two points of a drag, clamped to the page; null when it is too small to be a box. */
export function drawnBox(a: FracPoint, b: FracPoint): FracBox | null {
  const x0 = clamp(Math.min(a.x, b.x), 0, 1);
  const y0 = clamp(Math.min(a.y, b.y), 0, 1);
  const x1 = clamp(Math.max(a.x, b.x), 0, 1);
  const y1 = clamp(Math.max(a.y, b.y), 0, 1);
  if (x1 - x0 < MIN_BOX || y1 - y0 < MIN_BOX) return null;
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/** A box added without a pointer: ADDED_BOX of the page, centred, stepped down-right past boxes already there. */
export function addedBox(existing: readonly FracBox[]): FracBox {
  const start = (1 - ADDED_BOX) / 2;
  const step = 0.05;
  const same = (b: FracBox, x: number, y: number) => Math.abs(b.x - x) < 1e-6 && Math.abs(b.y - y) < 1e-6;
  let x = start;
  let y = start;
  for (let i = 0; i < 8 && existing.some((b) => same(b, x, y)); i++) {
    x = Math.min(1 - ADDED_BOX, x + step);
    y = Math.min(1 - ADDED_BOX, y + step);
  }
  return { x, y, w: ADDED_BOX, h: ADDED_BOX };
}

/** The box moved by (dx, dy), kept whole on the page. */
export function movedBox(b: FracBox, dx: number, dy: number): FracBox {
  return { ...b, x: clamp(b.x + dx, 0, 1 - b.w), y: clamp(b.y + dy, 0, 1 - b.h) };
}

/** The box's bottom-right corner moved by (dw, dh), kept on the page and at least MIN_BOX. */
export function resizedBox(b: FracBox, dw: number, dh: number): FracBox {
  return { ...b, w: clamp(b.w + dw, MIN_BOX, 1 - b.x), h: clamp(b.h + dh, MIN_BOX, 1 - b.y) };
}
