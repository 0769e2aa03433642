// The table's canvas overlay (its kind's `CanvasOverlay`, mounted by the canvas while one table is
// selected): the picked cells drawn in the table's own frame (rotation included) as #3F80F5 at 0.1,
// and the guide line of an inner border being dragged (red when the drag would be reverted). What a
// press does (pick cells, drag a border) is the canvas-interaction machine's; the picked cells and the
// dragged border are the editor machine's context. Only the resize cursor over an inner line is set
// here, from the pointer's hover (no button held: not a gesture).
import { useEffect } from "react";
import { createPortal } from "react-dom";
import type { CanvasLayers } from "../../editor/kinds";
import { useEditorContext, useEditorSelector } from "../../editor/state/context";
import {
  PX_PER_MM,
  TABLE_BORDER_GRAB_PX,
  TABLE_SELECTION_COLOR,
  TABLE_SELECTION_OPACITY,
} from "../../model/constants";
import { tableBorderAt, tableGrid } from "../../model/kinds/tableGrid";
import type { TableElement } from "../../model/types";
import { elementTransform } from "../../render";

export function CanvasCellOverlay({
  el: table,
  layers,
}: {
  readonly el: TableElement;
  readonly layers: CanvasLayers;
}) {
  const { store, viewport } = useEditorContext();
  const cells = useEditorSelector((s) => s.cells);
  const borderDrag = useEditorSelector((s) => s.borderDrag);
  const tableId = table.Id;

  // the pointer over an inner line shows the resize cursor (inline style wins over the canvas's class)
  useEffect(() => {
    const host = layers.host;
    let cursor = false;
    const onHover = (e: MouseEvent) => {
      const t = store.get().doc.elements.find((x) => x.Id === tableId);
      const vp = viewport.current;
      if (t?.Type !== "Table" || !vp || e.buttons !== 0) return;
      const p = vp.clientToDoc(e.clientX, e.clientY);
      const tol = TABLE_BORDER_GRAB_PX / (PX_PER_MM * vp.get().zoom);
      const b = p && tableBorderAt(t, p, tol);
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
    host.addEventListener("mousemove", onHover);
    return () => {
      host.removeEventListener("mousemove", onHover);
      if (cursor) host.style.cursor = "";
    };
  }, [layers.host, store, viewport, tableId]);

  const grid = tableGrid(table);
  const picked = new Set((cells?.tableId === tableId ? cells.cells : []).map((p) => `${p[0]},${p[1]}`));
  const guide = borderDrag?.id === tableId ? borderDrag : null;
  return createPortal(
    <g transform={elementTransform(table)} data-testid="table-cell-overlay" data-for={tableId}>
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
          x1={guide.border.axis === 1 ? guide.pos : 0}
          x2={guide.border.axis === 1 ? guide.pos : grid.xs[grid.xs.length - 1]}
          y1={guide.border.axis === 0 ? guide.pos : 0}
          y2={guide.border.axis === 0 ? guide.pos : grid.ys[grid.ys.length - 1]}
          stroke={guide.sizes ? TABLE_SELECTION_COLOR : "#d93025"}
          strokeWidth={1.5}
          strokeDasharray="4 3"
          vectorEffect="non-scaling-stroke"
        />
      )}
    </g>,
    layers.world,
  );
}
