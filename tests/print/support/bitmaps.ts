import type { Bitmap } from "../../../src/print/bitmap";

/** A bitmap from rows of bytes (1 bits = black). */
export function bitmapOf(rows: number[][]): Bitmap {
  const bytesPerRow = rows[0].length;
  return { width: bytesPerRow * 8, height: rows.length, bytesPerRow, data: Uint8Array.from(rows.flat()) };
}
