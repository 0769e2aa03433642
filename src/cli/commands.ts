// info (JSON summary) and convert (re-encode); render lives in render.ts, loaded only when used.
import { serializeLabelFile } from "../model/file";
import { hasCells, isDataBound } from "../model/kinds/caps";
import { isMirrorCopy, type LabelDocument, type LabelElement } from "../model/types";
import type { Args } from "./args";
import { CliError } from "./errors";
import { readLabel, writeOutput } from "./io";

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
  if (hasCells(el)) return el.cells.map((c) => c.Data).join("\n");
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

export function requireOut(args: Args, pattern: RegExp, extensions: string): string {
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
