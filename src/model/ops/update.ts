// Editing element attributes, with every numeric field clamped by the bounds of spec §5.
import { type BoundName, clamp } from "../bounds";
import { hasCells, isLine } from "../kinds/caps";
import { isMirrorId, type LabelDocument, type LabelElement, type TableCell } from "../types";
import { commit, refuse } from "./commit";
import { diffDocs } from "./diff";
import { MSG } from "./messages";
import { safePatch } from "./safe";
import { replaceElements } from "./targets";
import type { OpResult } from "./types";

/** Which bound a field obeys, by element type where it differs. */
function boundFor(type: LabelElement["Type"], field: string): BoundName | null {
  switch (field) {
    case "FontSize":
      return type === "Barcode" ? "BarcodeFontSize" : "FontSize";
    case "PenWidth":
      return type === "Table" ? "TablePenWidth" : "PenWidth";
    case "LetterSpacing":
    case "LineHeight":
    case "BoxWidth":
    case "CornerRadius":
    case "HanxinVersion":
    case "DayOffset":
    case "MinuteOffset":
    case "Threshold":
      return field;
    case "StartX":
    case "StartY":
    case "EndX":
    case "EndY":
      return "ElementPosition";
    case "Width":
    case "Height":
      return "ElementSize";
    default:
      return null;
  }
}

const CELL_BOUNDS: Record<string, BoundName> = {
  FontSize: "TableFontSize",
  LetterSpacing: "LetterSpacing",
  LineHeight: "LineHeight",
};

export function normalizeRotate(v: unknown): 0 | 90 | 180 | 270 {
  const n = typeof v === "number" ? v : Number(v);
  if (!Number.isFinite(n)) return 0;
  const r = (((Math.round(n / 90) * 90) % 360) + 360) % 360;
  return r as 0 | 90 | 180 | 270;
}

/** An array whose items have the same primitive kind as the old array's (objects stay objects). */
function sameKindArray(old: readonly unknown[], v: unknown): boolean {
  if (!Array.isArray(v)) return false;
  if (old.length === 0) return true;
  const kind = (x: unknown) => (x === null ? "null" : Array.isArray(x) ? "array" : typeof x);
  const want = kind(old[0]);
  return v.every((x) => kind(x) === want);
}

/**
 * A cleaned patch for an element: unknown fields, Id and Type are dropped, numbers are clamped,
 * values of the wrong primitive type are ignored (the old value stays).
 */
export function cleanPatch(el: LabelElement, patch: Partial<LabelElement>): Partial<LabelElement> {
  const out: Record<string, unknown> = {};
  const cur = el as unknown as Record<string, unknown>;
  for (const [k, v] of Object.entries(safePatch(patch))) {
    if (k === "Id" || k === "Type" || !Object.hasOwn(cur, k)) continue;
    const old = cur[k];
    if (k === "Rotate") {
      out[k] = normalizeRotate(v);
      continue;
    }
    const b = boundFor(el.Type, k);
    if (typeof old === "number") {
      if (typeof v !== "number" && typeof v !== "string") continue;
      out[k] = b ? clamp(b, v, old) : Number.isFinite(Number(v)) ? Number(v) : old;
      continue;
    }
    if (typeof old === "boolean") {
      if (typeof v === "boolean") out[k] = v;
      continue;
    }
    if (typeof old === "string") {
      if (typeof v === "string") out[k] = v;
      continue;
    }
    if (Array.isArray(old) && sameKindArray(old, v)) out[k] = v;
  }
  return out as Partial<LabelElement>;
}

function applyPatch(el: LabelElement, patch: Partial<LabelElement>): LabelElement {
  const clean = cleanPatch(el, patch);
  if (Object.keys(clean).length === 0) return el;
  let next = { ...el, ...clean } as LabelElement;
  // a line's box follows its end points
  if (isLine(next) && ("StartX" in clean || "StartY" in clean || "EndX" in clean || "EndY" in clean)) {
    next = { ...next, Width: Math.abs(next.EndX - next.StartX), Height: Math.abs(next.EndY - next.StartY) };
  }
  return next;
}

/** Updates attributes of one element (locked elements too: lock only stops moving/ordering/copying). */
export function updateElement(doc: LabelDocument, id: string, patch: Partial<LabelElement>): OpResult {
  return updateElements(doc, [{ id, patch }]);
}

/** Updates several elements at once; one diff, one history entry. */
export function updateElements(
  doc: LabelDocument,
  patches: readonly { readonly id: string; readonly patch: Partial<LabelElement> }[],
): OpResult {
  const byId = new Map(doc.elements.map((e) => [e.Id, e]));
  const next = new Map<string, LabelElement>();
  for (const { id, patch } of patches) {
    const el = next.get(id) ?? byId.get(id);
    if (!el || isMirrorId(id)) continue;
    const upd = applyPatch(el, patch);
    if (upd !== el) next.set(id, upd);
  }
  if (patches.length > 0 && patches.every((p) => !byId.has(p.id))) return refuse(MSG.notFound);
  // nothing changed (every field dropped or already so): the same document, no history entry
  if (next.size === 0) return { doc, diff: diffDocs(doc, doc) };
  return commit(doc, replaceElements(doc, next), { kind: "edit" });
}

function cleanCellPatch(cell: TableCell, patch: Partial<TableCell>): Partial<TableCell> {
  const out: Record<string, unknown> = {};
  const cur = cell as unknown as Record<string, unknown>;
  for (const [k, v] of Object.entries(safePatch(patch))) {
    if (k === "LocaltionStart" || k === "LocaltionEnd" || !Object.hasOwn(cur, k)) continue;
    const old = cur[k];
    if (typeof old === "number") {
      if (typeof v !== "number" && typeof v !== "string") continue;
      const b = CELL_BOUNDS[k];
      out[k] = b ? clamp(b, v, old) : Number.isFinite(Number(v)) ? Number(v) : old;
    } else if (Array.isArray(old) ? sameKindArray(old, v) : typeof old === typeof v) out[k] = v;
  }
  return out as Partial<TableCell>;
}

/** Updates table cells, addressed by the [row, col] of their top-left (LocaltionStart). */
export function updateTableCells(
  doc: LabelDocument,
  tableId: string,
  cells: readonly (readonly [number, number])[],
  patch: Partial<TableCell>,
): OpResult {
  const t = doc.elements.find((e) => e.Id === tableId);
  if (!t || !hasCells(t)) return refuse(MSG.notFound);
  const want = new Set(cells.map(([r, c]) => `${r},${c}`));
  let changed = false;
  const nextCells = t.cells.map((cell) => {
    if (!want.has(`${cell.LocaltionStart[0]},${cell.LocaltionStart[1]}`)) return cell;
    const clean = cleanCellPatch(cell, patch);
    if (Object.keys(clean).length === 0) return cell;
    changed = true;
    return { ...cell, ...clean };
  });
  if (!changed) return commit(doc, doc, { kind: "edit" });
  return commit(doc, replaceElements(doc, new Map([[t.Id, { ...t, cells: nextCells }]])), { kind: "edit" });
}
