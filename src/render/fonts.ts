// The one font registry: family name → parsed faces (opentype.js) giving the metrics text layout
// uses. In the browser a face is fetched once and also added to document.fonts, so the canvas
// draws with exactly the file that was measured; in Node the files are read from public/fonts.

import type { Font } from "opentype.js";
import * as opentype from "opentype.js";
import { DEFAULT_FONT_FAMILY } from "../model/constants";
import { Cmap, tableDirectory } from "./cmap";
import {
  FALLBACK_CHAIN,
  FALLBACK_FONT_FAMILY,
  FONT_MANIFEST,
  type FontManifestEntry,
  inRanges,
} from "./fontManifest";
import { isIgnorable, isSpace, isWide } from "./text/chars";

/** Loads a font file named in the manifest (or a URL) as bytes. */
export type FontSource = (fileOrUrl: string) => Promise<ArrayBuffer>;

/** One face of a family with its metrics in em units (1 = the font size). */
export class Face {
  readonly family: string;
  /** true when this is a real bold face */
  readonly bold: boolean;
  /** false for the approximate face used before any font is loaded */
  readonly real: boolean;
  readonly ascent: number;
  readonly descent: number;
  readonly capHeight: number;
  readonly underlinePosition: number;
  readonly underlineThickness: number;
  readonly strikePosition: number;
  readonly strikeThickness: number;
  /** the font file (complex runs are shaped from it), absent for the approximate face */
  readonly data: ArrayBuffer | undefined;
  private readonly font: Font | null;
  private readonly upm: number;
  /** code point → advance in em, or -1 when the font has no glyph for it */
  private readonly cache = new Map<number, number>();

  constructor(family: string, bold: boolean, font: Font | null, data?: ArrayBuffer) {
    this.family = family;
    this.data = data;
    this.bold = bold;
    this.font = font;
    this.real = font !== null;
    this.upm = font?.unitsPerEm || 1000;
    const os2 = font?.tables.os2;
    const post = font?.tables.post;
    const u = this.upm;
    // Typographic ascent/descent normalised to one em: both shipped families define them so
    // that they sum to the em, which puts a line's glyphs in a predictable 1 em band.
    const asc = os2 && os2.sTypoAscender > 0 ? os2.sTypoAscender : (font?.ascender ?? 880);
    const desc = os2 && os2.sTypoDescender < 0 ? -os2.sTypoDescender : -(font?.descender ?? -120);
    this.ascent = asc / (asc + desc);
    this.descent = desc / (asc + desc);
    this.capHeight = os2?.sCapHeight ? os2.sCapHeight / u : 0.7;
    this.underlinePosition = post?.underlinePosition ? post.underlinePosition / u : -0.1;
    this.underlineThickness = post?.underlineThickness ? post.underlineThickness / u : 0.05;
    this.strikePosition = os2?.yStrikeoutPosition ? os2.yStrikeoutPosition / u : 0.3;
    this.strikeThickness = os2?.yStrikeoutSize ? os2.yStrikeoutSize / u : 0.05;
  }

  private lookup(cp: number): number {
    let v = this.cache.get(cp);
    if (v !== undefined) return v;
    if (!this.font) {
      v = isWide(cp) ? 1 : 0.55;
    } else {
      const gi = this.font.charToGlyphIndex(String.fromCodePoint(cp));
      v = gi > 0 ? (this.font.glyphs.get(gi).advanceWidth ?? 0) / this.upm : -1;
    }
    this.cache.set(cp, v);
    return v;
  }

  /** Advance in em when the face has a glyph for the code point, else -1 (one lookup). */
  metric(cp: number): number {
    const v = this.cache.get(cp);
    return v !== undefined ? v : this.lookup(cp);
  }

  /** Font units per em (shaped glyph positions are in these units). */
  get unitsPerEm(): number {
    return this.upm;
  }

  /** Whether the face has a glyph for the code point (the approximate face claims all). */
  has(cp: number): boolean {
    return this.lookup(cp) >= 0;
  }

