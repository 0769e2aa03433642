// Addresses a DataSourceList: an element's own list, or a table cell's (by LocaltionStart row, col).
import { hasCells, isDataBound } from "../model/kinds/caps";
import type { DataSource, LabelDocument, TableCell } from "../model/types";

export interface SourceTarget {
  readonly elementId: string;
  /** [row, column] of a table cell's LocaltionStart */
  readonly cell?: readonly [number, number];
}

/** The part of an element or cell that holds data sources. */
export interface SourceBound {
  readonly Data: string;
  readonly DataSourceList: readonly DataSource[];
  readonly dataSourceIndex: number;
}

const sameCell = (c: TableCell, rc: readonly [number, number]) =>
  c.LocaltionStart[0] === rc[0] && c.LocaltionStart[1] === rc[1];

export function getBound(doc: LabelDocument, target: SourceTarget): SourceBound | null {
  const el = doc.elements.find((e) => e.Id === target.elementId);
  if (!el) return null;
  if (target.cell) {
    const rc = target.cell;
    return hasCells(el) ? (el.cells.find((c) => sameCell(c, rc)) ?? null) : null;
  }
  return isDataBound(el) ? el : null;
}

/** Replaces the addressed list holder; the same document comes back when nothing changed. */
export function updateBound(
  doc: LabelDocument,
  target: SourceTarget,
  fn: (b: SourceBound) => SourceBound,
): LabelDocument {
  let changed = false;
  const elements = doc.elements.map((el) => {
    if (el.Id !== target.elementId || changed) return el;
    if (target.cell) {
      if (!hasCells(el)) return el;
      const rc = target.cell;
      const cells = el.cells.map((c) => {
        if (!sameCell(c, rc)) return c;
        const next = fn(c);
        if (next === c) return c;
        changed = true;
        return { ...c, ...next };
      });
      return changed ? { ...el, cells } : el;
    }
    if (!isDataBound(el)) return el;
    const next = fn(el);
    if (next === el) return el;
    changed = true;
    return { ...el, ...next } as typeof el;
  });
  return changed ? { ...doc, elements } : doc;
}

/** The current source (dataSourceIndex, clamped) of a holder. */
export function currentSource(b: SourceBound): DataSource | undefined {
  const list = b.DataSourceList;
  if (list.length === 0) return undefined;
  return list[Math.min(Math.max(0, Math.trunc(b.dataSourceIndex) || 0), list.length - 1)];
}
