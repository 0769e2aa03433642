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
  for (let y = 0; y < height; y++) {
    let p = y * width * 4;
    const row = y * bytesPerRow;
    for (let x = 0; x < width; x++, p += 4) {
      const a = rgba[p + 3] / 255;
      // Rec. 601 luma of the pixel over white
      const l = (0.299 * rgba[p] + 0.587 * rgba[p + 1] + 0.114 * rgba[p + 2]) * a + 255 * (1 - a);
      if (l < t) data[row + (x >> 3)] |= 0x80 >> (x & 7);
    }
  }
  return { width: bytesPerRow * 8, height, bytesPerRow, data };
}

/** Whether the dot at (x, y) is black. */
export function dotAt(b: Bitmap, x: number, y: number): boolean {
  if (x < 0 || y < 0 || x >= b.width || y >= b.height) return false;
  return (b.data[y * b.bytesPerRow + (x >> 3)] & (0x80 >> (x & 7))) !== 0;
}
