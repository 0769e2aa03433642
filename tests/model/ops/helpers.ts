import type { ElementType, LabelDocument, LabelElement } from "../../../src/model";
import { createElement, emptyDocument } from "../../../src/model";
import { isRefusal, type OpResult, type OpSuccess } from "../../../src/model/ops";

/** A document with elements of the given types at the given boxes (mm). */
export function docWith(
  specs: readonly {
    type: ElementType;
    x: number;
    y: number;
    w?: number;
    h?: number;
    over?: Partial<LabelElement>;
  }[],
): LabelDocument {
  const elements: LabelElement[] = [];
  for (const s of specs) {
    let el = createElement(s.type, elements, { x: s.x, y: s.y, width: s.w, height: s.h }) as LabelElement;
    if (s.over) el = { ...el, ...s.over } as LabelElement;
    elements.push(el);
  }
  return { ...emptyDocument(), elements };
}

export function ok(r: OpResult): OpSuccess {
  if (isRefusal(r)) throw new Error(`refused: ${r.refused}`);
  return r;
}

export function byId(doc: LabelDocument, id: string): LabelElement {
  const el = doc.elements.find((e) => e.Id === id);
  if (!el) throw new Error(`no ${id}`);
  return el;
}
export const ids = (doc: LabelDocument) => doc.elements.map((e) => e.Id);
