// The one render path: LabelDocument (+ a record's values) → portable SVG at true size in mm.
// Canvas, PDF, images and the printer all start from this string (docs/rendering.md).

import type { RenderContext, RenderTarget } from "../elements/kind";
import { kindOf } from "../elements/registry";
import { DEFAULT_FONT_FAMILY, DEFAULT_LABEL_HEIGHT_MM, DEFAULT_LABEL_WIDTH_MM } from "../model/constants";
import { elementMatrix, localBox } from "../model/geometry";
import { hasCells, isDataBound } from "../model/kinds/caps";
import { safeImageHref } from "../model/kinds/image";
import { isMirrorCopy, type LabelDocument, type LabelElement } from "../model/types";
import { fragmentCache } from "./cache";
import { elementStyles, elementText } from "./coverage";
import { type FontRegistry, getFontRegistry } from "./fonts";
import { escapeXml, num } from "./svg";
import { loadShaper, needsShaping, shaperReady } from "./text/shaper";

export { describeChars, distinctChars, missingGlyphs, recordChars, unprintableChars } from "./coverage";
export { FALLBACK_FONT_FAMILY, FONT_MANIFEST, type FontManifestEntry } from "./fontManifest";
export { type Face, FontRegistry, fontFaceCss, getFontRegistry } from "./fonts";

export interface RenderOptions {
  /** each data-bound element's text for the record (default: the element's Data) */
  readonly values?: ReadonlyMap<string, string>;
  /** 'canvas' also draws mirror copies; default 'export' */
  readonly target?: RenderTarget;
  /** printer dots per inch (target 'print') */
  readonly dpi?: number;
  /** draw the label's background image (default: on the canvas, or when PrintBackground is on) */
  readonly background?: boolean;
  /** font registry (default: the application-wide one) */
  readonly fonts?: FontRegistry;
  /** reuse fragments of unchanged elements from earlier renders (default true) */
  readonly cache?: boolean;
  /** target 'canvas' only: the (translated) text an empty Text element shows in grey */
  readonly placeholder?: string;
  /**
   * prepareRender: characters other records may show (`distinctChars` of their values), so the
   * fallback faces they need are loaded too before a synchronous render of any record.
   */
  readonly chars?: string;
  /**
   * a preview (the print dialog's): each table inside a dashed red outline (application.md §9
   * "Table in previews"), so its extent shows where its lines are thin or absent; never printed
   */
  readonly tableOutline?: boolean;
}

/** The previews' table outline (application.md §9): dashed, red, a hairline at any zoom. */
export const TABLE_OUTLINE_COLOR = "#E53935";

/** How far outside the table's box the outline runs (mm), so it does not hide the table's border. */
const TABLE_OUTLINE_GAP_MM = 0.6;

function tableOutlineSvg(el: LabelElement): string {
  const b = localBox(el);
  const g = TABLE_OUTLINE_GAP_MM;
  return `<rect data-preview="table-outline" x="${-g}" y="${-g}" width="${num(b.width + 2 * g)}" height="${num(b.height + 2 * g)}" fill="none" stroke="${TABLE_OUTLINE_COLOR}" stroke-width="1" stroke-dasharray="4 3" vector-effect="non-scaling-stroke"/>`;
}

const EMPTY: ReadonlyMap<string, string> = new Map();

function contextFor(
  doc: LabelDocument,
  el: LabelElement,
  opts: RenderOptions,
  fonts: FontRegistry,
): RenderContext {
  const values = opts.values ?? EMPTY;
  const own = isDataBound(el) ? (typeof el.Data === "string" ? el.Data : "") : "";
  return {
    value: values.get(el.Id) ?? own,
    values,
    fonts,
    target: opts.target ?? "export",
    dpi: opts.dpi,
    doc,
    placeholder: opts.placeholder,
  };
}

const shown = (el: LabelElement, target: RenderTarget) =>
  !!el && typeof el === "object" && typeof el.Id === "string" && (target === "canvas" || !isMirrorCopy(el));

const elementsOf = (doc: LabelDocument): readonly LabelElement[] =>
  Array.isArray(doc.elements) ? doc.elements : [];

