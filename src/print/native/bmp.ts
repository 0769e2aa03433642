// A 1-bit Windows BMP of a bitmap, for TSPL: the job's fixed picture is downloaded once into the
// printer's memory (`DOWNLOAD "INKLESS.BMP",size,<file>`) and drawn on each label with `PUTBMP`.
// TSPL's BITMAP has no compression, so storing is what makes the fixed part cheap. Rows bottom-up,
// each padded to 4 bytes; palette 0 = black, 1 = white (our 1 = black bits are inverted).
import type { Bitmap } from "../bitmap";

const FILE_HEADER = 14;
const INFO_HEADER = 40;
const PALETTE = 8;

export function monoBmp(b: Bitmap, dpi: number): Uint8Array {
  const stride = Math.ceil(b.bytesPerRow / 4) * 4;
  const offset = FILE_HEADER + INFO_HEADER + PALETTE;
  const out = new Uint8Array(offset + stride * b.height);
  const v = new DataView(out.buffer);
  out[0] = 0x42; // "B"
  out[1] = 0x4d; // "M"
  v.setUint32(2, out.length, true);
  v.setUint32(10, offset, true);
  v.setUint32(14, INFO_HEADER, true);
  v.setInt32(18, b.width, true);
  v.setInt32(22, b.height, true);
  v.setUint16(26, 1, true); // planes
  v.setUint16(28, 1, true); // bits per pixel
  v.setUint32(34, stride * b.height, true);
  const perMetre = Math.round(dpi / 0.0254);
  v.setInt32(38, perMetre, true);
  v.setInt32(42, perMetre, true);
  v.setUint32(46, 2, true); // colours used
  v.setUint32(50, 2, true);
  // palette: index 0 black (already zero), index 1 white
  out.set([255, 255, 255, 0], FILE_HEADER + INFO_HEADER + 4);
  // padding bytes and the dots past the width stay white (1 bits)
  out.fill(0xff, offset);
  for (let y = 0; y < b.height; y++) {
    const to = offset + (b.height - 1 - y) * stride;
    for (let x = 0; x < b.bytesPerRow; x++) out[to + x] = ~b.data[y * b.bytesPerRow + x] & 0xff;
  }
  return out;
}
