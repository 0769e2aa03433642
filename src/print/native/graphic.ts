// A picture as ZPL ^GFA data, whichever is shorter: the ASCII hex run-length form (../zpl.ts) or
// ":Z64:" (zlib, base64, CRC-16 of the base64 text), which most printers since the ZM/ZT series read
// and which takes a mostly white picture of text to a fraction of the run-length form.
import { zlibSync } from "fflate";
import type { Bitmap } from "../bitmap";
import { crc16, zplGraphic } from "../zpl";

function base64(bytes: Uint8Array): string {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/** The ^GFA data of a bitmap in its shortest form. */
export function shortestGraphic(b: Bitmap): string {
  const hex = zplGraphic(b);
  const text = base64(zlibSync(b.data, { level: 9 }));
  const z64 = `:Z64:${text}:${crc16(text, 0).toString(16).toUpperCase().padStart(4, "0")}`;
  return z64.length < hex.length ? z64 : hex;
}

/** The bitmap as one ZPL field at (x, y) dots. */
export function zplGraphicField(x: number, y: number, b: Bitmap): string {
  const total = b.bytesPerRow * b.height;
  return `^FO${x},${y}^GFA,${total},${total},${b.bytesPerRow},${shortestGraphic(b)}^FS`;
}
