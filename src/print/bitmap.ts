// A 1-bit page image: row-major, 8 dots per byte, most significant bit first, bit 1 = black.

export interface Bitmap {
  /** width in dots (a multiple of 8) */
  readonly width: number;
  readonly height: number;
  readonly bytesPerRow: number;
  readonly data: Uint8Array;
}

/** Threshold RGBA pixels (composited on white) into a bitmap: luminance below `threshold` is black. */
export function thresholdRgba(rgba: Uint8Array, width: number, height: number, threshold = 128): Bitmap {
  const bytesPerRow = Math.ceil(width / 8);
  const data = new Uint8Array(bytesPerRow * height);
  const t = Math.max(1, Math.min(255, threshold));
  // A label is long runs of one colour (paper, ink): a pixel the same as the one before it has the
  // same answer, compared as one 32-bit word where the buffer allows (issue 41: this loop was ~10 %
  // of a print job's main thread).
  const words =
    rgba.byteOffset % 4 === 0 && rgba.length >= width * height * 4
      ? new Uint32Array(rgba.buffer, rgba.byteOffset, width * height)
      : null;
  let last = -1;
  let dark = false;
  for (let y = 0; y < height; y++) {
    let p = y * width * 4;
    const row = y * bytesPerRow;
    for (let x = 0; x < width; x++, p += 4) {
      if (words) {
        const w = words[p >> 2];
        if (w !== last) {
          last = w;
          dark = luma(rgba, p) < t;
        }
      } else dark = luma(rgba, p) < t;
      if (dark) data[row + (x >> 3)] |= 0x80 >> (x & 7);
    }
  }
  return { width: bytesPerRow * 8, height, bytesPerRow, data };
}

/** Rec. 601 luma of the pixel at `p` over white. */
function luma(rgba: Uint8Array, p: number): number {
  const a = rgba[p + 3] / 255;
  return (0.299 * rgba[p] + 0.587 * rgba[p + 1] + 0.114 * rgba[p + 2]) * a + 255 * (1 - a);
}

/** Whether the dot at (x, y) is black. */
export function dotAt(b: Bitmap, x: number, y: number): boolean {
  if (x < 0 || y < 0 || x >= b.width || y >= b.height) return false;
  return (b.data[y * b.bytesPerRow + (x >> 3)] & (0x80 >> (x & 7))) !== 0;
}
