// ZPL graphics (^GF, ~DG) → a 1-bit bitmap (bit 1 = black, rows of whole bytes, as the printer's).
// ASCII hex with the run-length characters (G–Y: 1–19, g–z: 20–400 times the next digit; ","
// fills the row with 0, "!" with 1, ":" repeats the row above), binary, and ":Z64:" (zlib) or
// ":B64:" base64 with their CRC. Sizes are checked against the limits before anything is allocated.
import { ImageTooLarge, inflateAtMost } from "../image/guard";
import { crc16 } from "../print/zpl";
import { ZPL_MAX_GRAPHIC_DOTS, ZplError } from "./limits";

export interface DotBitmap {
  readonly width: number;
  readonly height: number;
  readonly bytesPerRow: number;
  /** bytesPerRow × height, most significant bit first, 1 = black */
  readonly data: Uint8Array;
}

export interface DecodedGraphic {
  readonly bitmap: DotBitmap;
  /** false when a Z64/B64 block's CRC did not match its text (the picture is still shown) */
  readonly crcOk: boolean;
}

/** The graphic's rows from its declared sizes, refused when larger than the limits. */
export function graphicShape(totalBytes: number, bytesPerRow: number): { rows: number; bpr: number } {
  const bpr = Math.floor(bytesPerRow);
  const total = Math.floor(totalBytes);
  if (!(bpr >= 1) || !(total >= 1)) throw new ZplError("zpl.error.graphic");
  const rows = Math.ceil(total / bpr);
  if (rows * bpr * 8 > ZPL_MAX_GRAPHIC_DOTS)
    throw new ZplError("zpl.error.graphicTooLarge", { megadots: ZPL_MAX_GRAPHIC_DOTS / 1e6 });
  return { rows, bpr };
}

function fromBase64(text: string): Uint8Array {
  const clean = text.replace(/\s+/g, "");
  if (!clean || !/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) throw new ZplError("zpl.error.graphic");
  let bin: string;
  try {
    bin = atob(clean);
  } catch {
    throw new ZplError("zpl.error.graphic");
  }
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function packed(bytes: Uint8Array, rows: number, bpr: number): DotBitmap {
  const data = new Uint8Array(rows * bpr);
  data.set(bytes.subarray(0, data.length));
  return { width: bpr * 8, height: rows, bytesPerRow: bpr, data };
}

function base64Block(data: string, rows: number, bpr: number): DecodedGraphic {
  const m = /^:(Z64|B64):([^:]*)(?::([0-9A-Fa-f]{1,4}))?/.exec(data.trim());
  if (!m) throw new ZplError("zpl.error.graphic");
  const text = m[2];
  const crc = m[3] ? Number.parseInt(m[3], 16) : null;
  // the CRC is CRC-16/XMODEM in Zebra's own tools; some writers start at 0xFFFF
  const crcOk = crc === null || crc === crc16(text, 0) || crc === crc16(text, 0xffff);
  let bytes = fromBase64(text);
  if (m[1] === "Z64") {
    try {
      bytes = inflateAtMost(bytes, rows * bpr);
    } catch (e) {
      if (e instanceof ImageTooLarge)
        throw new ZplError("zpl.error.graphicTooLarge", { megadots: ZPL_MAX_GRAPHIC_DOTS / 1e6 });
      throw new ZplError("zpl.error.graphic");
    }
  }
  return { bitmap: packed(bytes, rows, bpr), crcOk };
}

const HEX = /[0-9A-Fa-f]/;

function asciiHex(data: string, rows: number, bpr: number): DotBitmap {
  const out = new Uint8Array(rows * bpr);
  const rowNibbles = bpr * 2;
  const end = rows * rowNibbles;
  let pos = 0; // in nibbles
  let count = 0;
  const put = (v: number) => {
    if (v) out[pos >> 1] |= pos & 1 ? v : v << 4;
    pos++;
  };
  const nibbleAt = (p: number) => (p & 1 ? out[p >> 1] & 0x0f : out[p >> 1] >> 4);
  for (let i = 0; i < data.length && pos < end; i++) {
    const c = data[i];
    const code = c.charCodeAt(0);
    if (HEX.test(c)) {
      const v = Number.parseInt(c, 16);
      for (let k = Math.max(1, count); k > 0 && pos < end; k--) put(v);
      count = 0;
    } else if (code >= 71 && code <= 89)
      count += code - 70; // G–Y
    else if (code >= 103 && code <= 122)
      count += (code - 102) * 20; // g–z
    else if (c === "," || c === "!") {
      const rowEnd = (Math.floor(pos / rowNibbles) + 1) * rowNibbles;
      while (pos < rowEnd) put(c === "!" ? 15 : 0);
      count = 0;
    } else if (c === ":") {
      const rowEnd = (Math.floor(pos / rowNibbles) + 1) * rowNibbles;
      while (pos < rowEnd) put(pos >= rowNibbles ? nibbleAt(pos - rowNibbles) : 0);
      count = 0;
    }
  }
  return { width: bpr * 8, height: rows, bytesPerRow: bpr, data: out };
}

/** Decodes a graphic's data in its format: "A" ASCII hex (or Z64/B64), "B" binary. */
export function decodeGraphic(
  format: string,
  data: string,
  totalBytes: number,
  bytesPerRow: number,
): DecodedGraphic {
  const { rows, bpr } = graphicShape(totalBytes, bytesPerRow);
  if (format === "B") {
    const bytes = new Uint8Array(Math.min(data.length, rows * bpr));
    for (let i = 0; i < bytes.length; i++) bytes[i] = data.charCodeAt(i) & 0xff;
    return { bitmap: packed(bytes, rows, bpr), crcOk: true };
  }
  const t = data.trimStart();
  if (t.startsWith(":Z64:") || t.startsWith(":B64:")) return base64Block(t, rows, bpr);
  return { bitmap: asciiHex(data, rows, bpr), crcOk: true };
}
