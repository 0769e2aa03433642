// Cell selection on the canvas for the one selected table (spec §4 Table): drawn inside the canvas's
// zoomed world group (a <g> this component adds there and portals into, so the canvas code needs no
// hook), in the table's own frame (rotation included), as #3F80F5 at 0.1 over each picked cell. The
// table panel mounts it, so it lives exactly while one table is selected.
//
// Gestures (a capture listener on the canvas host, ahead of the canvas's own d3-drag):
// - the table is selected and no cell is picked: a click (no movement) on a cell picks it; a drag
//   still moves the table as before;
// - cells are picked ("cell mode"): a press inside the table belongs to the cell selection — click
//   picks one cell, Ctrl/Cmd-click toggles one, Shift-click extends from the anchor, dragging over
//   cells picks the rectangle between (grown over merged cells). Escape, or a press outside the
//   table, leaves cell mode; the table is then moved by dragging again;
// - in either mode a press within a few px of an inner row or column line drags that border: the two
//   cells beside it share their size, one history entry on release; a cell under 0.5 mm reverts it.
import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useEditorContext } from "../../editor/state/context";
import { TABLE_SELECTION_COLOR, TABLE_SELECTION_OPACITY } from "../../model/constants";
import type { TableElement } from "../../model/types";
import { elementTransform } from "../../render";
import { type Border, borderAt, sizesAfterDrag } from "./borders";
import { cellRange, cellSelection, clickedCells, unionCells, useTableCells } from "./cellSelection";
import { tableGrid } from "./render";
import { type Pos, setTableSizes } from "./structure";

/** Screen px a press may travel and still be a click (the canvas's d3-drag clickDistance). */
const CLICK_SLOP = 3;
/** Screen px either side of an inner line that grab the border. */
const BORDER_GRAB_PX = 4;

/** A client point in the table's local millimetres, and screen px per local mm. */
function toLocal(g: SVGGElement, x: number, y: number): { x: number; y: number; scale: number } | null {
  const ctm = g.getScreenCTM();
  if (!ctm) return null;
  const p = new DOMPoint(x, y).matrixTransform(ctm.inverse());
  return { x: p.x, y: p.y, scale: Math.hypot(ctm.a, ctm.b) || 1 };
}

/** The grid cell (its record's LocaltionStart) under a client point, or null outside the table. */
function cellAtClient(g: SVGGElement, t: TableElement, x: number, y: number): Pos | null {
  const p = toLocal(g, x, y);
  if (!p) return null;
  const grid = tableGrid(t);
  const find = (edges: readonly number[], v: number) => {
    if (v < edges[0] || v > edges[edges.length - 1]) return -1;
    for (let i = 1; i < edges.length; i++) if (v <= edges[i]) return i - 1;
    return -1;
  };
  const c = find(grid.xs, p.x);
  const r = find(grid.ys, p.y);
  if (r < 0 || c < 0) return null;
  const i = grid.owner[r]?.[c] ?? -1;
  const span = i >= 0 ? grid.spans[i] : null;
  return span ? [span[0], span[1]] : null;
}

const same = (a: Pos | null, b: Pos | null) => !!a && !!b && a[0] === b[0] && a[1] === b[1];

