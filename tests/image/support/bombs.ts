// Decompression bombs made on the spot (issue 33): a PNG whose header says 1 × 1 but whose data
// inflates to `inflated` bytes, and headers of every picture format claiming a huge size.
import { constants, deflateRawSync } from "node:zlib";
import { crc32 } from "../../../src/image/pngChunk";

const MiB = 1024 * 1024;

/**
 * A zlib stream of `n` zero bytes (a multiple of 1 MiB) without ever holding them: one MiB of zeros
 * compressed up to a sync flush (a non-final block that refers only to itself), repeated, then an
 * empty final block and the Adler-32 of n zeros. 1 GiB → ~1 MB.
 */
export function zlibZeros(n: number): Uint8Array {
  const block = deflateRawSync(Buffer.alloc(MiB), { finishFlush: constants.Z_SYNC_FLUSH });
  const count = n / MiB;
  const out = Buffer.alloc(2 + block.length * count + 2 + 4);
  out[0] = 0x78;
  out[1] = 0x9c;
  for (let i = 0; i < count; i++) block.copy(out, 2 + i * block.length);
  const end = 2 + block.length * count;
  out[end] = 0x03; // final fixed-Huffman block holding only its end code
  out[end + 1] = 0x00;
  out.writeUInt32BE((((n % 65521) << 16) | 1) >>> 0, end + 2); // Adler-32: a = 1, b = n mod 65521
  return new Uint8Array(out);
}

function chunk(type: string, body: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + body.length);
  out.writeUInt32BE(body.length, 0);
  out.write(type, 4, "latin1");
  out.set(body, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + body.length)) >>> 0, 8 + body.length);
  return out;
}

/** An RGBA PNG of the given header size whose IDAT is `zlib`. */
export function pngOf(width: number, height: number, zlib: Uint8Array): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
      chunk("IHDR", ihdr),
      chunk("IDAT", zlib),
      chunk("IEND", new Uint8Array(0)),
    ]),
  );
}

/** The PNG bomb: 1 × 1 by its header, `inflated` bytes of data (default 1 GiB). */
export const pngBomb = (inflated = 1024 * MiB) => pngOf(1, 1, zlibZeros(inflated));

/** A JPEG that is only a start-of-frame claiming width × height (baseline, 3 components). */
export function jpegClaiming(width: number, height: number): Uint8Array {
  const sof = [0xff, 0xc0, 0, 17, 8, height >> 8, height & 255, width >> 8, width & 255, 3];
  for (let c = 1; c <= 3; c++) sof.push(c, 0x11, 0);
  return new Uint8Array([0xff, 0xd8, ...sof, 0xff, 0xd9]);
}

/** A GIF header (logical screen) claiming width × height. */
export function gifClaiming(width: number, height: number): Uint8Array {
  const b = Buffer.alloc(32);
  b.write("GIF89a", 0, "latin1");
  b.writeUInt16LE(width, 6);
  b.writeUInt16LE(height, 8);
  b[31] = 0x3b;
  return new Uint8Array(b);
}

/** A 24-bit BMP header claiming width × height (with no pixels behind it). */
export function bmpClaiming(width: number, height: number): Uint8Array {
  const b = Buffer.alloc(64);
  b.write("BM", 0, "latin1");
  b.writeUInt32LE(b.length, 2);
  b.writeUInt32LE(54, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(width, 18);
  b.writeInt32LE(height, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(24, 28);
  return new Uint8Array(b);
}

/** An extended WebP header (VP8X) claiming width × height. */
export function webpClaiming(width: number, height: number): Uint8Array {
  const b = Buffer.alloc(40);
  b.write("RIFF", 0, "latin1");
  b.writeUInt32LE(b.length - 8, 4);
  b.write("WEBPVP8X", 8, "latin1");
  b.writeUInt32LE(10, 16);
  b.writeUIntLE(width - 1, 24, 3);
  b.writeUIntLE(height - 1, 27, 3);
  return new Uint8Array(b);
}