  /** Horizontal advance in em (missing glyphs: the .notdef advance). */
  advance(cp: number): number {
    const v = this.lookup(cp);
    if (v >= 0) return v;
    const notdef = this.font ? (this.font.glyphs.get(0).advanceWidth ?? this.upm / 2) / this.upm : 0.5;
    return notdef;
  }
}

const isNode = () =>
  typeof window === "undefined" &&
  typeof process !== "undefined" &&
  typeof (process as { versions?: { node?: string } }).versions?.node === "string";

// A variable (not the literal `new URL("…", import.meta.url)` pattern) so bundlers do not pull the
// font folder into the build: browsers fetch the files from public/fonts instead.
const HERE = import.meta.url;
const FONT_DIR = "../../public/fonts/";

/** Node: shipped files from public/fonts, URLs fetched; browser: `${baseUrl}${file}` fetched. */
export function defaultSource(baseUrl: string): FontSource {
  return async (fileOrUrl) => {
    const isUrl = /^(https?:|data:|blob:|\/)/.test(fileOrUrl);
    if (isNode() && !isUrl) {
      // Node (tests, CLI, benchmarks): read the shipped file from disk, never outside public/fonts.
      if (fileOrUrl.includes("..")) throw new Error(`font ${fileOrUrl}: not a font file name`);
      const fsName = "node:fs/promises";
      const fs: typeof import("node:fs/promises") = await import(/* @vite-ignore */ fsName);
      const buf = await fs.readFile(new URL(FONT_DIR + fileOrUrl.replace(/^[/\\]+/, ""), HERE));
      // a whole file read has a memory of its own: hand it over rather than copy it (the CJK face's
      // 10 MB copy was ~50 ms of a small CLI job's start, issue 41)
      const whole = buf.byteOffset === 0 && buf.byteLength === buf.buffer.byteLength;
      return (
        whole ? buf.buffer : buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength)
      ) as ArrayBuffer;
    }
    const res = await fetch(isUrl ? fileOrUrl : `${baseUrl}${fileOrUrl}`);
    if (!res.ok) throw new Error(`font ${fileOrUrl}: HTTP ${res.status}`);
    return res.arrayBuffer();
  };
}

function browserBase(): string {
  const env = (import.meta as { env?: { BASE_URL?: string } }).env;
  return `${env?.BASE_URL ?? "/"}fonts/`;
}

// Node loads opentype.js as CommonJS (parse on the default export), bundlers as ESM.
const ot = opentype as unknown as {
  parse?: typeof opentype.parse;
  default?: { parse: typeof opentype.parse };
};
const parse: typeof opentype.parse = (bytes, opt) =>
  (ot.parse ?? (ot.default as { parse: typeof opentype.parse }).parse)(bytes, opt);

/**
 * A cmap that maps nothing (one format 4 subtable holding only its closing segment), 36 bytes:
 * what opentype.js is shown in place of the font's own while it parses.
 */
const NO_CMAP = Uint8Array.from([
  0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 12, 0, 4, 0, 24, 0, 0, 0, 2, 0, 2, 0, 0, 0, 0, 0xff, 0xff, 0, 0, 0xff,
  0xff, 0, 1, 0, 0,
]);

/**
 * opentype.js's font with the character map read on demand (cmap.ts): opentype.js turns the whole
 * table into an object (a CJK face's ~30,000 characters, ~0.3 s of a small export's CPU) and then
 * indexes it again by glyph. Its cmap is swapped for NO_CMAP in the file's bytes for the length of the
 * (synchronous) parse and put back; the face then maps characters with the lookup. Only the
 * variation-selector table (format 14) is not read: text never draws those selectors (chars.ts).
 * The raster path's text outlines parse their faces with it too (src/print/textPaths.ts).
 */
export function parseFont(bytes: ArrayBuffer): Font {
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

/** Code points that need a glyph: not spaces, controls, nor invisible format characters. */
function drawnCodePoints(text: string): Set<number> {
  const cps = new Set<number>();
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    if (cp < 0x20 || isSpace(cp) || (cp >= 0x7f && cp < 0xa0) || isIgnorable(cp)) continue;
    cps.add(cp);
  }
  return cps;
}

