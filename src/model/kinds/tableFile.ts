// A Table in the label file: its fields, its cells (each a data-bound text) and their positions.
// Reading makes the grid sizes consistent with Row/Column, clamps cells into the grid, drops
// overlapping cells and gives uncovered grid positions default cells, so a damaged table still
// renders as a complete grid.
import { BOUNDS, type Bound } from "../bounds";
import { createTableCell } from "../defaults";
import { clampNumber, num, numList, pair } from "../file/codecs";
import { c, FONT_FIELDS, f, PEN_WIDTH, TEXT_STYLE_FIELDS } from "../file/fields";
import { readDataBound, readFields, readFont } from "../file/readParts";
import { fields, font, type Out, sources, tag } from "../file/writeParts";
import { childNode, childNodes, hasChild, type XmlNode } from "../file/xml";
import type { TableCell, TableElement } from "../types";

const TABLE_PEN_WIDTH: Bound = { min: PEN_WIDTH.min, max: BOUNDS.TablePenWidth.max };
// Cells may be dragged down to 0.5 mm (TABLE_DRAG_MIN_CELL_MM), below the panel's 1 mm.
const CELL_SIZE: Bound = { min: 0.5, max: BOUNDS.TableCellSize.max };

const TABLE_FIELDS = [
  f("Row", "Row", c(num("TableRows"))),
  f("Column", "Column", c(num("TableColumns"))),
  f("CellWidth", "CellWidth", c(numList(CELL_SIZE))),
  f("CellHeight", "CellHeight", c(numList(CELL_SIZE))),
  f("PenWidth", "PenWidth", c(num(TABLE_PEN_WIDTH))),
];

const CELL_POSITION_FIELDS = [
  f("LocaltionStart", "LocaltionStart", c(pair(BOUNDS.TableRows.max))),
  f("LocaltionEnd", "LocaltionEnd", c(pair(BOUNDS.TableRows.max))),
];

type AnyRecord = Record<string, unknown>;

/** Pads (with the last size, or the default) or cuts a size list to n entries. */
function fitSizes(list: readonly number[], n: number, fallback: number): number[] {
  const out = list.slice(0, n);
  const pad = out.length > 0 ? out[out.length - 1] : fallback;
  while (out.length < n) out.push(pad);
  return out;
}

const DEFAULT_CELL = createTableCell(0, 0) as unknown as AnyRecord;

function readCell(node: XmlNode, rows: number, cols: number): TableCell {
  const def = DEFAULT_CELL;
  const out: AnyRecord = { ...def };
  readFields(node, CELL_POSITION_FIELDS, def, out);
  readDataBound(node, def, out);
  readFont(node, FONT_FIELDS, def, out);
  readFields(node, TEXT_STYLE_FIELDS, def, out);
  const [r0, c0] = out.LocaltionStart as [number, number];
  const [r1, c1] = out.LocaltionEnd as [number, number];
  const sr = Math.min(r0, rows - 1);
  const sc = Math.min(c0, cols - 1);
  out.LocaltionStart = [sr, sc];
  out.LocaltionEnd = [Math.min(Math.max(r1, sr), rows - 1), Math.min(Math.max(c1, sc), cols - 1)];
  return out as unknown as TableCell;
}

export function readTable(node: XmlNode, def: AnyRecord, out: AnyRecord): void {
  readFields(node, TABLE_FIELDS, def, out);
  const widths = out.CellWidth as number[];
  const heights = out.CellHeight as number[];
  // a file that lists sizes but no counts: the lists say how many
  const count = (tag: string, list: number[], current: number) =>
    hasChild(node, tag) || list.length === 0
      ? current
      : clampNumber({ min: 1, max: 100, integer: true }, String(list.length), current);
  const cols = count("Column", widths, out.Column as number);
  const rows = count("Row", heights, out.Row as number);
  out.Column = cols;
  out.Row = rows;
  out.CellWidth = fitSizes(widths, cols, (def.CellWidth as number[])[0]);
  out.CellHeight = fitSizes(heights, rows, (def.CellHeight as number[])[0]);

  const covered = new Uint8Array(rows * cols);
  const cells: TableCell[] = [];
  for (const cn of childNodes(childNode(node, "TextList"), "Cell")) {
    const cell = readCell(cn, rows, cols);
    const [sr, sc] = cell.LocaltionStart;
    const [er, ec] = cell.LocaltionEnd;
    let free = true;
    for (let r = sr; r <= er && free; r++)
      for (let c = sc; c <= ec; c++) if (covered[r * cols + c]) free = false;
    if (!free) continue;
    for (let r = sr; r <= er; r++) for (let c = sc; c <= ec; c++) covered[r * cols + c] = 1;
    cells.push(cell);
  }
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) if (!covered[r * cols + c]) cells.push(createTableCell(r, c));
  }
  out.cells = cells;
}

function writeCell(out: Out, p: string, c: TableCell) {
  out.push(`${p}<Cell>`);
  const q = `${p}  `;
  fields(out, q, c, CELL_POSITION_FIELDS);
  tag(out, q, "Data", c.Data);
  font(out, q, c, FONT_FIELDS);
  fields(out, q, c, TEXT_STYLE_FIELDS);
  sources(out, q, c);
  out.push(`${p}</Cell>`);
}

export function writeTable(out: Out, p: string, el: TableElement): void {
  fields(out, p, el, TABLE_FIELDS);
  out.push(`${p}<TextList>`);
  for (const c of el.cells) writeCell(out, `${p}  `, c);
  out.push(`${p}</TextList>`);
}
