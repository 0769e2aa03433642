// The printer raster's text outlines need opentype.js's glyph paths (the layout reads only metrics,
// src/render/fontMetrics.ts). opentype.js would turn the whole cmap into an object first (a CJK
// face's ~30,000 characters, ~0.3 s of a small job's CPU) and index it again by glyph, so its cmap
// is swapped for NO_CMAP in the file's bytes for the length of the (synchronous) parse and put
// back; the face then maps characters with the on-demand lookup of cmap.ts. Only the
// variation-selector table (format 14) is not read: text never draws those selectors (chars.ts).
import type { Font } from "opentype.js";
import * as opentype from "opentype.js";
import { Cmap, tableDirectory } from "../render/cmap";

// Node loads opentype.js as CommonJS (parse on the default export), bundlers as ESM.
const ot = opentype as unknown as {
  parse?: typeof opentype.parse;
  default?: { parse: typeof opentype.parse };
};
const parse: typeof opentype.parse = (bytes, opt) =>
  (ot.parse ?? (ot.default as { parse: typeof opentype.parse }).parse)(bytes, opt);

/** A cmap that maps nothing (one format 4 subtable holding only its closing segment), 36 bytes. */
const NO_CMAP = Uint8Array.from([
  0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 12, 0, 4, 0, 24, 0, 0, 0, 2, 0, 2, 0, 0, 0, 0, 0xff, 0xff, 0, 0, 0xff,
  0xff, 0, 1, 0, 0,
]);

/** opentype.js's font of these bytes, its characters mapped on demand. */
export function parseOutlineFont(bytes: ArrayBuffer): Font {
  const view = new DataView(bytes);
  const table = bytes.byteLength >= 12 ? tableDirectory(view).get("cmap") : undefined;
  if (!table || table.length < NO_CMAP.length || table.offset + table.length > bytes.byteLength)
    return parse(bytes, { lowMemory: true });
  const at = new Uint8Array(bytes, table.offset, NO_CMAP.length);
  const own = at.slice();
  at.set(NO_CMAP);
  let font: Font;
  try {
    font = parse(bytes, { lowMemory: true });
  } finally {
    at.set(own);
  }
  const cmap = new Cmap(view, table.offset);
  (font as unknown as { encoding: unknown }).encoding = {
    charToGlyphIndex: (ch: string) => cmap.glyphId(ch.codePointAt(0) ?? 0),
  };
  return font;
}