/** Load what rendering the document needs: fonts (with the CJK fallback) and lazy encoders. */
export async function prepareRender(doc: LabelDocument, opts: RenderOptions = {}): Promise<void> {
  const fonts = opts.fonts ?? getFontRegistry();
  const target = opts.target ?? "export";
  const elements = elementsOf(doc).filter((el) => shown(el, target));
  // the default family (a 10 MB CJK face) only when something draws text: a label of shapes, codes
  // without digits or nothing at all (a new label) fetches no font (issue 41, first load)
  const drawsText = elements.some((el) => elementStyles(el).length > 0);
  const jobs: Promise<unknown>[] = drawsText ? [fonts.ensure(DEFAULT_FONT_FAMILY)] : [];
  for (const el of elements) {
    const kind = kindOf(el.Type);
    if (kind?.prepare) jobs.push(kind.prepare(el, contextFor(doc, el, opts, fonts)).catch(() => undefined));
  }
  await Promise.all(jobs);
  // then the fallback faces for the characters each element's own families lack (per character)
  const more = (opts.chars ?? "") + (target === "canvas" ? (opts.placeholder ?? "") : "");
  let complex = false;
  await Promise.all(
    elements.map((el) => {
      const styles = elementStyles(el);
      if (styles.length === 0) return undefined;
      const text = elementText(el, opts.values) + more;
      complex ||= needsShaping(text);
      return fonts.ensureCoverage(styles, text).catch(() => undefined);
    }),
  );
  // HarfBuzz only for text that needs shaping (Arabic, Hebrew, Indic, Thai, combining marks)
  if (complex && !shaperReady()) await loadShaper();
}

/** Places the local frame: translate to the box, rotate about its centre, mirror horizontally. */
export function elementTransform(el: LabelElement): string {
  const m = elementMatrix(el);
  if (m === null) {
    const b = localBox(el);
    return `translate(${num(b.x)} ${num(b.y)})`;
  }
  return `matrix(${m.map(num).join(" ")})`;
}

function backgroundSvg(doc: LabelDocument, w: number, h: number): string {
  const bg = doc.attrs?.background;
  if (typeof bg !== "string" || !bg) return "";
  let href: string | null = null;
  if (bg.startsWith("data:")) href = safeImageHref(bg);
  else {
    const mime = bg.startsWith("/9j/") ? "jpeg" : bg.startsWith("R0lG") ? "gif" : "png";
    href = safeImageHref(`data:image/${mime};base64,${bg}`);
  }
  if (!href) return "";
  return `<image x="0" y="0" width="${num(w)}" height="${num(h)}" preserveAspectRatio="none" href="${href}"/>`;
}

const positive = (v: number, d: number) => (Number.isFinite(v) && v > 0 ? v : d);

/**
 * The label as portable SVG: `width="{W}mm" height="{H}mm" viewBox="0 0 W H"`, one
 * `<g data-id>` per element in z-order. Fonts must be loaded (`prepareRender`) for exact layout;
 * without them text is laid out with approximate metrics rather than failing.
 */
export function renderLabel(doc: LabelDocument, opts: RenderOptions = {}): string {
  const { open, parts } = renderLabelParts(doc, opts);
  return `${open}${parts.join("")}</svg>`;
}

/**
 * renderLabel's pieces: the `<svg>` start tag and the top-level parts (the background image, each
 * element's `<g data-id>`), each its own string. The PDF export works part by part: it takes them as
 * they are instead of cutting the whole SVG up again, and a part of plain Latin-1 text stays a
 * one-byte string even when another part holds CJK text (half the bytes to post between threads).
 */
export function renderLabelParts(
  doc: LabelDocument,
  opts: RenderOptions = {},
): { open: string; parts: string[] } {
  const w = positive(doc.attrs?.width, DEFAULT_LABEL_WIDTH_MM);
  const h = positive(doc.attrs?.height, DEFAULT_LABEL_HEIGHT_MM);
  const target = opts.target ?? "export";
  const fonts = opts.fonts ?? getFontRegistry();
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${num(w)}mm" height="${num(h)}mm" viewBox="0 0 ${num(w)} ${num(h)}">`;
  const parts: string[] = [];
  if (opts.background ?? (target === "canvas" || doc.attrs?.printBackground === true)) {
    const bg = backgroundSvg(doc, w, h);
    if (bg) parts.push(bg);
  }
  for (const el of elementsOf(doc)) {
    if (!shown(el, target)) continue;
    const kind = kindOf(el.Type);
    if (!kind) continue;
    let body = "";
    let transform = "";
    try {
      transform = elementTransform(el);
      const ctx = contextFor(doc, el, opts, fonts);
      body =
        opts.cache === false
          ? kind.render(el, ctx)
          : fragmentCache.render(el, ctx, () => kind.render(el, ctx));
    } catch {
      // A broken element must not take the label down: it renders as nothing.
      body = "";
    }
    if (!transform) continue;
    if (opts.tableOutline && hasCells(el)) body += tableOutlineSvg(el);
    parts.push(`<g data-id="${escapeXml(el.Id)}" transform="${transform}">${body}</g>`);
  }
  return { open, parts };
}
