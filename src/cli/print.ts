// `label print <file> --printer host[:port] --language TSPL|ZPL --dpi 203|300 [--records a-b]
// [--copies n] [--data sheet.xlsx]`: the job straight to a network label printer over raw TCP
// (port 9100 unless given), made by the print assistant's own job code (src/print/job.ts) and sent
// as it is made (src/assistant/network.ts).
import { sendRaw } from "../assistant/network";
import { recordCount } from "../data";
import { type PrinterLanguage, printJob } from "../print/job";
import type { RecordChoice } from "../print/plan";
import type { Args } from "./args";
import { CliError } from "./errors";
import { readLabel } from "./io";
import { cliLanguage } from "./lang";
import { collectingEvery } from "./memory";
import { progressLine } from "./progress";
import { sheetsFor } from "./render";
import { rangeOf } from "./renderExport";

export const RAW_PORT = 9100;
const PRINT_DPI = ["203", "300"];
const MAX_COPIES = 99999;

/** host, host:port, [v6]:port → host and port; null when malformed. */
export function parsePrinter(text: string): { host: string; port: number } | null {
  const m = /^(?:\[([^\]]+)\]|([^:\s]+))(?::(\d{1,5}))?$/.exec(text.trim());
  if (!m) return null;
  const port = m[3] === undefined ? RAW_PORT : Number(m[3]);
  if (!Number.isInteger(port) || port < 1 || port > 65535) return null;
  return { host: m[1] ?? m[2], port };
}

function options(args: Args) {
  if (!args.printer) throw new CliError("cli.error.missingValue", { option: "--printer" });
  const printer = parsePrinter(args.printer);
  if (!printer) throw new CliError("cli.error.printerAddress", { printer: args.printer });
  const language = (args.language ?? "").toUpperCase();
  if (language !== "TSPL" && language !== "ZPL") throw new CliError("cli.error.language");
  if (!PRINT_DPI.includes(args.dpi ?? "")) throw new CliError("cli.error.dpi");
  const copies = args.copies === undefined ? 1 : Number(args.copies);
  if (!/^\d+$/.test(args.copies ?? "1") || copies < 1 || copies > MAX_COPIES)
    throw new CliError("cli.error.copies", { max: MAX_COPIES });
  return { printer, language: language as PrinterLanguage, dpi: Number(args.dpi), copies };
}

function* recordsOf(from: number, to: number): Generator<RecordChoice> {
  for (let record = from; record <= to; record++) yield { record, copies: 1 };
}

export async function print(args: Args): Promise<string> {
  const { printer, language, dpi, copies } = options(args);
  const doc = await readLabel(args.file as string);
  const sheets = await sheetsFor(doc, args.sheet);
  const total = Math.max(1, recordCount(doc, sheets));
  const range = rangeOf(args.record, total);
  const labels = range.to - range.from + 1;
  const progress = progressLine(cliLanguage(), args.quiet);
  const onProgress = collectingEvery(progress.update);
  let done = 0;
  async function* counted(job: AsyncGenerator<Uint8Array>) {
    let header = language === "TSPL";
    for await (const chunk of job) {
      yield chunk;
      if (header) header = false;
      else onProgress(++done, labels);
    }
  }
  try {
    const job = printJob(doc, { language, dpi, copies, sheets, choices: recordsOf(range.from, range.to) });
    await sendRaw(printer.host, printer.port, counted(job));
  } catch (e) {
    const reason = (e as NodeJS.ErrnoException)?.code ?? (e instanceof Error ? e.message : String(e));
    throw new CliError("cli.error.printer", { printer: `${printer.host}:${printer.port}`, reason });
  } finally {
    progress.end();
  }
  return "";
}
