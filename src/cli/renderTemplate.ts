// `label render <file> --out x.zpl|x.tspl [--dpi 203|300|600] [--data sheet.xlsx] [--records a-b]`: the
// label as a printer template (src/print/native/template.ts): a ZPL stored format with ^FN fields and
// one ^XF recall per record, or a TSPL DOWNLOAD program with variables and one call per record.
// Changing elements the printer cannot draw with its own commands, and changing texts with characters
// its own font may not have, are named on stderr.
import { TARGET_DPIS } from "../model/constants";
import { readJob } from "./answers";
import type { Args } from "./args";
import { CliError } from "./errors";
import { writeOutput } from "./io";

// the resolutions a label targets (the editor's export offers the same)
const TEMPLATE_DPI = TARGET_DPIS.map(String);

export async function renderTemplate(
  args: Args,
  t: (key: string, vars?: Record<string, string | number>) => string,
): Promise<string> {
  const out = args.out as string;
  const dpi = args.dpi ?? "203";
  if (!TEMPLATE_DPI.includes(dpi)) throw new CliError("cli.error.templateDpi");
  const { doc, sheets, range } = await readJob(args);
  const { printerTemplate } = await import("../print/native/template");
  const language = /\.zpl$/i.test(out) ? "ZPL" : "TSPL";
  const r = await printerTemplate(doc, language, { dpi: Number(dpi), sheets, records: range });
  await writeOutput(out, r.bytes);
  if (r.left.length) process.stderr.write(`${t("cli.render.templateLeft", { names: r.left.join(", ") })}\n`);
  for (const f of r.outsideFont) process.stderr.write(`${t("cli.render.templateFont", f)}\n`);
  return "";
}
