// zlib (FlateDecode) compression of page streams, the bulk of the work after rendering in a
// 1,000-page batch. Node: its native zlib (fast, level 6). Browser and worker: fflate at level 3,
// synchronous — CompressionStream is native too, but its per-stream promise and stream hops made a
// thousand ~3 KB pages 2–3 × slower than fflate in Chromium (measured), for ~8 % smaller output.
import { zlibSync } from "fflate";

type Codec = (data: Uint8Array) => Promise<Uint8Array>;

const isNode = () =>
  typeof process !== "undefined" &&
  typeof (process as { versions?: { node?: string } }).versions?.node === "string" &&
  typeof window === "undefined";

let codec: Promise<Codec> | null = null;

async function pick(): Promise<Codec> {
  if (isNode()) {
    try {
      // a variable specifier: bundlers for the browser leave it alone
      const name = "node:zlib";
      const zlib: typeof import("node:zlib") = await import(/* @vite-ignore */ name);
      // Z_FILTERED: fewer short matches, which suits streams of numbers (~1 % smaller pages).
      // The window is the smallest that holds the whole input: zlib sets up (and clears) memory in
      // proportion to it at every call, ~20 % of the call for a ~2 KB page; a window that reaches
      // across the input finds the same matches.
      const options = (size: number) => ({
        level: 6,
        strategy: zlib.constants.Z_FILTERED,
        windowBits: windowBitsFor(size),
        memLevel: 8,
      });
      return async (d) => new Uint8Array(zlib.deflateSync(d, options(d.length)));
    } catch {
      // fall through to the portable codecs
    }
  }
  return async (d) => zlibSync(d, { level: 3 });
}

/**
 * The smallest zlib window (9–15 bits) whose match distance (the window less zlib's 262-byte
 * look-ahead) reaches across `size` bytes.
 */
export function windowBitsFor(size: number): number {
  let bits = 9;
  while (bits < 15 && (1 << bits) - 262 < size) bits++;
  return bits;
}

/** zlib-wrapped deflate of `data` (what a PDF FlateDecode stream holds). */
export async function deflate(data: Uint8Array): Promise<Uint8Array> {
  if (!codec) codec = pick();
  return (await codec)(data);
}
