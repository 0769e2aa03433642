// Image resolution metadata: a PNG pHYs chunk or the JFIF density of a JPEG says "300 dpi", so
// print dialogs and office programs size the exported label correctly. Pure byte edits.
import { crc32 } from "../image/pngChunk";
import { EXPORT_DPI } from "../model/constants";

const PNG_SIG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const isPng = (b: Uint8Array) => b.length > 33 && PNG_SIG.every((v, i) => b[i] === v);

/** The PNG with a pHYs chunk for `dpi` right after IHDR (an existing pHYs is replaced). */
export function setPngDpi(png: Uint8Array, dpi: number): Uint8Array {
  if (!isPng(png)) return png;
  const ppm = Math.round(dpi / 0.0254);
  const chunk = new Uint8Array(21);
  const dv = new DataView(chunk.buffer);
  dv.setUint32(0, 9);
  chunk.set([0x70, 0x48, 0x59, 0x73], 4); // "pHYs"
  dv.setUint32(8, ppm);
  dv.setUint32(12, ppm);
  chunk[16] = 1; // unit: metre
  dv.setUint32(17, crc32(chunk.subarray(4, 17)));
  // walk chunks, dropping any pHYs, inserting ours after IHDR
  const parts: Uint8Array[] = [png.subarray(0, 8)];
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  let p = 8;
  while (p + 12 <= png.length) {
    const len = view.getUint32(p);
    const end = p + 12 + len;
    if (end > png.length) return png;
    const type = String.fromCharCode(png[p + 4], png[p + 5], png[p + 6], png[p + 7]);
    if (type !== "pHYs") parts.push(png.subarray(p, end));
    if (type === "IHDR") parts.push(chunk);
    p = end;
  }
  const out = new Uint8Array(parts.reduce((n, x) => n + x.length, 0));
  let o = 0;
  for (const x of parts) {
    out.set(x, o);
    o += x.length;
  }
  return out;
}

/** The PNG's pHYs resolution in dpi, or null. */
export function pngDpi(png: Uint8Array): number | null {
  if (!isPng(png)) return null;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  let p = 8;
  while (p + 12 <= png.length) {
    const len = view.getUint32(p);
    const type = String.fromCharCode(png[p + 4], png[p + 5], png[p + 6], png[p + 7]);
    if (type === "pHYs" && png[p + 16] === 1) return Math.round(view.getUint32(p + 8) * 0.0254);
    p += 12 + len;
  }
  return null;
}

/** The JPEG with its JFIF APP0 density set to `dpi` (unchanged when there is no JFIF header). */
export function setJpegDpi(jpeg: Uint8Array, dpi: number): Uint8Array {
  const jfif = [0x4a, 0x46, 0x49, 0x46, 0x00];
  if (jpeg.length < 20 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8 || jpeg[2] !== 0xff || jpeg[3] !== 0xe0)
    return jpeg;
  if (!jfif.every((v, i) => jpeg[6 + i] === v)) return jpeg;
  const out = jpeg.slice();
  out[13] = 1; // dots per inch
  out[14] = (dpi >> 8) & 0xff;
  out[15] = dpi & 0xff;
  out[16] = (dpi >> 8) & 0xff;
  out[17] = dpi & 0xff;
  return out;
}

/** An exported PNG or JPEG tagged with the export's resolution (EXPORT_DPI). */
export const withExportDpi = (bytes: Uint8Array, format: "png" | "jpeg"): Uint8Array =>
  format === "png" ? setPngDpi(bytes, EXPORT_DPI) : setJpegDpi(bytes, EXPORT_DPI);
