// ZPL (Zebra): per page `^XA ^PW ^LL ^FO0,0 ^GFA … ^FS ^PQ ^XZ`, the bitmap as ASCII hex with the
// ZPL compression scheme: a repeat count before a hex digit (G–Y = 1–19, g–z = 20–400, letters
// add up), "," = rest of the row is 0, "!" = rest of the row is F, ":" = same row as the previous.
import type { Bitmap } from "./bitmap";

const HEX = "0123456789ABCDEF";

/** The repeat prefix for `n` ≥ 2 equal characters. */
export function repeatCount(n: number): string {
  let s = "";
  let left = n;
  while (left >= 400) {
    s += "z";
    left -= 400;
  }
  if (left >= 20) {
    s += String.fromCharCode("g".charCodeAt(0) + Math.floor(left / 20) - 1);
    left %= 20;
  }
  if (left > 0) s += String.fromCharCode("G".charCodeAt(0) + left - 1);
  return s;
}

function compressRow(hex: string): string {
  const zeros = /0+$/.exec(hex);
  const ones = /F+$/.exec(hex);
  let end = hex.length;
  let tail = "";
  if (zeros && zeros[0].length > 1) {
    end = zeros.index;
    tail = ",";
  } else if (ones && ones[0].length > 1) {
    end = ones.index;
    tail = "!";
  }
  let out = "";
  let i = 0;
  while (i < end) {
    let j = i + 1;
    while (j < end && hex[j] === hex[i]) j++;
    out += j - i > 1 ? repeatCount(j - i) + hex[i] : hex[i];
    i = j;
  }
  return out + tail;
}

/** The compressed ^GFA data of a bitmap. */
export function zplGraphic(b: Bitmap): string {
  let out = "";
  let prev = "";
  for (let y = 0; y < b.height; y++) {
    let hex = "";
    const row = y * b.bytesPerRow;
    for (let x = 0; x < b.bytesPerRow; x++) {
      const v = b.data[row + x];
      hex += HEX[v >> 4] + HEX[v & 15];
    }
    out += y > 0 && hex === prev ? ":" : compressRow(hex);
    prev = hex;
  }
  return out;
}

/** One page as a ZPL label format, printed `copies` times; `settings`: the printer's own commands
 * for every format (settings.ts zplFormatSettings). */
export function zplPage(b: Bitmap, copies = 1, settings = ""): Uint8Array {
  const total = b.bytesPerRow * b.height;
  const n = Math.max(1, Math.floor(copies) || 1);
  const text = `^XA${settings}^PW${b.width}^LL${b.height}^FO0,0^GFA,${total},${total},${b.bytesPerRow},${zplGraphic(b)}^FS^PQ${n}^XZ\n`;
  return new TextEncoder().encode(text);
}

/** CRC-16 (polynomial 0x1021) of the base64 text, as Z64/B64 blocks carry it. */
export function crc16(text: string, init: number): number {
  let crc = init;
  for (let i = 0; i < text.length; i++) {
    crc ^= text.charCodeAt(i) << 8;
    for (let b = 0; b < 8; b++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}
