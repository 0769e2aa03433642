// Complex shaping (Arabic joining, Indic reordering and conjuncts, Thai and combining marks) through
// HarfBuzz compiled to WebAssembly. Loaded lazily, only when some text needs it (`needsShaping`):
// prepareRender awaits `loadShaper`, layout then shapes synchronously. Latin and CJK text never
// loads it and keeps its per-character layout.
import type { ShapedGlyph } from "./glyphsAttr";

/** Scripts whose glyphs depend on their neighbours, and right-to-left words (drawn by glyph in visual
 * order so no reader has to reorder them): Hebrew, Arabic (+ Syriac, Thaana, NKo), Indic,
 * Thai, Lao, Tibetan, Myanmar, Khmer, combining marks, Arabic presentation forms. */
const COMPLEX_RANGES: readonly [number, number][] = [
  [0x0300, 0x036f],
  [0x0590, 0x08ff],
  [0x0900, 0x0dff],
  [0x0e00, 0x0fff],
  [0x1000, 0x109f],
  [0x1780, 0x17ff],
  [0x1ab0, 0x1aff],
  [0x1dc0, 0x1dff],
  [0x200c, 0x200d],
  [0x20d0, 0x20ff],
  [0xa8e0, 0xa8ff],
  [0xfb1d, 0xfdff],
  [0xfe20, 0xfe2f],
  [0xfe70, 0xfefe],
];
const COMPLEX = new RegExp(
  `[${COMPLEX_RANGES.map(([a, b]) => `\\u{${a.toString(16)}}-\\u{${b.toString(16)}}`).join("")}]`,
  "u",
);

export const needsShaping = (text: string): boolean => COMPLEX.test(text);

type Hb = typeof import("harfbuzzjs");
type HbFont = InstanceType<Hb["Font"]>;

let hb: Hb | null = null;
let loading: Promise<boolean> | null = null;

/** Load HarfBuzz (once). Resolves false when it cannot load: text is then laid out per character. */
export function loadShaper(): Promise<boolean> {
  if (hb) return Promise.resolve(true);
  if (!loading)
    loading = (async () => {
      const m = await import("harfbuzzjs");
      // bundles that cannot hold the package's top-level await (the downloaded assistant, the Node
      // export's Chromium page) load it through scripts/harfbuzz-esbuild.mjs, which exports the
      // WebAssembly instantiation as `ready`; elsewhere it is already done when the import resolves
      await (m as { ready?: Promise<unknown> }).ready;
      hb = m;
      return true;
    })().catch(() => {
      loading = null;
      return false;
    });
  return loading;
}

export const shaperReady = (): boolean => hb !== null;

const fonts = new WeakMap<ArrayBuffer, HbFont>();

function fontOf(h: Hb, bytes: ArrayBuffer): HbFont {
  let f = fonts.get(bytes);
  if (!f) {
    f = new h.Font(new h.Face(new h.Blob(bytes), 0));
    fonts.set(bytes, f);
  }
  return f;
}

const memo = new Map<string, ShapedGlyph[]>();
const MEMO_MAX = 4096;
const ids = new WeakMap<ArrayBuffer, number>();
let nextId = 0;

/**
 * The glyphs of `text` in the font file `bytes` (font units, visual order: right-to-left runs come
 * out left to right), or null when HarfBuzz is not loaded.
 */
export function shapeRun(bytes: ArrayBuffer, text: string, rtl: boolean): ShapedGlyph[] | null {
  const h = hb;
  if (!h) return null;
  let id = ids.get(bytes);
  if (id === undefined) {
    id = nextId++;
    ids.set(bytes, id);
  }
  const k = `${id}|${rtl ? "r" : "l"}|${text}`;
  const hit = memo.get(k);
  if (hit) return hit;
  const buf = new h.Buffer();
  buf.addText(text);
  buf.guessSegmentProperties();
  buf.setDirection(rtl ? h.Direction.RTL : h.Direction.LTR);
  h.shape(fontOf(h, bytes), buf);
  const out = buf.getGlyphInfosAndPositions().map((s) => ({
    g: s.codepoint,
    cl: s.cluster,
    ax: s.xAdvance ?? 0,
    dx: s.xOffset ?? 0,
    dy: s.yOffset ?? 0,
  }));
  if (memo.size >= MEMO_MAX) memo.delete(memo.keys().next().value as string);
  memo.set(k, out);
  return out;
}
