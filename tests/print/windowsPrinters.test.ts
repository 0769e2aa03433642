// Windows printers through PowerShell: Get-Printer's names are listed, and a job's PNG pages go to
// PrintDocument at the label size; the printer name and the file list travel in environment
// variables, never in the script (a name like `x'; Remove-Item …` stays a name). The runner is a
// fake here (no Windows on this machine): it records what would run and checks the page files.
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { printPngPages } from "../../src/assistant/cups";
import {
  hundredthsOfInch,
  LIST_SCRIPT,
  PRINT_SCRIPT,
  parseWindowsPrinters,
  type Runner,
  windowsSpooler,
} from "../../src/assistant/windows";

const PNG = (n: number) => new Uint8Array([0x89, 0x50, 0x4e, 0x47, n]);

describe("Windows printers", () => {
  it("lists Get-Printer's names, and none when PowerShell fails", async () => {
    expect(parseWindowsPrinters("Zebra ZD421\r\nMicrosoft Print to PDF\r\n\r\nZebra ZD421\r\n")).toEqual([
      "Zebra ZD421",
      "Microsoft Print to PDF",
    ]);
    const calls: string[][] = [];
    const ok: Runner = async (cmd, args) => {
      calls.push([cmd, ...args]);
      return { stdout: "Label printer\r\nOffice\r\n" };
    };
    expect(await windowsSpooler(ok, async () => "").list()).toEqual(["Label printer", "Office"]);
    expect(calls[0]?.[0]).toBe("powershell.exe");
    expect(calls[0]?.at(-1)).toBe(LIST_SCRIPT);
    const broken: Runner = async () => {
      throw new Error("powershell.exe not found");
    };
    expect(await windowsSpooler(broken, async () => "").list()).toEqual([]);
  });

  it("prints the pages in batches, the name and sizes in the environment, files there while printing", async () => {
    const seen: { script: string; env: NodeJS.ProcessEnv; pages: string[] }[] = [];
    const run: Runner = async (_cmd, args, opts) => {
      const env = opts.env ?? {};
      const pages = readFileSync(String(env.INKLESS_PAGES), "utf8").split("\r\n");
      for (const p of pages) expect(existsSync(p)).toBe(true);
      seen.push({ script: String(args.at(-1)), env, pages });
      return { stdout: "" };
    };
    const name = "Shelf'; Remove-Item C:\\ -Recurse; '";
    const count = await printPngPages(
      name,
      (async function* () {
        for (let i = 0; i < 51; i++) yield PNG(i);
      })(),
      { widthMm: 50.8, heightMm: 25.4, copies: 2 },
      windowsSpooler(run),
    );
    expect(count).toBe(51);
    expect(seen.map((s) => s.pages.length)).toEqual([50, 1]);
    for (const s of seen) {
      expect(s.script).toBe(PRINT_SCRIPT);
      expect(s.script).not.toContain("Shelf");
      expect([s.env.INKLESS_PRINTER, s.env.INKLESS_COPIES, s.env.INKLESS_W, s.env.INKLESS_H]).toEqual([
        name,
        "2",
        "200",
        "100",
      ]);
    }
    expect(hundredthsOfInch(0)).toBe(1);
    // the temp folder is gone afterwards
    expect(existsSync(seen[0]?.pages[0] ?? "")).toBe(false);
  });
});
