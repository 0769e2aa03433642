// Keeps the rendered label in the DOM up to date with as little work as possible: the first draw
// (and any change of the label attributes) inserts the renderer's whole SVG; after that, each
// document change re-renders only the elements whose objects changed (the document is immutable),
// moves nodes whose drawing is unchanged by updating their transform, and reorders on z-order
// changes. The SVG is always the renderer's own output (renderLabel), never re-created here.
// While a selection is dragged its nodes are lifted onto a separate layer (`lift`), which the caller
// moves as a whole; they come back in z-order with `drop`. The elements a change only moved stay on
// layers of their own (hotLayers.ts), so moving them back (undo) and forth (redo) draws nothing
// (docs/canvas-performance.md).

import type { LabelAttrs, LabelDocument, LabelElement } from "../../model/types";
import { renderLabel } from "../../render";
import { recordSig } from "../../render/cache";
import { createHotLayers } from "./hotLayers";
import { commonTranslation, type Offset } from "./lift";

interface Entry {
  el: LabelElement;
  node: Element;
  body: string;
  /** the element's record value(s) it was drawn with */
  sig: string | null;
}

type Values = ReadonlyMap<string, string> | undefined;

const FRAGMENT = /^<g data-id="([^"]*)" transform="([^"]*)">([\s\S]*)<\/g>$/;
const SVG_NS = "http://www.w3.org/2000/svg";

/** Turns the renderer's `<svg width="Wmm" …>` into a nested svg sized in label millimetres. */
export function nestLabelSvg(svg: string, width: number, height: number): string {
  return svg.replace(/^\s*<svg\b([^>]*)>/, (_m, attrs: string) => {
    const rest = attrs.replace(/\s(width|height|x|y)="[^"]*"/g, "");
    return `<svg${rest} x="0" y="0" width="${width}" height="${height}" class="ink-label-svg">`;
  });
}

/** The `<g data-id>` fragment of one element, as the renderer draws it on the canvas. */
function renderOne(
  attrs: LabelAttrs,
  el: LabelElement,
  values: Values,
  placeholder: string,
): { transform: string; body: string; markup: string } | null {
  const svg = renderLabel(
    { attrs, elements: [el] },
    {
      target: "canvas",
      background: false,
      values,
      placeholder,
    },
  );
  const start = svg.indexOf(">") + 1;
  const end = svg.lastIndexOf("</svg>");
  const markup = svg.slice(start, end).trim();
  const m = FRAGMENT.exec(markup);
  return m ? { transform: m[2], body: m[3], markup } : null;
}

/**
 * `root` receives the label's svg; `liftTo` (optional) gives the element that receives a copy of
 * its frame holding the dragged nodes while they are lifted; `placeholder` is what an empty text
 * shows (tip124, translated).
 */
export function createLabelDom(root: Element, liftTo?: () => Element | null, placeholder = "") {
  let svg: Element | null = null;
  let attrs: LabelAttrs | null = null;
  let entries = new Map<string, Entry>();
  let order: string[] = [];
  /** ids whose nodes are on the lift layer (drawn as they were when lifted) */
  let lifted = new Set<string>();
  const hot = createHotLayers(root.ownerDocument);

  const changed = (e: Entry | undefined, el: LabelElement, values: Values) =>
    !e || e.el !== el || e.sig !== recordSig(el, values);

  const parse = (markup: string): Element | null => {
    const tmp = document.createElementNS(SVG_NS, "svg");
    tmp.innerHTML = markup;
    return tmp.firstElementChild;
  };

  /** puts lifted nodes back into the label, each before the node that follows it in z-order */
  const drop = () => {
    if (lifted.size === 0) return;
    if (svg) {
      let anchor: Node | null = null;
      for (let i = order.length - 1; i >= 0; i--) {
        const e = entries.get(order[i]);
        if (!e) continue;
        if (lifted.has(order[i])) svg.insertBefore(e.node, anchor);
        anchor = e.node;
      }
    }
    lifted = new Set();
    liftTo?.()?.replaceChildren();
  };

  const full = (doc: LabelDocument, values: Values) => {
    hot.clear();
    lifted = new Set();
    liftTo?.()?.replaceChildren();
    root.innerHTML = nestLabelSvg(
      renderLabel(doc, { target: "canvas", values, placeholder }),
      doc.attrs.width,
      doc.attrs.height,
    );
    svg = root.firstElementChild;
    attrs = doc.attrs;
    entries = new Map();
    order = [];
    const byId = new Map(doc.elements.map((e) => [e.Id, e]));
    for (const node of Array.from(svg?.children ?? [])) {
      const id = node.getAttribute("data-id");
      const el = id ? byId.get(id) : undefined;
      if (!id || !el) continue;
      entries.set(id, { el, node, body: node.innerHTML, sig: recordSig(el, values) });
      order.push(id);
    }
  };

  return {
    /**
     * The elements `update` would draw again (for prepareRender); lifted ones only with
     * `withLifted` (about to be dropped). null when the whole label is drawn again.
     */
    pending(
      doc: LabelDocument,
      values?: ReadonlyMap<string, string>,
      withLifted = false,
    ): LabelElement[] | null {
      if (!svg || !attrs || doc.attrs !== attrs) return null;
      return doc.elements.filter(
        (el) => (withLifted || !lifted.has(el.Id)) && changed(entries.get(el.Id), el, values),
      );
    },
    /**
     * Moves the nodes of `ids` onto the lift layer (keeping their z-order among themselves).
     * false when there is no lift layer or nothing to lift.
     */
    lift(ids: readonly string[]): boolean {
      drop();
      // the label is rasterised again now anyway: every element back into its layer, so the drag's
      // frames composite few layers
      hot.clear();
      const liftRoot = liftTo?.();
      if (!liftRoot || !svg) return false;
      const want = new Set(ids);
      const frame = svg.cloneNode(false) as Element;
      for (const id of order) {
        const e = entries.get(id);
        if (!e || !want.has(id)) continue;
        frame.appendChild(e.node);
        lifted.add(id);
      }
      if (lifted.size === 0) return false;
      liftRoot.replaceChildren(frame);
      return true;
    },
    /** ids currently lifted */
    lifted: (): ReadonlySet<string> => lifted,
    /**
     * How far the lifted elements of `doc` are from where they were drawn (one common offset), or
     * null when they changed in another way too (then the caller drops them and draws as usual).
     */
    liftOffset(doc: LabelDocument): Offset | null {
      if (lifted.size === 0) return null;
      const byId = new Map<string, LabelElement>();
      for (const el of doc.elements) if (lifted.has(el.Id)) byId.set(el.Id, el);
      return commonTranslation([...lifted].map((id) => [entries.get(id)?.el, byId.get(id)] as const));
    },
    drop,
    /** Brings the DOM to `doc`, drawing data-bound elements with `values` (a record's texts). */
    update(doc: LabelDocument, values?: ReadonlyMap<string, string>) {
      if (!svg || !attrs || doc.attrs !== attrs) {
        full(doc, values);
        return;
      }
      const next = new Map<string, Entry>();
      const nextOrder: string[] = [];
      /** elements whose drawing is unchanged, only placed elsewhere */
      const moved: string[] = [];
      for (const el of doc.elements) {
        const prev = entries.get(el.Id);
        const sig = recordSig(el, values);
        if (prev && lifted.has(el.Id)) {
          // drawn where it was lifted; the lift layer's offset shows where it is now
          next.set(el.Id, prev);
          nextOrder.push(el.Id);
          continue;
        }
        if (prev && prev.el === el && prev.sig === sig) {
          next.set(el.Id, prev);
          nextOrder.push(el.Id);
          continue;
        }
        const r = renderOne(doc.attrs, el, values, placeholder);
        if (!r) continue;
        if (prev && prev.body === r.body) {
          // same drawing somewhere else: only the placement changes (moves, drags)
          prev.node.setAttribute("transform", r.transform);
          moved.push(el.Id);
          next.set(el.Id, { el, node: prev.node, body: prev.body, sig });
        } else {
          const node = parse(r.markup);
          if (!node) continue;
          if (prev) prev.node.replaceWith(node);
          else svg.appendChild(node);
          next.set(el.Id, { el, node, body: r.body, sig });
        }
        nextOrder.push(el.Id);
      }
      for (const [id, e] of entries)
        if (!next.has(id)) {
          e.node.remove();
          lifted.delete(id);
        }
      const sameOrder = nextOrder.length === order.length && nextOrder.every((id, i) => id === order[i]);
      if (!sameOrder) {
        // appendChild moves a node: re-appending in z-order sorts them (background image stays first)
        for (const id of nextOrder) {
          const e = next.get(id);
          if (e && !lifted.has(id)) svg.appendChild(e.node);
        }
      }
      entries = next;
      order = nextOrder;
      if (moved.length > 0) hot.moved(moved);
      else hot.keep((id) => next.has(id));
    },
    /** puts every element back into the label's layer (the viewport moves) */
    cool: () => hot.clear(),
    /** removes what the label added to the document (its hot-layer stylesheet) */
    dispose: () => hot.dispose(),
  };
}
