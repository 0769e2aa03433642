// Attribute panel of a Table (spec §3 Table, §4, §5): rows and columns (≥ 1), row heights and column
// widths (≥ 1), border pen 0.3–5, a cell grid to select cells (click picks one, Ctrl/Cmd-click
// toggles, Shift-click extends, as on the canvas), the selected cells'
// text, data sources, font and alignment, merge (≥ 2 cells) / split (one merged cell), and insert /
// delete of rows and columns where the shortcuts act (`cellsTarget`: above / left of, below / right
// of the picked cells, deleting their first row / column). The cell selection is the editor machine's
// (context `cells`), shared with the canvas.
import { useTranslation } from "react-i18next";
import { useLength } from "../../app/ui/useLength";
import { fixedTextPatch } from "../../data";
import { BoundField, TextInput } from "../../editor/panels/fields/controls";
import { useEditorContext, useEditorSelector } from "../../editor/state/context";
import { cellsTarget, liveSelection } from "../../model/kinds/tableCells";
import type { Pos } from "../../model/kinds/tableGrid";
import type { TableCell, TableElement, TextStyle } from "../../model/types";
import { DataSourceEditor } from "../common/DataSourceEditor";
import { TextStyleFields } from "../common/TextStyleFields";

/** Keyed by table, so no field state carries over to another table. */
export function TablePanel({ el }: { readonly el: TableElement }) {
  return <TableFields key={el.Id} el={el} />;
}