const key = (family: string, bold: boolean) => `${family}\u0000${bold ? "b" : "r"}`;

export class FontRegistry {
  private readonly entries = new Map<string, FontManifestEntry>();
  private readonly faces = new Map<string, Face>();
  private readonly pending = new Map<string, Promise<Face | null>>();
  private readonly approx = new Map<string, Face>();
  private readonly files = new Map<string, ArrayBuffer>();
  private readonly chains = new Map<string, { version: number; faces: readonly Face[] }>();
  /** Bumped whenever a face is registered: layouts computed before may have used other metrics. */
  version = 0;
  private readonly source: FontSource;

  constructor(opts: { source?: FontSource; baseUrl?: string; manifest?: readonly FontManifestEntry[] } = {}) {
    this.source = opts.source ?? defaultSource(opts.baseUrl ?? browserBase());
    for (const e of opts.manifest ?? FONT_MANIFEST) this.entries.set(e.name, e);
  }

  /** The known families (shipped ones first, then those added with `addFamily`). */
  families(): readonly FontManifestEntry[] {
    return [...this.entries.values()];
  }

  /** Make a family known, e.g. from the server's font list (url of the regular face). */
  addFamily(entry: FontManifestEntry): void {
    if (!entry.name || this.entries.has(entry.name)) return;
    this.entries.set(entry.name, entry);
  }

  hasFamily(family: string): boolean {
    return this.entries.has(family);
  }

  /** Register an already-fetched face (bytes of a TrueType/OpenType file). */
  async registerFace(family: string, bytes: ArrayBuffer, bold = false): Promise<Face> {
    const font = parseFont(bytes);
    const face = new Face(family, bold, font, bytes);
    this.faces.set(key(family, bold), face);
    this.files.set(key(family, bold), bytes);
    this.version++;
    await addWebFont(family, bytes, bold);
    return face;
  }

  /**
   * Load a family's face (regular, or bold when it ships one). Resolves to false when the family
   * is unknown or its file fails to load or parse (the editor shows tip126); never rejects.
   */
  async load(family: string, bold = false): Promise<boolean> {
    const entry = this.entries.get(family);
    if (!entry) return false;
    const wantBold = bold && !!entry.boldFile;
    const k = key(family, wantBold);
    if (this.faces.has(k)) return true;
    let p = this.pending.get(k);
    if (!p) {
      const file = wantBold ? (entry.boldFile as string) : entry.file;
      p = this.source(file)
        .then((bytes) => this.registerFace(family, bytes, wantBold))
        .catch(() => null)
        .finally(() => this.pending.delete(k));
      this.pending.set(k, p);
    }
    return (await p) !== null;
  }

  /** Load everything text in `family` needs: the face and the fallback family's face. */
  async ensure(family: string, bold = false): Promise<boolean> {
    const [ok] = await Promise.all([this.load(family, bold), this.load(FALLBACK_FONT_FAMILY, bold)]);
    return ok;
  }

  /** The TrueType bytes of a loaded face (for embedding in a PDF), or undefined. */
  bytes(family: string, bold = false): ArrayBuffer | undefined {
    return this.files.get(key(family, bold));
  }

  isLoaded(family: string, bold = false): boolean {
    return this.faces.has(key(family, bold));
  }

  /**
   * The best loaded face for a family: the exact face, else its regular face (bold is then
   * synthesised), else the default family's, else an approximate face so layout never fails.
   */
  face(family: string, bold = false): Face {
    return (
      this.faces.get(key(family, bold)) ??
      this.faces.get(key(family, false)) ??
      this.faces.get(key(DEFAULT_FONT_FAMILY, bold)) ??
      this.faces.get(key(DEFAULT_FONT_FAMILY, false)) ??
      this.approximate(family)
    );
  }

