// CUPS queues (Linux, macOS): listed with `lpstat`, printed with `lp` as PNG pages at the queue's
// resolution with the media set to the label size. Absent CUPS simply means no such printers.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Queue names from `lpstat -e` (one per line), or from `lpstat -p` lines "printer NAME …". */
export function parseLpstat(out: string, mode: "e" | "p"): string[] {
  const names = out
    .split(/\r?\n/)
    .map((l) => (mode === "e" ? l.trim() : (/^printer\s+(\S+)/.exec(l)?.[1] ?? "")))
    .filter((n) => n && !/\s/.test(n));
  return [...new Set(names)];
}

export async function listCupsPrinters(): Promise<string[]> {
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

/** Prints PNG pages on a CUPS queue; pages are written to a temp folder in batches and removed. */
export async function printPngPages(
  queue: string,
  pages: AsyncIterable<Uint8Array>,
  opts: { widthMm: number; heightMm: number; copies: number },
): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), "inkless-print-"));
  let files: string[] = [];
  let count = 0;
  const args = [
    "-d",
    queue,
    "-n",
    String(Math.max(1, Math.floor(opts.copies) || 1)),
    "-o",
    `media=Custom.${Math.round(opts.widthMm * 100) / 100}x${Math.round(opts.heightMm * 100) / 100}mm`,
    "-o",
    "fit-to-page",
  ];
  const flush = async () => {
    if (!files.length) return;
    await run("lp", [...args, "--", ...files], { timeout: 60_000 });
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
