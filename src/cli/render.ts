// render: the label as portable SVG through the app's one render path. Loaded on demand by main.ts,
// so info and convert start fast and do not depend on the renderer.
import { recordCount, resolveValues } from "../data";
import { hasCells, isDataBound } from "../model/kinds/caps";
import type { LabelDocument } from "../model/types";
import { prepareRender, renderLabel } from "../render";
import { parseSpreadsheet } from "../spreadsheet";
import type { Workbook } from "../spreadsheet/types";
import { answeredLabel } from "./answers";
import type { Args } from "./args";
import { requireOut } from "./commands";
import { CliError } from "./errors";
import { readInput, readLabel, writeOutput } from "./io";
import { isZplInput, pickLabels, readZplInput } from "./zplInput";

/** The spreadsheet given with --data (or --sheet) serves every spreadsheet source of the label. */
export async function sheetsFor(
  doc: LabelDocument,
  file: string | undefined,
): Promise<Map<string, Workbook>> {
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
    else if (hasCells(el)) for (const c of el.cells) visit(c.DataSourceList);
  }
  return sheets;
}

export async function render(args: Args): Promise<string> {
  // PDF, PNG, JPEG and ZIP outputs: the browser's export made in Node (src/cli/renderExport.ts)
  if (args.out && /\.(pdf|png|jpe?g|zip)$/i.test(args.out))
    return (await import("./renderExport")).renderExport(args);
  const out = requireOut(
    args,
    /\.svg$/i,
    ".svg, .pdf, .label.pdf, .tiled.pdf, .png, .jpg, .zip, .zpl, .tspl",
  );
  if (await isZplInput(args.file as string)) {
    // a ZPL file's labels are its formats: --record picks one (the only one needs none)
    const docs = pickLabels(await readZplInput(args), args.record);
    if (docs.length > 1) throw new CliError("cli.error.record", { max: docs.length });
    await prepareRender(docs[0]);
    await writeOutput(out, renderLabel(docs[0], { target: "export" }));
    return "";
  }
  const raw = await readLabel(args.file as string);
  const sheets = await sheetsFor(raw, args.sheet);
  const count = recordCount(raw, sheets);
  const record = args.record === undefined ? 1 : Number(args.record);
  if (!Number.isInteger(record) || record < 1 || record > count)
    throw new CliError("cli.error.record", { max: count });
  const doc = answeredLabel(raw, args.set, sheets, { from: record - 1, to: record - 1 });
  let svg: string;
  try {
    const values = resolveValues(doc, record - 1, sheets);
    await prepareRender(doc, { values });
    svg = renderLabel(doc, { values, target: "export" });
  } catch (e) {
    throw new CliError("cli.error.render", { reason: e instanceof Error ? e.message : String(e) });
  }
  await writeOutput(out, svg);
  return "";
}
