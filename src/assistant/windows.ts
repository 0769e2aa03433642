// Windows printers (the system's own: USB, shared, driver-installed): listed with PowerShell's
// Get-Printer and printed through .NET's PrintDocument (System.Drawing), one PNG page after another
// at the label size with no margins. The arguments travel in environment variables, never inside
// the script text, so a printer name cannot change the script.
import { writeFile } from "node:fs/promises";
import type { PrinterProblem, PrinterStatus } from "../print/status";
import type { SystemSpooler } from "./cups";

export type Runner = (
  cmd: string,
  args: readonly string[],
  opts: { timeout: number; env?: NodeJS.ProcessEnv },
) => Promise<{ stdout: string }>;

const POWERSHELL = ["-NoProfile", "-NonInteractive", "-ExecutionPolicy", "Bypass", "-Command"];

export const LIST_SCRIPT = "Get-Printer | ForEach-Object { $_.Name }";

/** The printer's state (Get-Printer's PrinterStatus), the name in an environment variable. */
export const STATUS_SCRIPT = "(Get-Printer -Name $env:INKLESS_PRINTER).PrinterStatus";

const WINDOWS_PROBLEMS: Record<string, PrinterProblem> = {
  paperout: "paperOut",
  paperjam: "paperJam",
  paperproblem: "paperJam",
  paused: "paused",
  dooropen: "coverOpen",
  notoner: "ribbonOut",
  userintervention: "paused",
  outofmemory: "bufferFull",
};

/** Get-Printer's PrinterStatus ("Normal", "Printing", "PaperOut", "Offline", …) as a status. */
export function parseWindowsStatus(out: string): PrinterStatus {
  const v = out
    .trim()
    .toLowerCase()
    .replace(/[\s,]+/g, "");
  if (v === "normal" || v === "0" || v === "idle") return { state: "ready", problems: [] };
  if (["printing", "busy", "processing", "ioactive", "warmingup", "waiting"].includes(v))
    return { state: "printing", problems: [] };
  if (v === "offline" || v === "notavailable" || v === "serverunknown")
    return { state: "offline", problems: [] };
  const problem = WINDOWS_PROBLEMS[v];
  if (problem) return { state: "problem", problems: [problem] };
  return v === "error" ? { state: "problem", problems: ["error"] } : { state: "garbled", problems: [] };
}

/** Sizes are given to .NET in hundredths of an inch. */
export const hundredthsOfInch = (mm: number) => Math.max(1, Math.round((mm / 25.4) * 100));

export const PRINT_SCRIPT = [
  "$ErrorActionPreference = 'Stop'",
  "Add-Type -AssemblyName System.Drawing",
  "$files = @(Get-Content -LiteralPath $env:INKLESS_PAGES)",
  "$doc = New-Object System.Drawing.Printing.PrintDocument",
  "$doc.PrinterSettings.PrinterName = $env:INKLESS_PRINTER",
  "if (-not $doc.PrinterSettings.IsValid) { throw ('no printer named ' + $env:INKLESS_PRINTER) }",
  "$doc.PrinterSettings.Copies = [int]$env:INKLESS_COPIES",
  "$doc.PrinterSettings.Collate = $true",
  "$w = [int]$env:INKLESS_W; $h = [int]$env:INKLESS_H",
  "$doc.DefaultPageSettings.PaperSize = New-Object System.Drawing.Printing.PaperSize('Label', $w, $h)",
  "$doc.DefaultPageSettings.Margins = New-Object System.Drawing.Printing.Margins(0, 0, 0, 0)",
  "$doc.OriginAtMargins = $true",
  "$script:i = 0",
  "$doc.add_PrintPage({ param($s, $e)",
  "  $img = [System.Drawing.Image]::FromFile($files[$script:i])",
  "  try { $e.Graphics.DrawImage($img, 0, 0, $w, $h) } finally { $img.Dispose() }",
  "  $script:i++",
  "  $e.HasMorePages = $script:i -lt $files.Count",
  "})",
  "$doc.Print()",
].join("\n");

/** Printer names from Get-Printer, one a line. */
export function parseWindowsPrinters(out: string): string[] {
  return [
    ...new Set(
      out
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean),
    ),
  ];
}

/** The batch's page list for the script: a text file next to the pages, one path a line. */
export async function writePageList(files: readonly string[]): Promise<string> {
  const list = `${files[0]}.list.txt`;
  await writeFile(list, files.join("\r\n"));
  return list;
}

export function windowsSpooler(run: Runner, writeList = writePageList): SystemSpooler {
  return {
    async list() {
      try {
        const { stdout } = await run("powershell.exe", [...POWERSHELL, LIST_SCRIPT], { timeout: 10_000 });
        return parseWindowsPrinters(stdout);
      } catch {
        return [];
      }
    },
    async status(queue) {
      try {
        const { stdout } = await run("powershell.exe", [...POWERSHELL, STATUS_SCRIPT], {
          timeout: 10_000,
          env: { ...process.env, INKLESS_PRINTER: queue },
        });
        return parseWindowsStatus(stdout);
      } catch {
        return { state: "offline", problems: [] };
      }
    },
    async submit(queue, files, opts) {
      const list = await writeList(files);
      await run("powershell.exe", [...POWERSHELL, PRINT_SCRIPT], {
        timeout: 120_000,
        env: {
          ...process.env,
          INKLESS_PAGES: list,
          INKLESS_PRINTER: queue,
          INKLESS_COPIES: String(Math.max(1, Math.floor(opts.copies) || 1)),
          INKLESS_W: String(hundredthsOfInch(opts.widthMm)),
          INKLESS_H: String(hundredthsOfInch(opts.heightMm)),
        },
      });
    },
  };
}