export function CanvasCellOverlay({ table }: { readonly table: TableElement }) {
  const tableId = table.Id;
  const gRef = useRef<SVGGElement>(null);
  const tableRef = useRef(table);
  tableRef.current = table;
  const cells = useTableCells(tableId);
  const [layer, setLayer] = useState<{ g: SVGGElement; host: HTMLElement } | null>(null);
  const [guide, setGuide] = useState<(Border & { pos: number; ok: boolean }) | null>(null);
  const { store } = useEditorContext();

  // our own group at the end of the canvas's world group (above the label), removed on unmount;
  // the cell selection ends with it (the table is no longer the one selected element)
  useEffect(() => {
    const world = document.querySelector('[data-testid="world"]');
    const host = world?.closest<HTMLElement>('[data-testid="canvas"]');
    if (!world || !host) return;
    const g = document.createElementNS("http://www.w3.org/2000/svg", "g");
    g.setAttribute("pointer-events", "none");
    g.setAttribute("data-testid", "table-cell-overlay");
    g.setAttribute("data-for", tableId);
    world.appendChild(g);
    setLayer({ g, host });
    return () => {
      g.remove();
      if (cellSelection.get().tableId === tableId) cellSelection.clear();
    };
  }, [tableId]);

  useEffect(() => {
    const host = layer?.host;
    if (!host) return;
    let stop: (() => void) | null = null;
    const onDown = (e: MouseEvent) => {
      const g = gRef.current;
      const t = tableRef.current;
      if (e.button !== 0 || !g || !t) return;
      // the resize handles keep working in cell mode
      if ((e.target as Element | null)?.closest?.("[data-handle]")) return;
      const local = toLocal(g, e.clientX, e.clientY);
      const border = local && borderAt(tableGrid(t), local.x, local.y, BORDER_GRAB_PX / local.scale);
      if (border) {
        e.stopPropagation();
        stop?.();
        stop = dragBorder(border);
        return;
      }
      const cell = cellAtClient(g, t, e.clientX, e.clientY);
      if (!cell) return;
      const state = cellSelection.get();
      const picked = state.tableId === tableId ? state.cells : [];
      const x0 = e.clientX;
      const y0 = e.clientY;
      stop?.();
      if (picked.length === 0) {
        // not in cell mode: the canvas handles the press; a click picks the cell afterwards
        if (e.ctrlKey || e.metaKey || e.shiftKey) return;
        const up = (u: MouseEvent) => {
          window.removeEventListener("mouseup", up, true);
          stop = null;
          if (Math.hypot(u.clientX - x0, u.clientY - y0) > CLICK_SLOP) return;
          cellSelection.set(tableId, [cell], cell);
        };
        window.addEventListener("mouseup", up, true);
        stop = () => window.removeEventListener("mouseup", up, true);
        return;
      }
      // cell mode: the press is ours, the canvas never sees it (no move, no deselect)
      e.stopPropagation();
      const toggle = e.ctrlKey || e.metaKey;
      const click = clickedCells(t, picked, state.anchor, cell, { toggle, extend: e.shiftKey });
      cellSelection.set(tableId, click.cells, click.anchor);
      const anchor = click.anchor;
      // a Ctrl-drag adds its rectangle to the toggled cells; any other drag replaces them
      const base: readonly Pos[] = toggle ? click.cells : [];
      let last: Pos = cell;
      const move = (m: MouseEvent) => {
        const tt = tableRef.current;
        const gg = gRef.current;
        if (!tt || !gg) return;
        const over = cellAtClient(gg, tt, m.clientX, m.clientY);
        if (!over || same(over, last)) return;
        last = over;
        cellSelection.set(tableId, unionCells(base, cellRange(tt, anchor, over)), anchor);
      };
      const up = () => {
        window.removeEventListener("mousemove", move, true);
        window.removeEventListener("mouseup", up, true);
        stop = null;
      };
      window.addEventListener("mousemove", move, true);
      window.addEventListener("mouseup", up, true);
      stop = up;
    };
    /** Moves an inner border with the pointer (a guide line), applied on release. */
    const dragBorder = (border: Border) => {
      let sizes: number[] | null = null;
      const move = (m: MouseEvent) => {
        const gg = gRef.current;
        const tt = tableRef.current;
        const p = gg && toLocal(gg, m.clientX, m.clientY);
        if (!p || !tt) return;
        const pos = border.axis === 1 ? p.x : p.y;
        sizes = sizesAfterDrag(tableGrid(tt), border, pos);
        setGuide({ ...border, pos, ok: sizes !== null });
      };
      const up = () => {
        window.removeEventListener("mousemove", move, true);
        window.removeEventListener("mouseup", up, true);
        stop = null;
        setGuide(null);
        // under 0.5 mm the drag is reverted: nothing changes
        if (sizes) store.apply(setTableSizes(store.get().doc, tableId, border.axis, sizes));
      };
      window.addEventListener("mousemove", move, true);
      window.addEventListener("mouseup", up, true);
      return up;
    };
    // the pointer over an inner line shows the resize cursor (inline style wins over the canvas's class)
    let cursor = false;
    const onHover = (e: MouseEvent) => {
      const g = gRef.current;
      const t = tableRef.current;
      if (!g || !t || e.buttons !== 0) return;
      const p = toLocal(g, e.clientX, e.clientY);
      const b = p && borderAt(tableGrid(t), p.x, p.y, BORDER_GRAB_PX / p.scale);
      if (b) {
        // a rotated table turns the line: 90/270 swap the cursors
        const turned = (((Number(t.Rotate) || 0) % 180) + 180) % 180 === 90;
        host.style.cursor = (b.axis === 1) !== turned ? "col-resize" : "row-resize";
        cursor = true;
      } else if (cursor) {
        host.style.cursor = "";
        cursor = false;
      }
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && cellSelection.get().tableId === tableId) cellSelection.clear();
    };
    host.addEventListener("mousedown", onDown, true);
    host.addEventListener("mousemove", onHover);
    window.addEventListener("keydown", onKey, true);
    return () => {
      stop?.();
      if (cursor) host.style.cursor = "";
      host.removeEventListener("mousemove", onHover);
      host.removeEventListener("mousedown", onDown, true);
      window.removeEventListener("keydown", onKey, true);
    };
  }, [layer, tableId, store]);

  if (!layer) return null;
  const grid = tableGrid(table);
  const picked = new Set(cells.map((p) => `${p[0]},${p[1]}`));
  return createPortal(
    <g ref={gRef} transform={elementTransform(table)}>
      {table.cells.map((_, i) => {
        const span = grid.spans[i];
        if (!span || !picked.has(`${span[0]},${span[1]}`)) return null;
        const [r0, c0, r1, c1] = span;
        return (
          <rect
            key={`${r0},${c0}`}
            data-testid="table-cell-highlight"
            data-cell={`${r0},${c0}`}
            x={grid.xs[c0]}
            y={grid.ys[r0]}
            width={grid.xs[c1 + 1] - grid.xs[c0]}
            height={grid.ys[r1 + 1] - grid.ys[r0]}
            fill={TABLE_SELECTION_COLOR}
            fillOpacity={TABLE_SELECTION_OPACITY}
          />
        );
      })}
      {guide && (
        <line
          data-testid="table-border-guide"
          x1={guide.axis === 1 ? guide.pos : 0}
          x2={guide.axis === 1 ? guide.pos : grid.xs[grid.xs.length - 1]}
          y1={guide.axis === 0 ? guide.pos : 0}
          y2={guide.axis === 0 ? guide.pos : grid.ys[grid.ys.length - 1]}
          stroke={guide.ok ? TABLE_SELECTION_COLOR : "#d93025"}
          strokeWidth={1.5}
          strokeDasharray="4 3"
          vectorEffect="non-scaling-stroke"
        />
      )}
    </g>,
    layer.g,
  );
}
