// The per-kind rendering contract: every element type has one ElementKind, found through
// `registry.ts`. A kind turns one element into a portable-SVG fragment (see docs/rendering.md).

import type { LabelDocument, LabelElement } from "../model/types";
import type { FontRegistry } from "../render/fonts";

export type RenderTarget = "canvas" | "export" | "print";

export interface RenderContext {
  /** The element's resolved text for the current record (prefix/suffix not yet applied). */
  readonly value: string;
  /** Resolved values of the whole record: element id → text, table cells under `tableCellKey` (model/types). */
  readonly values: ReadonlyMap<string, string>;
  /** The shared font registry (fonts named by the document are loaded by `prepareRender`). */
  readonly fonts: FontRegistry;
  readonly target: RenderTarget;
  /** Printer resolution in dots per inch; set for target 'print' (codes snap modules to dots). */
  readonly dpi?: number;
  readonly doc: LabelDocument;
  /** canvas only: what an empty Text shows (grey, never exported), so a new text can be seen and clicked */
  readonly placeholder?: string;
}

/**
 * One element kind.
 *
 * `render` draws the element in its LOCAL frame, in millimetres: origin at the top-left corner of
 * the element's unrotated box (`localBox` in src/model/geometry.ts), x to the right, y down, size
 * Width × Height (lines: the box spanned by their end points). The renderer wraps the fragment in
 * `<g data-id="…" transform="…">`, which places it on the label and applies Rotate (about the box
 * centre) and MirrorImage. Use only the portable subset: g, rect, line, path, ellipse, polygon,
 * image (data: URI), clipPath, text/tspan with explicit x/y. Escape every string with `escapeXml`.
 *
 * `prepare` (optional) loads what `render` needs (fonts, lazy encoders); `render` is synchronous.
 */
export interface ElementKind<E extends LabelElement = LabelElement> {
  readonly type: E["Type"];
  prepare?(el: E, ctx: RenderContext): Promise<void>;
  render(el: E, ctx: RenderContext): string;
}
