// The record range of a batch export as the user types it (1-based "from" and "to" fields): each
// number is clamped to 1..total, and what cannot be read gives a translated message key. Answers
// the 0-based inclusive range the export modules take.
import type { RecordRange } from "../../export/layout";

export type RangeMode = "all" | "some";

export type RangeCheck =
  | { readonly ok: true; readonly range: RecordRange; readonly count: number }
  | { readonly ok: false; readonly key: string; readonly vars: Record<string, number> };

const WHOLE = /^\s*\d{1,9}\s*$/;

/** The field's number clamped to 1..total, or null when it is not a whole number. */
export function clampField(text: string, total: number): number | null {
  if (!WHOLE.test(text)) return null;
  const last = Math.max(1, Math.floor(total));
  return Math.min(last, Math.max(1, Number(text)));
}

export function checkRange(mode: RangeMode, from: string, to: string, total: number): RangeCheck {
  const last = Math.max(1, Math.floor(Number.isFinite(total) ? total : 1));
  if (mode === "all") return { ok: true, range: { from: 0, to: last - 1 }, count: last };
  const a = clampField(from, last);
  const b = clampField(to, last);
  if (a === null || b === null) return { ok: false, key: "editor.batch.invalid", vars: { total: last } };
  if (a > b) return { ok: false, key: "editor.batch.order", vars: { from: a, to: b } };
  return { ok: true, range: { from: a - 1, to: b - 1 }, count: b - a + 1 };
}
