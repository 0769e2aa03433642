// The three commands: info (JSON summary), convert (re-encode), render (portable SVG).
import { recordCount, resolveValues } from "../data";
import { serializeLabelFile } from "../model/file";
import { isDataBound, isMirrorCopy, type LabelDocument, type LabelElement } from "../model/types";
import { prepareRender, renderLabel } from "../render";
import { parseSpreadsheet } from "../spreadsheet";
import type { Workbook } from "../spreadsheet/types";
import type { Args } from "./args";
import { CliError } from "./errors";
import { readInput, readLabel, writeOutput } from "./io";

export interface ElementInfo {
  id: string;
  type: string;
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  rotate: number;
  /** the element's own content: Data for text and codes, the cells' Data (one per line) for a table */
  data: string | null;
}

export interface LabelInfo {
  name: string;
  width: number;
  height: number;
  columns: number;
  rows: number;
  elements: ElementInfo[];
}

function dataOf(el: LabelElement): string | null {
  if (isDataBound(el)) return el.Data;
  if (el.Type === "Table") return el.cells.map((c) => c.Data).join("\n");
  return null;
}

export function labelInfo(doc: LabelDocument): LabelInfo {
  const { name, width, height, columns, rows } = doc.attrs;
  return {
    name,
    width,
    height,
    columns,
    rows,
    // mirror copies are canvas aids rebuilt on load, not part of the file
    elements: doc.elements
      .filter((el) => !isMirrorCopy(el))
      .map((el) => ({
        id: el.Id,
        type: el.Type,
        name: el.Name,
        x: el.StartX,
        y: el.StartY,
        width: el.Width,
        height: el.Height,
        rotate: el.Rotate,
        data: dataOf(el),
      })),
  };
}

function requireOut(args: Args, pattern: RegExp, extensions: string): string {
  if (!args.out) throw new CliError("cli.error.missingOut");
  if (!pattern.test(args.out)) throw new CliError("cli.error.outFormat", { extensions });
  return args.out;
}

export async function info(args: Args): Promise<string> {
  const doc = await readLabel(args.file as string);
  return `${JSON.stringify(labelInfo(doc), null, 2)}\n`;
}

export async function convert(args: Args): Promise<string> {
  const out = requireOut(args, /\.tprts?$/i, ".tprt, .tprts");
  const doc = await readLabel(args.file as string);
  await writeOutput(out, serializeLabelFile(doc, /\.tprts$/i.test(out) ? "tprts" : "tprt"));
  return "";
}

/** The spreadsheet given with --sheet serves every spreadsheet source of the label. */
async function sheetsFor(doc: LabelDocument, file: string | undefined): Promise<Map<string, Workbook>> {
  const sheets = new Map<string, Workbook>();
  if (!file) return sheets;
  const r = await parseSpreadsheet(await readInput(file, 100 * 1024 * 1024), file);
  if (!r.ok)
    throw new CliError("cli.error.invalidFile", { path: file, reasonKey: r.error.key, ...r.error.vars });
  const visit = (list: readonly { DataSourceType: number; ConnectionStr: string }[]) => {
    for (const s of list) if (s.DataSourceType === 1) sheets.set(s.ConnectionStr, r.workbook);
  };
  for (const el of doc.elements) {
    if (isDataBound(el)) visit(el.DataSourceList);
    else if (el.Type === "Table") for (const c of el.cells) visit(c.DataSourceList);
  }
  return sheets;
}

export async function render(args: Args): Promise<string> {
  const out = requireOut(args, /\.svg$/i, ".svg");
  const doc = await readLabel(args.file as string);
  const sheets = await sheetsFor(doc, args.sheet);
  const count = recordCount(doc, sheets);
  const record = args.record === undefined ? 1 : Number(args.record);
  if (!Number.isInteger(record) || record < 1 || record > count)
    throw new CliError("cli.error.record", { max: count });
  let svg: string;
  try {
    const values = resolveValues(doc, record - 1, sheets);
    await prepareRender(doc);
    svg = renderLabel(doc, { values, target: "export" });
  } catch (e) {
    throw new CliError("cli.error.render", { reason: e instanceof Error ? e.message : String(e) });
  }
  await writeOutput(out, svg);
  return "";
}
