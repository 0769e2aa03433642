// One printed page as SVG: the label sheet (paddings, rows × columns, spacings) with each filled
// cell holding one record's label from the shared renderer, nested as its own clipped <svg>.
import { sheetGeometry } from "../export/layout";
import type { LabelDocument } from "../model/types";
import { type RenderOptions, renderLabel } from "../render/index";

export interface PageSize {
  readonly width: number;
  readonly height: number;
}

export function pageSize(doc: LabelDocument): PageSize {
  const g = sheetGeometry(doc.attrs);
  return { width: g.width, height: g.height };
}

const num = (v: number) => String(Math.round(v * 1000) / 1000);

/** The inside of a rendered label's root <svg>. */
function innerOf(svg: string): string {
  const open = svg.indexOf(">");
  const close = svg.lastIndexOf("</svg>");
  return open < 0 || close < open ? "" : svg.slice(open + 1, close);
}

export interface PageSvgOptions extends Omit<RenderOptions, "values"> {
  /** the root's width/height attributes and viewBox (default: the sheet in mm) */
  readonly root?: { readonly width: string; readonly height: string; readonly viewBox: string };
}

/** The page for the given records (one per cell, in order); `valuesOf` resolves a record. */
export function pageSvg(
  doc: LabelDocument,
  records: readonly number[],
  valuesOf: (record: number) => ReadonlyMap<string, string>,
  opts: PageSvgOptions = {},
): string {
  const g = sheetGeometry(doc.attrs);
  const root = opts.root ?? {
    width: `${num(g.width)}mm`,
    height: `${num(g.height)}mm`,
    viewBox: `0 0 ${num(g.width)} ${num(g.height)}`,
  };
  let out = `<svg xmlns="http://www.w3.org/2000/svg" width="${root.width}" height="${root.height}" viewBox="${root.viewBox}">`;
  out += `<rect x="0" y="0" width="100%" height="100%" fill="#ffffff"/>`;
  const { root: _r, ...render } = opts;
  // one label filling the whole page: the page's own edges clip it, and a nested <svg> would make
  // resvg draw its clip as a mask of the whole page (most of a printer page's drawing time)
  const whole =
    g.cells.length === 1 &&
    g.cells[0].x === 0 &&
    g.cells[0].y === 0 &&
    g.labelWidth === g.width &&
    g.labelHeight === g.height;
  records.forEach((record, i) => {
    const cell = g.cells[i];
    if (!cell) return;
    const label = renderLabel(doc, { ...render, values: valuesOf(record) });
    if (whole) {
      out += `<g>${innerOf(label)}</g>`;
      return;
    }
    out += `<svg x="${num(cell.x)}" y="${num(cell.y)}" width="${num(g.labelWidth)}" height="${num(g.labelHeight)}" viewBox="0 0 ${num(g.labelWidth)} ${num(g.labelHeight)}" overflow="hidden">${innerOf(label)}</svg>`;
  });
  return `${out}</svg>`;
}