  /**
   * Faces to try in order for each glyph: the family's, the default family's, then every loaded
   * face of FALLBACK_CHAIN (prepareRender loads those the text needs: `ensureCoverage`).
   */
  chain(family: string, bold = false): readonly Face[] {
    const k = key(family, bold);
    const hit = this.chains.get(k);
    if (hit && hit.version === this.version) return hit.faces;
    const first = this.face(family, bold);
    const faces = [first];
    const add = (f: Face | undefined) => {
      if (f?.real && !faces.includes(f)) faces.push(f);
    };
    add(this.face(FALLBACK_FONT_FAMILY, bold));
    for (const { family: fb } of FALLBACK_CHAIN)
      add(this.faces.get(key(fb, bold)) ?? this.faces.get(key(fb, false)));
    this.chains.set(k, { version: this.version, faces });
    return faces;
  }

  /** Whether some face of the family's chain has a glyph for the code point. */
  covers(family: string, bold: boolean, cp: number): boolean {
    return this.chain(family, bold).some((f) => f.real && f.has(cp));
  }

  /**
   * Load the fallback faces that text in these (family, bold) styles needs to draw `text`: for each
   * character the loaded chain lacks, the next FALLBACK_CHAIN family whose scripts include it, until
   * one has it or none is left. Only the faces a text needs are fetched (CJK faces are ~6 MB).
   * Resolves to the characters no font can draw (never rejects).
   */
  async ensureCoverage(
    styles: readonly { family: string; bold: boolean }[],
    text: string,
  ): Promise<string[]> {
    const cps = drawnCodePoints(text);
    const tried = new Set<string>();
    for (;;) {
      const loads = new Map<string, Promise<boolean>>();
      for (const cp of cps) {
        for (const { family, bold } of styles) {
          if (this.covers(family, bold, cp)) continue;
          const next = FALLBACK_CHAIN.find(
            (f) =>
              inRanges(f.ranges, cp) && !tried.has(key(f.family, bold)) && !this.isLoadedFace(f.family, bold),
          );
          if (!next) continue;
          const k = key(next.family, bold);
          if (!loads.has(k)) loads.set(k, this.load(next.family, bold));
        }
      }
      if (loads.size === 0) break;
      for (const k of loads.keys()) tried.add(k);
      await Promise.all(loads.values());
    }
    return this.missingIn(styles, text);
  }

  /** The distinct characters of `text` that no loaded face of some of the styles can draw. */
  missingIn(styles: readonly { family: string; bold: boolean }[], text: string): string[] {
    const out: string[] = [];
    for (const cp of drawnCodePoints(text))
      if (styles.some((s) => !this.covers(s.family, s.bold, cp))) out.push(String.fromCodePoint(cp));
    return out;
  }

  /** A face is registered for (family, bold), the regular one standing in when there is no bold file. */
  private isLoadedFace(family: string, bold: boolean): boolean {
    const entry = this.entries.get(family);
    return this.faces.has(key(family, bold && !!entry?.boldFile));
  }

  private approximate(family: string): Face {
    let f = this.approx.get(family);
    if (!f) {
      f = new Face(family, false, null);
      this.approx.set(family, f);
    }
    return f;
  }
}

async function addWebFont(family: string, bytes: ArrayBuffer, bold: boolean): Promise<void> {
  if (typeof document === "undefined" || typeof FontFace === "undefined" || !document.fonts) return;
  try {
    const ff = new FontFace(family, bytes.slice(0), { weight: bold ? "700" : "400" });
    await ff.load();
    document.fonts.add(ff);
  } catch {
    // The metrics are registered; the canvas then falls back to a system font for this family.
  }
}

/** `@font-face` rules for the shipped fonts (for pages that render our SVG, e.g. screenshots). */
export function fontFaceCss(baseUrl: string, manifest: readonly FontManifestEntry[] = FONT_MANIFEST): string {
  const rule = (name: string, file: string, weight: number) =>
    `@font-face{font-family:"${name}";src:url("${baseUrl}${file}") format("truetype");font-weight:${weight};font-style:normal;}`;
  return manifest
    .flatMap((e) => [rule(e.name, e.file, 400), ...(e.boldFile ? [rule(e.name, e.boldFile, 700)] : [])])
    .join("\n");
}

let shared: FontRegistry | null = null;

/** The application-wide registry (layout, canvas, PDF and raster all use this one). */
export function getFontRegistry(): FontRegistry {
  if (!shared) shared = new FontRegistry();
  return shared;
}
