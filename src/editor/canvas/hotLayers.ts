// The elements the last move moved, each on a compositor layer of its own ("hot"), so that undoing
// or redoing that move (the same elements moved back and forth) only changes those layers'
// transforms: Chromium then neither paints nor rasterises the rest of the label again
// (docs/canvas-performance.md). Which elements are hot lives in a stylesheet that picks their
// `g[data-id]` nodes: the label's DOM stays the renderer's own SVG.

/** More moved elements than this stay in the label's layer (each layer costs compositing time). */
export const HOT_MAX = 200;

/** The CSS rule that gives each of `ids` in a `.ink-label` its own compositor layer ("" for none). */
export function hotRule(ids: Iterable<string>): string {
  const sel = [...ids].map((id) => `.ink-label g[data-id="${CSS.escape(id)}"]`);
  return sel.length ? `${sel.join(",\n")} { will-change: transform; }` : "";
}

const sameSet = (a: ReadonlySet<string>, b: readonly string[]) =>
  a.size === b.length && b.every((id) => a.has(id));

/**
 * The hot set of one label, in a stylesheet adopted by `doc`. Without constructable stylesheets
 * (an old browser) nothing is hot and the label is drawn as before.
 */
export function createHotLayers(doc: Document | undefined = globalThis.document) {
  let ids = new Set<string>();
  let sheet: CSSStyleSheet | null = null;
  const canStyle = () =>
    doc !== undefined && typeof CSSStyleSheet === "function" && Array.isArray(doc.adoptedStyleSheets);
  const write = () => {
    if (!canStyle() || !doc) return;
    if (!sheet) {
      if (ids.size === 0) return;
      sheet = new CSSStyleSheet();
      doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
    }
    sheet.replaceSync(hotRule(ids));
  };
  return {
    /** ids currently hot */
    ids: (): ReadonlySet<string> => ids,
    /** `moved` become the hot set (nothing is hot when they are more than HOT_MAX) */
    set(moved: readonly string[]) {
      const next = moved.length <= HOT_MAX ? moved : [];
      if (sameSet(ids, next)) return;
      ids = new Set(next);
      write();
    },
    /** forgets ids no longer in the label */
    keep(present: (id: string) => boolean) {
      const next = [...ids].filter(present);
      if (next.length !== ids.size) this.set(next);
    },
    clear() {
      this.set([]);
    },
    /** removes the stylesheet */
    dispose() {
      if (sheet && doc) doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => s !== sheet);
      sheet = null;
      ids = new Set();
    },
  };
}
