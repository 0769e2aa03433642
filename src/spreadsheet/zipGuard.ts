// Zip-bomb check for .xlsx before SheetJS sees it. Sizes declared in the central directory can lie,
// so every entry is really inflated (in small slices, output counted and discarded) and the archive is
// refused as soon as the running total passes the limit. Costs one extra inflate pass; no entry is
// ever held whole in memory here.
import { Inflate } from "fflate";
import type { SpreadsheetError } from "./types";

export interface ZipEntry {
  readonly name: string;
  readonly method: number;
  readonly compressedSize: number;
  readonly declaredSize: number;
  readonly localOffset: number;
}

const u16 = (b: Uint8Array, o: number) => b[o] | (b[o + 1] << 8);
const u32 = (b: Uint8Array, o: number) => (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16)) + b[o + 3] * 0x1000000;

/** Reads the central directory; null when the bytes are not a readable (non-zip64) zip archive. */
export function listZip(b: Uint8Array): ZipEntry[] | null {
  // End of central directory: signature 0x06054b50 within the last 64 KiB + 22 bytes.
  let eocd = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 0xffff); i--) {
    if (b[i] === 0x50 && b[i + 1] === 0x4b && b[i + 2] === 0x05 && b[i + 3] === 0x06) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = u16(b, eocd + 10);
  let p = u32(b, eocd + 16);
  if (count === 0xffff || p === 0xffffffff) return null;
  const entries: ZipEntry[] = [];
  const dec = new TextDecoder();
  for (let k = 0; k < count; k++) {
    if (p + 46 > b.length || u32(b, p) !== 0x02014b50) return null;
    const method = u16(b, p + 10);
    const compressedSize = u32(b, p + 20);
    const declaredSize = u32(b, p + 24);
    const nameLen = u16(b, p + 28);
    const extraLen = u16(b, p + 30);
    const commentLen = u16(b, p + 32);
    const localOffset = u32(b, p + 42);
    if (compressedSize === 0xffffffff || declaredSize === 0xffffffff || localOffset === 0xffffffff)
      return null;
    const name = dec.decode(b.subarray(p + 46, p + 46 + nameLen));
    entries.push({ name, method, compressedSize, declaredSize, localOffset });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

// 64 KiB of deflate input expands to at most ~66 MB, which bounds the memory one step can take.
const SLICE = 64 * 1024;

export class LimitReached extends Error {}

function entryData(b: Uint8Array, e: ZipEntry): Uint8Array {
  const lh = e.localOffset;
  if (lh + 30 > b.length || u32(b, lh) !== 0x04034b50) throw new Error("bad local header");
  const start = lh + 30 + u16(b, lh + 26) + u16(b, lh + 28);
  const end = start + e.compressedSize;
  if (end > b.length) throw new Error("entry past end of file");
  return b.subarray(start, end);
}

/**
 * Inflates one entry, handing each output chunk to `sink`; throws LimitReached as soon as more than
 * `budget` bytes came out. Returns the number of bytes produced.
 */
function inflateEntry(
  b: Uint8Array,
  e: ZipEntry,
  budget: number,
  sink?: (chunk: Uint8Array) => void,
): number {
  const data = entryData(b, e);
  if (e.method === 0) {
    if (data.length > budget) throw new LimitReached();
    sink?.(data);
    return data.length;
  }
  if (e.method !== 8) throw new Error(`compression method ${e.method}`);
  let produced = 0;
  const inf = new Inflate((chunk) => {
    produced += chunk.length;
    if (produced <= budget) sink?.(chunk);
  });
  for (let p = 0; p < data.length; p += SLICE) {
    const q = Math.min(data.length, p + SLICE);
    inf.push(data.subarray(p, q), q === data.length);
    if (produced > budget) throw new LimitReached();
  }
  return produced;
}

/** An entry's bytes, refusing (LimitReached) more than `budget` bytes whatever the entry declares. */
export function readEntry(b: Uint8Array, e: ZipEntry, budget: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  const n = inflateEntry(b, e, budget, (c) => chunks.push(c));
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(n);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}

/** null when the archive stays within `maxUnpacked` bytes, else the error to report. */
export function checkZip(b: Uint8Array, maxUnpacked: number): SpreadsheetError | null {
  const entries = listZip(b);
  if (!entries) return { key: "spreadsheet.error.corrupt", detail: "unreadable zip directory" };
  const tooBig: SpreadsheetError = {
    key: "spreadsheet.error.unpackedTooLarge",
    vars: { limit: Math.round(maxUnpacked / (1024 * 1024)) },
  };
  let declared = 0;
  for (const e of entries) declared += e.declaredSize;
  if (declared > maxUnpacked) return tooBig;
  let total = 0;
  try {
    for (const e of entries) total += inflateEntry(b, e, maxUnpacked - total);
  } catch (err) {
    if (err instanceof LimitReached) return tooBig;
    return { key: "spreadsheet.error.corrupt", detail: String((err as Error)?.message ?? err) };
  }
  return null;
}
