// `label print <file> --printer host[:port] --language TSPL|ZPL --dpi 203|300 [--records a-b]
// [--copies n] [--data sheet.xlsx] [--darkness n] [--speed n] [--media gap|mark|continuous]
// [--native|--picture] [--set name=value]…`: the job straight to a network label printer over raw TCP (port 9100 unless given), made by the print
// assistant's own job code (src/print/job.ts) and sent as it is made (src/assistant/network.ts);
// --native sends codes, boxes and lines as the printer's own commands (src/print/native), --picture
// each page as one exact picture; by default the commands go only where they print the same.
// The printer is asked for its state first; one that says it cannot print gets nothing.
// `label status --printer host[:port] --language TSPL|ZPL`: that state in one line.
import { sendRaw } from "../assistant/network";
import { collectingEvery } from "../export/node/memory";
import { type PrinterLanguage, printJob } from "../print/job";
import type { RecordChoice } from "../print/plan";
import { type JobSettings, printerSettingsOf, SETTING_RANGES } from "../print/settings";
import { refusesJobs, statusKeys } from "../print/status";
import { queryStatus } from "../print/statusQuery";
import { readJob } from "./answers";
import type { Args } from "./args";
import { CliError } from "./errors";
import { cliLanguage } from "./lang";
import { progressLine } from "./progress";

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

/** --printer and --language, which print and status share. */
function target(args: Args): { printer: { host: string; port: number }; language: PrinterLanguage } {
  if (!args.printer) throw new CliError("cli.error.missingValue", { option: "--printer" });
  const printer = parsePrinter(args.printer);
  if (!printer) throw new CliError("cli.error.printerAddress", { printer: args.printer });
  const language = (args.language ?? "").toUpperCase();
  if (language !== "TSPL" && language !== "ZPL") throw new CliError("cli.error.language");
  return { printer, language };
}

/** --darkness, --speed and --media: checked against the language's ranges, never sent when bad. */
function jobSettings(args: Args, language: PrinterLanguage): JobSettings {
  const { settings, problems } = printerSettingsOf(
    { darkness: args.darkness, speed: args.speed, media: args.media },
    language,
  );
  const bad = problems[0];
  if (bad?.setting === "darkness") {
    const [min, max] = SETTING_RANGES.darkness[language];
    throw new CliError("cli.error.darkness", { min, max, language });
  }
  if (bad?.setting === "speed") {
    const [min, max] = SETTING_RANGES.speed;
    throw new CliError("cli.error.speed", { min, max });
  }
  if (bad) throw new CliError("cli.error.media");
  return settings;
}

function options(args: Args) {
  const { printer, language } = target(args);
  if (!PRINT_DPI.includes(args.dpi ?? "")) throw new CliError("cli.error.dpi");
  const copies = args.copies === undefined ? 1 : Number(args.copies);
  if (!/^\d+$/.test(args.copies ?? "1") || copies < 1 || copies > MAX_COPIES)
    throw new CliError("cli.error.copies", { max: MAX_COPIES });
  return { printer, language, dpi: Number(args.dpi), copies, settings: jobSettings(args, language) };
}

const address = (p: { host: string; port: number }) =>
  p.host.includes(":") ? `[${p.host}]:${p.port}` : `${p.host}:${p.port}`;

/** `label status`: one line; exit code 2 when the printer cannot print (problem, offline, garbled). */
export async function status(
  args: Args,
  t: (key: string, vars?: Record<string, string | number>) => string,
): Promise<string> {
  const { printer, language } = target(args);
  const s = await queryStatus(printer.host, printer.port, language);
  const keys = statusKeys(s);
  const state =
    s.state === "problem" ? `${t("print.status.problem")}: ${keys.map((k) => t(k)).join(", ")}` : t(keys[0]);
  if (s.state !== "ready" && s.state !== "printing" && s.state !== "noAnswer") process.exitCode = 2;
  return `${t("cli.status.line", { printer: address(printer), state })}\n`;
}

function* recordsOf(from: number, to: number): Generator<RecordChoice> {
  for (let record = from; record <= to; record++) yield { record, copies: 1 };
}

export async function print(args: Args): Promise<string> {
  const { printer, language, dpi, copies, settings } = options(args);
  // answers and formulas are checked before the printer is even asked: a refused job sends nothing
  const { doc, sheets, range } = await readJob(args);
  const state = await queryStatus(printer.host, printer.port, language);
  if (refusesJobs(state))
    throw new CliError("print.status.refused", {
      printer: address(printer),
      reasonKeys: statusKeys(state).join(","),
    });
  const labels = range.to - range.from + 1;
  const progress = await progressLine(cliLanguage(), args.quiet);
  const onProgress = collectingEvery(progress.update);
  let done = 0;
  async function* counted(job: AsyncGenerator<Uint8Array>) {
    // each chunk is one page (the first carries TSPL's header)
    for await (const chunk of job) {
      yield chunk;
      onProgress(++done, labels);
    }
  }
  try {
    const job = printJob(doc, {
      language,
      dpi,
      copies,
      sheets,
      // without either flag: automatic, the printer's commands only where they print the picture's dots
      settings: args.native
        ? { ...settings, sendAs: "native" }
        : args.picture
          ? { ...settings, sendAs: "picture" }
          : settings,
      choices: recordsOf(range.from, range.to),
    });
    await sendRaw(printer.host, printer.port, counted(job));
  } catch (e) {
    const reason = (e as NodeJS.ErrnoException)?.code ?? (e instanceof Error ? e.message : String(e));
    throw new CliError("cli.error.printer", { printer: `${printer.host}:${printer.port}`, reason });
  } finally {
    progress.end();
  }
  return "";
}
