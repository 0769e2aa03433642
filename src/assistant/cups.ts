// The system's printers: CUPS queues on Linux and macOS (listed with `lpstat`, printed with `lp` as
// PNG pages with the media set to the label size), Windows printers on Windows (windows.ts).
// Absent CUPS simply means no such printers.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { PrinterStatus } from "../print/status";
import { windowsSpooler } from "./windows";

const run = promisify(execFile);

/** A system print spooler: its printers, and printing one batch of PNG page files on one. */
export interface SystemSpooler {
  list(): Promise<string[]>;
  submit(
    queue: string,
    files: readonly string[],
    opts: { widthMm: number; heightMm: number; copies: number },
  ): Promise<void>;
  /** the queue's state as the spooler knows it (never throws) */
  status(queue: string): Promise<PrinterStatus>;
}

/** `lpstat -p QUEUE`: "printer Q is idle.", "printer Q now printing Q-12.", "printer Q disabled since …". */
export function parseLpstatStatus(out: string): PrinterStatus {
  const line = out.split(/\r?\n/).find((l) => /^printer\s/.test(l)) ?? "";
  if (/\sdisabled\b/.test(line)) return { state: "problem", problems: ["paused"] };
  if (/\snow printing\b/.test(line)) return { state: "printing", problems: [] };
  if (/\sis idle\b/.test(line)) return { state: "ready", problems: [] };
  return { state: line ? "garbled" : "offline", problems: [] };
}

const cupsSpooler: SystemSpooler = {
  list: listLpstat,
  async submit(queue, files, opts) {
    const media = `media=Custom.${Math.round(opts.widthMm * 100) / 100}x${Math.round(opts.heightMm * 100) / 100}mm`;
    const copies = String(Math.max(1, Math.floor(opts.copies) || 1));
    await run("lp", ["-d", queue, "-n", copies, "-o", media, "-o", "fit-to-page", "--", ...files], {
      timeout: 60_000,
    });
  },
  async status(queue) {
    try {
      const { stdout } = await run("lpstat", ["-p", queue], { timeout: 5000 });
      return parseLpstatStatus(stdout);
    } catch {
      return { state: "offline", problems: [] };
    }
  },
};

const windows = windowsSpooler(run);

export const systemSpooler = (): SystemSpooler => (process.platform === "win32" ? windows : cupsSpooler);

/** Queue names from `lpstat -e` (one per line), or from `lpstat -p` lines "printer NAME …". */
export function parseLpstat(out: string, mode: "e" | "p"): string[] {
  const names = out
    .split(/\r?\n/)
    .map((l) => (mode === "e" ? l.trim() : (/^printer\s+(\S+)/.exec(l)?.[1] ?? "")))
    .filter((n) => n && !/\s/.test(n));
  return [...new Set(names)];
}

/** The system's printers (CUPS queues; Windows printers on Windows). */
export const listCupsPrinters = (): Promise<string[]> => systemSpooler().list();

async function listLpstat(): Promise<string[]> {
  for (const mode of ["e", "p"] as const) {
    try {
      const { stdout } = await run("lpstat", [`-${mode}`], { timeout: 5000 });
      return parseLpstat(stdout, mode);
    } catch {
      // lpstat missing, or this CUPS too old for -e: try the next form
    }
  }
  return [];
}

const PAGES_PER_LP = 50;

/** Prints PNG pages on a system printer; pages are written to a temp folder in batches and removed. */
export async function printPngPages(
  queue: string,
  pages: AsyncIterable<Uint8Array>,
  opts: { widthMm: number; heightMm: number; copies: number },
  spooler: SystemSpooler = systemSpooler(),
): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), "inkless-print-"));
  let files: string[] = [];
  let count = 0;
  const flush = async () => {
    if (!files.length) return;
    await spooler.submit(queue, files, opts);
    await Promise.all(files.map((f) => rm(f, { force: true })));
    files = [];
  };
  try {
    for await (const png of pages) {
      const f = join(dir, `page-${++count}.png`);
      await writeFile(f, png);
      files.push(f);
      if (files.length >= PAGES_PER_LP) await flush();
    }
    await flush();
    return count;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
