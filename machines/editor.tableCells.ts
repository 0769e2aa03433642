// The selected table's part of the editor machine: what a press on it is (an inner line to drag, a
// cell to pick, or the table itself), and the cell selection and border drag that follow, as context
// updates. The cell selection (context `cells`) belongs to the one selected table; the gesture
// recogniser (canvasInteraction.machine.ts) has the states, this file the table's maths.
import { PX_PER_MM, TABLE_BORDER_GRAB_PX } from "../src/model/constants";
import type { Point } from "../src/model/geometry";
import { hasCells } from "../src/model/kinds/caps";
import { type CellPick, cellRange, clickedCells, unionCells } from "../src/model/kinds/tableCells";
import {
  type Border,
  borderPosition,
  cellAt,
  type Pos,
  sizesAfterDrag,
  tableBorderAt,
  tableGrid,
} from "../src/model/kinds/tableGrid";
import type { TableElement } from "../src/model/types";
import type { PointerTarget } from "./canvasInteraction.machine";
import { type EditorContext, selectionOf } from "./editor.types";

/** The one selected element when it is a table. */
export function selectedTableOf(c: Pick<EditorContext, "doc" | "selection">): TableElement | null {
  const sel = selectionOf(c);
  if (sel.length !== 1) return null;
  const el = c.doc.elements.find((e) => e.Id === sel[0]);
  return el && hasCells(el) ? el : null;
}

function tableById(c: Pick<EditorContext, "doc">, id: string): TableElement | null {
  const el = c.doc.elements.find((e) => e.Id === id);
  return el && hasCells(el) ? el : null;
}

/** The cells picked in a table (none when the pick belongs to another table). */
export function pickedCells(c: Pick<EditorContext, "cells">, tableId: string): readonly Pos[] {
  return c.cells?.tableId === tableId ? c.cells.cells : [];
}

/**
 * What a press is, the canvas having named the element under it: on the selected table, an inner
 * line within 4 screen px is dragged; once cells are picked, a press on a cell picks cells; with
 * none picked, a plain press on a cell is a press on the table that, as a click, picks that cell.
 */
export function pressTarget(
  c: Pick<EditorContext, "doc" | "selection" | "cells" | "zoom">,
  ev: {
    readonly point: Point;
    readonly target: PointerTarget;
    readonly ctrl?: boolean;
    readonly shift?: boolean;
  },
): PointerTarget {
  const t = ev.target;
  if (t.kind !== "element" && t.kind !== "canvas") return t;
  const table = selectedTableOf(c);
  if (!table || (t.kind === "element" && t.id !== table.Id)) return t;
  const tol = TABLE_BORDER_GRAB_PX / (PX_PER_MM * (c.zoom > 0 ? c.zoom : 1));
  const border = tableBorderAt(table, ev.point, tol);
  if (border) return { kind: "border", id: table.Id, border };
  const cell = cellAt(table, ev.point);
  if (!cell) return t;
  if (pickedCells(c, table.Id).length > 0) return { kind: "cells", id: table.Id, cell };
  return ev.ctrl || ev.shift ? t : { kind: "element", id: table.Id, cell };
}

const same = (a: Pos, b: Pos) => a[0] === b[0] && a[1] === b[1];

/** A table's pick; the anchor is a copy (the inspector would show a cell listed twice as a cycle). */
export function cellPick(tableId: string, cells: readonly Pos[], anchor: Pos | null): CellPick {
  return { tableId, cells, anchor: anchor ? [anchor[0], anchor[1]] : null };
}

/** A click on a cell, on the canvas or in the panel's grid: the cells picked after it. */
export function cellsAfterClick(
  c: Pick<EditorContext, "doc" | "cells">,
  id: string,
  cell: Pos,
  mods: { readonly toggle: boolean; readonly extend: boolean },
): CellPick | null {
  const table = tableById(c, id);
  if (!table) return null;
  const anchor = c.cells?.tableId === id ? c.cells.anchor : null;
  const click = clickedCells(table, pickedCells(c, id), anchor, cell, mods);
  return cellPick(id, click.cells, click.anchor);
}

/** A press in cell mode: the pick, and the drag it may start (a Ctrl-drag adds to the toggled cells). */
export function cellsPress(
  c: Pick<EditorContext, "doc" | "cells">,
  ev: { readonly id: string; readonly cell: Pos; readonly toggle: boolean; readonly extend: boolean },
): Pick<EditorContext, "cells" | "cellDrag"> | null {
  const pick = cellsAfterClick(c, ev.id, ev.cell, ev);
  if (!pick?.anchor) return null;
  return { cells: pick, cellDrag: { base: ev.toggle ? pick.cells : [], anchor: pick.anchor, last: ev.cell } };
}

/** Dragging over cells: the rectangle between the anchor and the cell under the pointer. */
export function cellsDrag(
  c: Pick<EditorContext, "doc" | "cells" | "cellDrag">,
  id: string,
  point: Point,
): Pick<EditorContext, "cells" | "cellDrag"> | null {
  const d = c.cellDrag;
  const table = tableById(c, id);
  if (!d || !table) return null;
  const over = cellAt(table, point);
  if (!over || same(over, d.last)) return null;
  return {
    cells: cellPick(id, unionCells(d.base, cellRange(table, d.anchor, over)), d.anchor),
    cellDrag: { ...d, last: over },
  };
}

/** An inner line dragged to a label point: where it is and the sizes it gives (null: reverted). */
export function borderDrag(
  c: Pick<EditorContext, "doc">,
  id: string,
  border: Border,
  point: Point,
): EditorContext["borderDrag"] {
  const table = tableById(c, id);
  if (!table) return null;
  const pos = borderPosition(table, border, point);
  return { id, border, pos, sizes: sizesAfterDrag(tableGrid(table), border, pos) };
}
