// The elements the last move moved, each on a compositor layer of its own ("hot"), so that undoing
// or redoing that move (the same elements moved back and forth) only changes those layers'
// transforms: Chromium then neither paints nor rasterises the rest of the label again
// (docs/canvas-performance.md). Which elements are hot lives in a stylesheet that picks their
// `g[data-id]` nodes: the label's DOM stays the renderer's own SVG. Putting elements on layers of
// their own rasterises the label once more, so it waits for a pause (HEAT_MS without another
// move, zoom, pan or pick-up): not in the frame of the drop, nor in a gesture that follows it.

/** More moved elements than this stay in the label's layer (each layer costs compositing time). */
export const HOT_MAX = 200;

/** How long the canvas must rest after a move before its elements go onto their layers. */
export const HEAT_MS = 400;

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
  let pending: { ids: string[]; timer: ReturnType<typeof setTimeout> } | null = null;
  const cancel = () => {
    if (pending) clearTimeout(pending.timer);
    pending = null;
  };
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
    /** `ids` become the hot set now (nothing is hot when they are more than HOT_MAX) */
    set(next: readonly string[]) {
      cancel();
      const want = next.length <= HOT_MAX ? next : [];
      if (sameSet(ids, want)) return;
      ids = new Set(want);
      write();
    },
    /**
     * A change moved `moved`: already hot, they stay; otherwise they become the hot set once the
     * canvas has been still for `wait` ms (the previous set stays until then).
     */
    moved(moved: readonly string[], wait = HEAT_MS) {
      if (sameSet(ids, moved)) {
        cancel();
        return;
      }
      cancel();
      const later = [...moved];
      pending = { ids: later, timer: setTimeout(() => this.set(later), wait) };
    },
    /** forgets ids no longer in the label */
    keep(present: (id: string) => boolean) {
      if (pending) pending.ids.splice(0, pending.ids.length, ...pending.ids.filter(present));
      const next = [...ids].filter(present);
      if (next.length !== ids.size) {
        ids = new Set(next);
        write();
      }
    },
    /** nothing hot, nothing waiting */
    clear() {
      this.set([]);
    },
    /** removes the stylesheet */
    dispose() {
      cancel();
      if (sheet && doc) doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => s !== sheet);
      sheet = null;
      ids = new Set();
    },
  };
}
