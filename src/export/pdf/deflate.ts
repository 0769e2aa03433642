// zlib (FlateDecode) compression with the fastest codec at hand: the platform's own (Node's zlib,
// the browser's CompressionStream, in workers too), else fflate. Page streams of a 1,000-page batch
// are the bulk of the work after rendering, and native zlib is several times faster than JS.
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
      return async (d) => new Uint8Array(zlib.deflateSync(d, { level: 6 }));
    } catch {
      // fall through to the portable codecs
    }
  }
  if (typeof CompressionStream !== "undefined" && typeof Response !== "undefined") {
    return async (d) => {
      const s = new Blob([d as BlobPart]).stream().pipeThrough(new CompressionStream("deflate"));
      return new Uint8Array(await new Response(s).arrayBuffer());
    };
  }
  return async (d) => zlibSync(d, { level: 6 });
}

/** zlib-wrapped deflate of `data` (what a PDF FlateDecode stream holds). */
export async function deflate(data: Uint8Array): Promise<Uint8Array> {
  if (!codec) codec = pick();
  return (await codec)(data);
}
