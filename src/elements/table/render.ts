// Table: the grid (merged cells leave out their inner lines) and each cell's text, laid out by the
// text engine inside the cell and centred vertically.

import { DEFAULT_TEXT_COLOR } from "../../model/constants";
import { type TableGrid, tableGrid } from "../../model/kinds/tableGrid";
import { type TableCell, type TableElement, tableCellKey } from "../../model/types";
import { num } from "../../render/svg";
import { layoutText, styleSpec, textLayoutSvg } from "../../render/text";
import type { ElementKind, RenderContext } from "../kind";

/** Space between a cell's border and its text, besides half the pen (mm). */
export const CELL_PADDING = 0.4;

function gridLines(g: TableGrid, pen: number): string {
  const { xs, ys, owner } = g;
  const rows = ys.length - 1;
  const cols = xs.length - 1;
  const segs: string[] = [];
  const seg = (x1: number, y1: number, x2: number, y2: number) =>
    segs.push(`M${num(x1)} ${num(y1)}L${num(x2)} ${num(y2)}`);
  const split = (a: number, b: number) => a === -1 || a !== b;
  for (let r = 1; r < rows; r++) {
    let from = -1;
    for (let c = 0; c <= cols; c++) {
      const on = c < cols && split(owner[r - 1][c], owner[r][c]);
      if (on && from < 0) from = c;
      if (!on && from >= 0) {
        seg(xs[from], ys[r], xs[c], ys[r]);
        from = -1;
      }
    }
  }
  for (let c = 1; c < cols; c++) {
    let from = -1;
    for (let r = 0; r <= rows; r++) {
      const on = r < rows && split(owner[r][c - 1], owner[r][c]);
      if (on && from < 0) from = r;
      if (!on && from >= 0) {
        seg(xs[c], ys[from], xs[c], ys[r]);
        from = -1;
      }
    }
  }
  const w = xs[cols];
  const h = ys[rows];
  const i = Math.min(pen / 2, w / 2, h / 2);
  const stroke = ` fill="none" stroke="${DEFAULT_TEXT_COLOR}" stroke-width="${num(pen)}"`;
  const outer = `<rect x="${num(i)}" y="${num(i)}" width="${num(w - 2 * i)}" height="${num(h - 2 * i)}"${stroke}/>`;
  return outer + (segs.length ? `<path d="${segs.join("")}"${stroke}/>` : "");
}

const safeId = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, "_");

function cellText(
  el: TableElement,
  cell: TableCell,
  span: [number, number, number, number],
  g: TableGrid,
  ctx: RenderContext,
): string {
  const [r0, c0, r1, c1] = span;
  const text = ctx.values.get(tableCellKey(el.Id, r0, c0)) ?? cell.Data ?? "";
  if (!text) return "";
  const pad = Math.max(el.PenWidth, 0) / 2 + CELL_PADDING;
  const x = g.xs[c0] + pad;
  const y = g.ys[r0] + pad;
  const w = Math.max(g.xs[c1 + 1] - g.xs[c0] - 2 * pad, 0.1);
  const h = Math.max(g.ys[r1 + 1] - g.ys[r0] - 2 * pad, 0.1);
  const vertical = cell.TextArrange === 1;
  const layout = layoutText(
    {
      ...styleSpec(cell, text),
      autoLine: cell.TextAutoLine,
      wrapWidth: vertical ? h : w,
      boxLength: vertical ? h : w,
    },
    ctx.fonts,
  );
  const dx = vertical ? x + (w - layout.width) / 2 : x;
  const dy = vertical ? y : y + (h - layout.height) / 2;
  const svg = textLayoutSvg(layout, { x: dx, y: dy });
  if (layout.width <= w + 1e-6 && layout.height <= h + 1e-6) return svg;
  const id = `clip-${safeId(el.Id)}-${r0}-${c0}`;
  return `<clipPath id="${id}"><rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}"/></clipPath><g clip-path="url(#${id})">${svg}</g>`;
}

export function renderTable(el: TableElement, ctx: RenderContext): string {
  const g = tableGrid(el);
  let out = el.PenWidth > 0 ? gridLines(g, el.PenWidth) : "";
  g.spans.forEach((span, i) => {
    if (span) out += cellText(el, el.cells[i], span, g, ctx);
  });
  return out;
}

export const tableKind: ElementKind<TableElement> = {
  type: "Table",
  async prepare(el, ctx) {
    const seen = new Set<string>();
    const loads: Promise<unknown>[] = [];
    for (const c of el.cells ?? []) {
      const k = `${c.FontFamily}|${c.Bold}`;
      if (seen.has(k)) continue;
      seen.add(k);
      loads.push(ctx.fonts.ensure(c.FontFamily, c.Bold));
    }
    await Promise.all(loads);
  },
  render: renderTable,
};
