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
      // Z_FILTERED: fewer short matches, which suits streams of numbers (~1 % smaller pages)
      const options = { level: 6, strategy: zlib.constants.Z_FILTERED };
      return async (d) => new Uint8Array(zlib.deflateSync(d, options));
    } catch {
      // fall through to the portable codecs
    }
  }
  return async (d) => zlibSync(d, { level: 3 });
}

/** zlib-wrapped deflate of `data` (what a PDF FlateDecode stream holds). */
export async function deflate(data: Uint8Array): Promise<Uint8Array> {
  if (!codec) codec = pick();
  return (await codec)(data);
}
