// Table: a grid of cells (each a data-bound text); resized from its right and bottom sides, scaling
// its columns and rows (spec §4, §5). Its part of the label file is in tableFile.ts.
import { NEW_TABLE, TABLE_MIN_CELL } from "../constants";
import { createTableCell } from "../defaults";
import type { TableCell, TableElement } from "../types";
import { pxToMm } from "../units";
import { type KindModel, NO_CAPS } from "./kind";
import { baseElement, pen } from "./parts";
import { readTable, writeTable } from "./tableFile";

/** The table at a new size: every column and row scaled (to µm), the box their sum. */
function scaleTable(el: TableElement, w2: number, h2: number): TableElement {
  const sx = w2 / el.Width;
  const sy = h2 / el.Height;
  const r3 = (n: number) => Math.round(n * 1000) / 1000;
  const CellWidth = el.CellWidth.map((w) => r3(w * sx));
  const CellHeight = el.CellHeight.map((h) => r3(h * sy));
  return {
    ...el,
    CellWidth,
    CellHeight,
    Width: CellWidth.reduce((a, b) => a + b, 0),
    Height: CellHeight.reduce((a, b) => a + b, 0),
  };
}

export const tableModel: KindModel<TableElement> = {
  name: "table",
  types: ["Table"],
  palette: { items: [["Table", "table"]] },
  caps: { ...NO_CAPS, cells: true, mirrorable: false },
  create: (_type, els, p, labelW) => {
    const cw = Math.round(labelW * NEW_TABLE.cellWidthRatio * 10) / 10;
    const ch = Math.round(labelW * NEW_TABLE.cellHeightRatio * 10) / 10;
    const cells: TableCell[] = [];
    for (let r = 0; r < NEW_TABLE.rows; r++)
      for (let c = 0; c < NEW_TABLE.columns; c++) cells.push(createTableCell(r, c));
    return {
      ...baseElement("Table", els, p, cw * NEW_TABLE.columns, ch * NEW_TABLE.rows),
      Type: "Table",
      Row: NEW_TABLE.rows,
      Column: NEW_TABLE.columns,
      CellWidth: Array(NEW_TABLE.columns).fill(cw),
      CellHeight: Array(NEW_TABLE.rows).fill(ch),
      PenWidth: pen(NEW_TABLE.penWidth),
      cells,
    };
  },
  read: readTable,
  write: writeTable,
  handles: () => ["e", "s"],
  minSize: (el) => {
    const cell = pxToMm(TABLE_MIN_CELL);
    return { w: el.Column * (cell + el.PenWidth), h: el.Row * (cell + el.PenWidth) };
  },
  proportional: () => false,
  sized: scaleTable,
  shared: () => ["PenWidth"],
};
