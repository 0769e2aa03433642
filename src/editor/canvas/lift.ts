// Pure helpers of the drag layer (labelDom.ts): while a selection is dragged, its drawn nodes sit on
// their own composited layer that only moves, so the rest of the label is not painted again each
// frame. That is exact only while every dragged element is its drawn self, translated by one common
// offset; these functions check it.
import type { LabelElement } from "../../model/types";

export interface Offset {
  readonly dx: number;
  readonly dy: number;
}

const POSITION = new Set(["StartX", "StartY", "EndX", "EndY"]);
const EPS = 1e-9;

const near = (a: number, b: number) => Math.abs(a - b) <= EPS;

/**
 * How far `next` is `drawn` moved, or null when it differs in anything else (size, rotation, text…)
 * or its end point moved by another amount than its start point.
 */
export function translationOf(drawn: LabelElement, next: LabelElement): Offset | null {
  if (drawn === next) return { dx: 0, dy: 0 };
  const a = drawn as unknown as Record<string, unknown>;
  const b = next as unknown as Record<string, unknown>;
  const keys = Object.keys(b);
  if (keys.length !== Object.keys(a).length) return null;
  for (const k of keys) if (!POSITION.has(k) && a[k] !== b[k]) return null;
  const num = (o: Record<string, unknown>, k: string) => (typeof o[k] === "number" ? (o[k] as number) : NaN);
  const dx = num(b, "StartX") - num(a, "StartX");
  const dy = num(b, "StartY") - num(a, "StartY");
  if (!Number.isFinite(dx) || !Number.isFinite(dy)) return null;
  for (const [k, d] of [
    ["EndX", dx],
    ["EndY", dy],
  ] as const) {
    if (!(k in b) && !(k in a)) continue;
    const e = num(b, k) - num(a, k);
    if (!Number.isFinite(e) || !near(e, d)) return null;
  }
  return { dx, dy };
}

/**
 * The one offset by which all `next` elements are their `drawn` selves moved, or null when there is
 * none (an element changed otherwise, is missing, or they moved by different amounts).
 */
export function commonTranslation(
  pairs: Iterable<readonly [LabelElement | undefined, LabelElement | undefined]>,
): Offset | null {
  let out: Offset | null = null;
  for (const [drawn, next] of pairs) {
    if (!drawn || !next) return null;
    const t = translationOf(drawn, next);
    if (!t) return null;
    if (!out) out = t;
    else if (!near(out.dx, t.dx) || !near(out.dy, t.dy)) return null;
  }
  return out;
}