function TableFields({ el: table }: { readonly el: TableElement }) {
  const { t } = useTranslation();
  const { store } = useEditorContext();
  const len = useLength();
  // the editor's cell selection, shared with the canvas: picking on either acts on both
  const pick = useEditorSelector((s) => s.cells);
  const sel = liveSelection(table, pick?.tableId === table.Id ? pick.cells : []);
  const setPicked = (cells: readonly Pos[]) => store.send({ type: "table.cells.pick", id: table.Id, cells });
  const first = sel[0];
  const cell: TableCell | undefined =
    first && table.cells.find((c) => c.LocaltionStart[0] === first[0] && c.LocaltionStart[1] === first[1]);
  const id = table.Id;
  const styleCells = (p: Partial<TextStyle>) =>
    store.send({ type: "table.cells.update", id, cells: sel, patch: p });
  const at = cellsTarget(table, sel);
  const btn = (key: string, testId: string, onClick: () => void, disabled = false) => (
    <button type="button" className="ink-btn" data-testid={testId} disabled={disabled} onClick={onClick}>
      {t(key)}
    </button>
  );
  return (
    <>
      <fieldset className="ink-panel-group">
        <legend>{t("elements.table.title")}</legend>
        <div className="ink-field-row">
          <BoundField
            label={t("elements.table.rows")}
            bound="TableRows"
            value={table.Row}
            testId="panel-table-rows"
            onCommit={(v) => store.send({ type: "table.count", id, axis: 0, count: v })}
          />
          <BoundField
            label={t("elements.table.columns")}
            bound="TableColumns"
            value={table.Column}
            testId="panel-table-columns"
            onCommit={(v) => store.send({ type: "table.count", id, axis: 1, count: v })}
          />
        </div>
        <BoundField
          label={len.label("elements.table.penWidth")}
          bound="TablePenWidth"
          unit={len.unit}
          value={table.PenWidth}
          testId="panel-table-pen"
          onCommit={(v) => store.send({ type: "element.update", id, kind: "Table", patch: { PenWidth: v } })}
        />
        <div className="ink-field-row ink-wrap">
          {table.CellWidth.map((w, i) => (
            <BoundField
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions
              key={`w${i}`}
              label={len.label("elements.table.columnWidth", { n: i + 1 })}
              bound="TableCellSize"
              unit={len.unit}
              value={w}
              testId={`panel-table-col-width-${i}`}
              onCommit={(v) => store.send({ type: "table.cellSize", id, axis: 1, index: i, size: v })}
            />
          ))}
        </div>
        <div className="ink-field-row ink-wrap">
          {table.CellHeight.map((h, i) => (
            <BoundField
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions
              key={`h${i}`}
              label={len.label("elements.table.rowHeight", { n: i + 1 })}
              bound="TableCellSize"
              unit={len.unit}
              value={h}
              testId={`panel-table-row-height-${i}`}
              onCommit={(v) => store.send({ type: "table.cellSize", id, axis: 0, index: i, size: v })}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="ink-panel-group">
        <legend>{t("elements.table.cells")}</legend>
        <section
          aria-label={t("elements.table.cells")}
          data-testid="panel-table-grid"
          style={{
            display: "grid",
            gridTemplateColumns: `repeat(${table.Column}, minmax(18px, 1fr))`,
            gridTemplateRows: `repeat(${table.Row}, 22px)`,
            gap: 2,
          }}
        >
          {table.cells.map((c) => {
            const [r0, c0] = c.LocaltionStart;
            const [r1, c1] = c.LocaltionEnd;
            const on = sel.some((p) => p[0] === r0 && p[1] === c0);
            return (
              <button
                type="button"
                key={`${r0},${c0}`}
                aria-pressed={on}
                aria-label={t("elements.table.cell", { row: r0 + 1, column: c0 + 1 })}
                data-testid={`panel-table-cell-${r0}-${c0}`}
                onClick={(e) =>
                  store.send({
                    type: "table.cells.click",
                    id: table.Id,
                    cell: [r0, c0],
                    toggle: e.ctrlKey || e.metaKey,
                    extend: e.shiftKey,
                  })
                }
                style={{
                  gridRow: `${r0 + 1} / ${r1 + 2}`,
                  gridColumn: `${c0 + 1} / ${c1 + 2}`,
                  background: on ? "rgba(63,128,245,0.25)" : "#fff",
                  border: on ? "1px solid #3F80F5" : "1px solid #c7cfdb",
                  overflow: "hidden",
                  fontSize: 11,
                  padding: 0,
                }}
              >
                {c.Data.slice(0, 6)}
              </button>
            );
          })}
        </section>
        <div className="ink-button-row">
          {btn("elements.table.merge", "panel-table-merge", () => {
            // the merged cell starts at the top-left of the picked cells
            const top: Pos = [Math.min(...sel.map((p) => p[0])), Math.min(...sel.map((p) => p[1]))];
            const before = store.get().doc;
            store.send({ type: "table.cells.merge", id, cells: sel });
            if (store.get().doc !== before) setPicked([top]);
          })}
          {btn("elements.table.split", "panel-table-split", () =>
            store.send({ type: "table.cells.split", id, cells: sel }),
          )}
        </div>
        <div className="ink-button-row">
          {btn("elements.table.insertRowAbove", "panel-table-row-above", () =>
            store.send({ type: "table.row.insert", id, at: at.before[0] }),
          )}
          {btn("elements.table.insertRowBelow", "panel-table-row-below", () =>
            store.send({ type: "table.row.insert", id, at: at.after[0] }),
          )}
          {btn("elements.table.deleteRow", "panel-table-row-delete", () =>
            store.send({ type: "table.row.delete", id, index: at.first[0] }),
          )}
        </div>
        <div className="ink-button-row">
          {btn("elements.table.insertColumnLeft", "panel-table-col-left", () =>
            store.send({ type: "table.column.insert", id, at: at.before[1] }),
          )}
          {btn("elements.table.insertColumnRight", "panel-table-col-right", () =>
            store.send({ type: "table.column.insert", id, at: at.after[1] }),
          )}
          {btn("elements.table.deleteColumn", "panel-table-col-delete", () =>
            store.send({ type: "table.column.delete", id, index: at.first[1] }),
          )}
        </div>
      </fieldset>
      {cell && (
        <>
          <fieldset className="ink-panel-group" data-testid="panel-table-cell-fields">
            <legend>{t("elements.table.selectedCells", { count: sel.length })}</legend>
            {cell.DataSourceList.length <= 1 && (cell.DataSourceList[0]?.DataSourceType ?? 0) === 0 && (
              <TextInput
                label={t("elements.table.cellText")}
                value={cell.Data}
                testId="panel-table-cell-text"
                onCommit={(v) => {
                  const list = cell.DataSourceList.length
                    ? [{ ...cell.DataSourceList[0], ...fixedTextPatch(v) }]
                    : cell.DataSourceList;
                  store.send({
                    type: "table.cells.update",
                    id,
                    cells: sel,
                    patch: { Data: v, DataSourceList: list },
                  });
                }}
              />
            )}
            <TextStyleFields
              value={cell}
              onPatch={styleCells}
              sizeBound="TableFontSize"
              testPrefix="panel-cell"
            />
          </fieldset>
          {sel.length === 1 && <DataSourceEditor target={{ elementId: table.Id, cell: first }} />}
        </>
      )}
    </>
  );
}
