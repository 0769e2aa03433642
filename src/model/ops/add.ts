// Adding elements: new ones go on top of the z-order and become the selection.

import { type Box, elementBox } from "../geometry";
import { createElement, type Placement } from "../kinds";
import type { ElementType, LabelDocument, LabelElement } from "../types";
import { commit } from "./commit";
import type { OpSuccess } from "./types";
import { cleanPatch } from "./update";

/** Adds ready-made elements (ids must be new; duplicates of existing ids are skipped). */
export function addElements(doc: LabelDocument, elements: readonly LabelElement[]): OpSuccess {
  const taken = new Set(doc.elements.map((e) => e.Id));
  const fresh: LabelElement[] = [];
  for (const el of elements) {
    if (taken.has(el.Id)) continue;
    taken.add(el.Id);
    fresh.push(el);
  }
  return commit(
    doc,
    { ...doc, elements: [...doc.elements, ...fresh] },
    { select: fresh.map((e) => e.Id), kind: "add" },
  );
}

export interface NewElementOptions {
  /** position in mm: the top-left corner, or the centre when `centered` */
  readonly x: number;
  readonly y: number;
  readonly centered?: boolean;
  /** canvas zoom multiple at creation: new sizes are divided by it (spec §9) */
  readonly multiple?: number;
  /** fields to set on the new element (e.g. imageSrc of an icon) */
  readonly patch?: Partial<LabelElement>;
}

/**
 * Creates an element of a kind with the spec's defaults and the next counter name and adds it.
 * Double-clicking a palette entry passes the canvas centre with `centered: true`.
 */
export function addNewElement(doc: LabelDocument, type: ElementType, opts: NewElementOptions): OpSuccess {
  const placement: Placement = { x: opts.x, y: opts.y, multiple: opts.multiple };
  let el = createElement(type, doc.elements, placement, doc.attrs.width) as LabelElement;
  // the patch obeys the same cleaning and bounds as an attribute edit
  if (opts.patch) el = { ...el, ...cleanPatch(el, opts.patch) } as LabelElement;
  if (opts.centered) {
    const b = elementBox(el);
    const dx = opts.x - (b.x + b.width / 2);
    const dy = opts.y - (b.y + b.height / 2);
    el = shift(el, dx, dy);
    // dropped near an edge, it still lands whole on the label (issue 34)
    const inside = intoLabel(elementBox(el), doc.attrs.width, doc.attrs.height);
    el = shift(el, inside.dx, inside.dy);
  }
  return addElements(doc, [el]);
}

/** How far a box must move to lie inside the label; one larger than the label keeps its top-left at 0. */
export function intoLabel(b: Box, width: number, height: number): { dx: number; dy: number } {
  const axis = (start: number, size: number, room: number) =>
    size >= room ? -start : Math.min(Math.max(start, 0), room - size) - start;
  return { dx: axis(b.x, b.width, width), dy: axis(b.y, b.height, height) };
}

function shift(el: LabelElement, dx: number, dy: number): LabelElement {
  const moved = { ...el, StartX: el.StartX + dx, StartY: el.StartY + dy } as LabelElement;
  if ("EndX" in el) return { ...moved, EndX: el.EndX + dx, EndY: el.EndY + dy } as LabelElement;
  return moved;
}

export { safePatch } from "./safe";
