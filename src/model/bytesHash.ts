// A short, stable name for some bytes: FNV-1a, 32 bits, as 8 hex digits. Not for security; it names
// a downloaded printer font after its bytes (the ZPL reader's families, a printer template's stored
// font), so two fonts of one file name never mix and the same font keeps its name.

/** FNV-1a of the bytes, as 8 hex digits. */
export function bytesHash(b: Uint8Array): string {
  let h = 0x811c9dc5;
  for (const v of b) h = Math.imul(h ^ v, 0x01000193) >>> 0;
  return h.toString(16).padStart(8, "0");
}
