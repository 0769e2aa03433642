// Fragment cache: documents are immutable, so an element object that did not change renders to the
// same fragment for the same value, target, dpi and font set. The canvas re-renders after every
// edit; only the changed elements are laid out again.
import type { RenderContext } from "../elements/kind";
import { hasCells } from "../model/kinds/caps";
import { type LabelElement, tableCellKey } from "../model/types";
import { shaperReady } from "./text/shaper";

interface Entry {
  readonly key: string;
  readonly svg: string;
}

// Barcode/QRcode are left to their own caching (their encoders cache by data); Image is cheap and
// its black/white preview may arrive later.
const CACHED = new Set([
  "Text",
  "TimeText",
  "Table",
  "Line",
  "LineHorizontal",
  "LineVertical",
  "Rectangle",
  "RoundRectangle",
  "Diamond",
  "Ellipse",
  "Triangle",
]);

/**
 * What an element's drawing takes from the record besides the element: its value, or for a table
 * its cells' values. null when there are no values or the element has none.
 */
export function recordSig(el: LabelElement, values: ReadonlyMap<string, string> | undefined): string | null {
  if (!values) return null;
  if (hasCells(el))
    return JSON.stringify(
      (el.cells ?? []).map(
        (c) => values.get(tableCellKey(el.Id, c?.LocaltionStart?.[0], c?.LocaltionStart?.[1])) ?? null,
      ),
    );
  return values.get(el.Id) ?? null;
}

export class FragmentCache {
  private map = new WeakMap<object, Map<object, Entry>>();

  private keyOf(el: LabelElement, ctx: RenderContext): string | null {
    if (!CACHED.has(el.Type)) return null;
    const key = `${ctx.target}|${ctx.dpi ?? ""}|${ctx.value}|${ctx.placeholder ?? ""}`;
    return hasCells(el) ? `${key}|${recordSig(el, ctx.values)}` : key;
  }

  render(el: LabelElement, ctx: RenderContext, draw: () => string): string {
    const key = this.keyOf(el, ctx);
    if (key === null) return draw();
    let perFonts = this.map.get(el);
    if (!perFonts) {
      perFonts = new Map();
      this.map.set(el, perFonts);
    }
    const fk = ctx.fonts as object;
    const hit = perFonts.get(fk);
    // layouts made before HarfBuzz loaded drew complex scripts unshaped
    const full = `${ctx.fonts.version}|${shaperReady() ? 1 : 0}|${key}`;
    if (hit && hit.key === full) return hit.svg;
    const svg = draw();
    perFonts.set(fk, { key: full, svg });
    return svg;
  }

  clear(): void {
    this.map = new WeakMap();
  }
}

export const fragmentCache = new FragmentCache();
