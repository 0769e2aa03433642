// Align ×6 and distribute ×2 on the selection. Locked elements are skipped (tip109 when all are).
// One element aligns to the label; several align to their common box.
import { type Box, elementBox, translateElement, unionBox } from "../geometry";
import type { LabelDocument, LabelElement } from "../types";
import { commit, refuse } from "./commit";
import { MSG } from "./messages";
import { movable, replaceElements } from "./targets";
import type { OpResult } from "./types";

export type Alignment = "left" | "center" | "right" | "top" | "middle" | "bottom";
export const ALIGNMENTS: readonly Alignment[] = ["left", "center", "right", "top", "middle", "bottom"];

function offset(how: Alignment, b: Box, ref: Box): { dx: number; dy: number } {
  switch (how) {
    case "left":
      return { dx: ref.x - b.x, dy: 0 };
    case "center":
      return { dx: ref.x + ref.width / 2 - (b.x + b.width / 2), dy: 0 };
    case "right":
      return { dx: ref.x + ref.width - (b.x + b.width), dy: 0 };
    case "top":
      return { dx: 0, dy: ref.y - b.y };
    case "middle":
      return { dx: 0, dy: ref.y + ref.height / 2 - (b.y + b.height / 2) };
    case "bottom":
      return { dx: 0, dy: ref.y + ref.height - (b.y + b.height) };
  }
}

export function alignElements(doc: LabelDocument, ids: readonly string[], how: Alignment): OpResult {
  const els = movable(doc, ids);
  if (!Array.isArray(els)) return els;
  const ref: Box =
    els.length === 1
      ? { x: 0, y: 0, width: doc.attrs.width, height: doc.attrs.height }
      : (unionBox(els.map(elementBox)) as Box);
  const next = new Map<string, LabelElement>();
  for (const el of els) {
    const { dx, dy } = offset(how, elementBox(el), ref);
    const moved = translateElement(el, dx, dy);
    if (moved !== el) next.set(el.Id, moved);
  }
  return commit(doc, replaceElements(doc, next), { kind: "edit" });
}

export type DistributeAxis = "horizontal" | "vertical";

/**
 * Spreads ≥ 3 unlocked elements so the gaps between them are equal; the first and last (by
 * position) stay where they are.
 */
export function distributeElements(
  doc: LabelDocument,
  ids: readonly string[],
  axis: DistributeAxis,
): OpResult {
  const els = movable(doc, ids);
  if (!Array.isArray(els)) return els;
  if (els.length < 3) return refuse(MSG.distributeNeedsThree);
  const h = axis === "horizontal";
  const items = els
    .map((el) => ({ el, b: elementBox(el) }))
    .sort((a, b) =>
      h ? a.b.x + a.b.width / 2 - (b.b.x + b.b.width / 2) : a.b.y + a.b.height / 2 - (b.b.y + b.b.height / 2),
    );
  const start = h ? items[0].b.x : items[0].b.y;
  const last = items[items.length - 1].b;
  const end = h ? last.x + last.width : last.y + last.height;
  const total = items.reduce((s, i) => s + (h ? i.b.width : i.b.height), 0);
  const gap = (end - start - total) / (items.length - 1);
  const next = new Map<string, LabelElement>();
  let pos = start;
  for (const { el, b } of items) {
    const d = pos - (h ? b.x : b.y);
    const moved = h ? translateElement(el, d, 0) : translateElement(el, 0, d);
    if (moved !== el && Math.abs(d) > 1e-9) next.set(el.Id, moved);
    pos += (h ? b.width : b.height) + gap;
  }
  return commit(doc, replaceElements(doc, next), { kind: "edit" });
}
