// `label print … --printer host:port`: the job goes to a (fake) raw TCP printer through the print
// assistant's job code; the bytes are decoded back to dots and the barcodes scanned with zxing.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parsePrinter } from "../../src/cli/print";
import { serializeTprts } from "../../src/model/file";
import { BUILD_TIMEOUT_MS, buildLabel, LABEL } from "../cli/support/builtLabel";
import { decode } from "../codes/support/zxing";
import { decodeTspl, decodeZpl, type Page, toRgba } from "./support/decodeJob";
import { type FakePrinter, startFakePrinter } from "./support/fakePrinter";
import { printLabel, VALUES } from "./support/label";
import { sameLabel } from "./support/sameLabel";

// the built `label` program, as npm run label runs it (tests/cli/support/builtLabel.ts)
beforeAll(buildLabel, BUILD_TIMEOUT_MS);

const dir = mkdtempSync(join(tmpdir(), "inkless-cli-print-"));
const file = join(dir, "print.tprts");
writeFileSync(file, serializeTprts(printLabel()));
let printer: FakePrinter;
beforeAll(async () => {
  printer = await startFakePrinter();
});
afterAll(async () => {
  await printer?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the CLI (no browser anywhere) and answers its exit code and output. */
function label(
  args: string[],
  lang = "en",
): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [LABEL, ...args], {
      env: { ...process.env, INKLESS_LANG: lang, CHROMIUM_PATH: join(dir, "no-such-chromium") },
    });
    let stderr = "";
    let stdout = "";
    child.stderr.on("data", (c) => {
      stderr += c;
    });
    child.stdout.on("data", (c) => {
      stdout += c;
    });
    child.once("exit", (code) => resolve({ code, stderr, stdout }));
  });
}

const readCode = async (p: Page) => (await decode(toRgba(p), { formats: ["Code128"] }))[0]?.text ?? "";

describe("label print to a network printer", () => {
  it("TSPL at 203 dpi: records 2-3, two copies each page", async () => {
    const job = printer.nextJob();
    const at = `127.0.0.1:${printer.port}`;
    const r = await label([
      "print",
      file,
      "--printer",
      at,
      "--language",
      "TSPL",
      "--dpi",
      "203",
      "--records",
      "2-3",
      "--copies",
      "2",
      "--picture",
    ]);
    expect(r.code, r.stderr).toBe(0);
    const t = decodeTspl(await job);
    expect(t.size).toBe("60 mm,30 mm");
    expect(t.pages.map((p) => [p.width, p.height, p.copies])).toEqual([
      [480, 240, 2],
      [480, 240, 2],
    ]);
    expect(await Promise.all(t.pages.map(readCode))).toEqual(VALUES.slice(1));
  }, 90_000);

  it("ZPL at 300 dpi: every record by default, --language in any case", async () => {
    const job = printer.nextJob();
    const r = await label([
      "print",
      file,
      "--printer",
      `127.0.0.1:${printer.port}`,
      "--language",
      "zpl",
      "--dpi",
      "300",
      "--picture",
    ]);
    expect(r.code, r.stderr).toBe(0);
    const pages = decodeZpl(await job);
    expect(pages.map((p) => [p.width, p.height, p.copies])).toEqual([
      [712, 360, 1],
      [712, 360, 1],
      [712, 360, 1],
    ]);
    expect(await Promise.all(pages.map(readCode))).toEqual(VALUES);
  }, 90_000);

  it("--native: the Code 128 goes as ^BC with each record's value, the text as a picture stored once", async () => {
    const job = printer.nextJob();
    const at = `127.0.0.1:${printer.port}`;
    const r = await label(["print", file, "--printer", at, "--language", "ZPL", "--dpi", "203", "--native"]);
    expect(r.code, r.stderr).toBe(0);
    const text = (await job).toString("latin1");
    const formats = text.split("^XZ").filter((f) => f.includes("^XA"));
    expect(formats.map((f) => /\^BCN,\d+,Y,N\^FH\^FD([^^]*)\^FS/.exec(f)?.[1])).toEqual(VALUES);
    // the text, the same on every label, is stored in the printer once (~DG) and recalled (^XG)
    expect(text.match(/~DG/g)).toHaveLength(1);
    for (const f of formats) expect(f).toMatch(/\^XGR:INKLESS\.GRF,1,1\^FS/);
  }, 90_000);

  it("by default a label the printer draws as we do goes as its commands; --picture sends the picture", async () => {
    const same = join(dir, "same.tprts");
    writeFileSync(same, serializeTprts(sameLabel(1)));
    const at = `127.0.0.1:${printer.port}`;
    const sent = async (...flags: string[]) => {
      const job = printer.nextJob();
      const r = await label(["print", same, "--printer", at, "--language", "ZPL", "--dpi", "203", ...flags]);
      expect(r.code, r.stderr).toBe(0);
      return (await job).toString("latin1");
    };
    const auto = await sent();
    expect(auto).toContain("^BCN,112,N,N");
    expect(auto).not.toContain("^GFA");
    const picture = await sent("--picture");
    expect(picture).not.toContain("^BC");
    expect(picture).toContain("^GFA");
  }, 90_000);

  it("an unreachable printer, a bad dpi, a range outside the records: one translated line, exit 1", async () => {
    // a port nobody listens on: bound, then closed
    const closed = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, "127.0.0.1", () => {
        const port = (s.address() as { port: number }).port;
        s.close(() => resolve(port));
      });
    });
    const common = ["print", file, "--language", "TSPL", "--dpi", "203"];
    const cases: [string[], string, string][] = [
      [
        ["--printer", `127.0.0.1:${closed}`],
        "en",
        `127.0.0.1:${closed} cannot print now (Offline: nothing answers at that address). Nothing was sent.`,
      ],
      [
        ["--printer", `127.0.0.1:${closed}`],
        "es",
        `127.0.0.1:${closed} no puede imprimir ahora (Sin conexión: nada responde en esa dirección). No se envió nada.`,
      ],
      [
        ["--printer", `127.0.0.1:${printer.port}`, "--darkness", "20"],
        "en",
        "--darkness must be a whole number from 0 to 15 for TSPL.",
      ],
      [
        ["--printer", `127.0.0.1:${printer.port}`, "--speed", "fast"],
        "en",
        "--speed must be a whole number of inches per second from 1 to 14.",
      ],
      [
        ["--printer", `127.0.0.1:${printer.port}`, "--media", "roll"],
        "en",
        "--media must be gap, mark or continuous.",
      ],
      [["--printer", `127.0.0.1:${printer.port}`, "--dpi", "600"], "en", "--dpi must be 203 or 300."],
      [["--printer", `127.0.0.1:${printer.port}`, "--dpi", "600"], "ru", "--dpi должен быть 203 или 300."],
      [
        ["--printer", `127.0.0.1:${printer.port}`, "--records", "2-7"],
        "en",
        "--records must be a record number or a range a-b within 1 to 3.",
      ],
      [
        ["--printer", `127.0.0.1:${printer.port}`, "--language", "EPL"],
        "en",
        "--language must be TSPL or ZPL.",
      ],
      [
        ["--printer", `127.0.0.1:${printer.port}`, "--copies", "0"],
        "en",
        "--copies must be a whole number from 1 to 99999.",
      ],
      [
        ["--printer", "host:99999"],
        "en",
        '--printer must be host or host:port (port 1 to 65535), not "host:99999".',
      ],
    ];
    for (const [extra, lang, line] of cases) {
      const r = await label([...common, ...extra], lang);
      expect([r.code, r.stderr, r.stdout], extra.join(" ")).toEqual([1, `${line}\n`, ""]);
    }
  }, 120_000);

  it("--darkness, --speed and --media go out as the printer's own commands (TSPL and ZPL)", async () => {
    const at = `127.0.0.1:${printer.port}`;
    const tsplJob = printer.nextJob();
    const common = ["--darkness", "12", "--speed", "4", "--media", "mark", "--records", "1", "--picture"];
    const r = await label(["print", file, "--printer", at, "--language", "TSPL", "--dpi", "203", ...common]);
    expect(r.code, r.stderr).toBe(0);
    const t = decodeTspl(await tsplJob);
    expect(t.settings).toEqual(["BLINE 2 mm,0 mm", "DENSITY 12", "SPEED 4"]);
    expect(await Promise.all(t.pages.map(readCode))).toEqual(VALUES.slice(0, 1));
    const zplJob = printer.nextJob();
    const z = await label(["print", file, "--printer", at, "--language", "ZPL", "--dpi", "203", ...common]);
    expect(z.code, z.stderr).toBe(0);
    const text = (await zplJob).toString("latin1");
    expect(text.startsWith("~SD12\n^XA^MNM^PR4^PW")).toBe(true);
  }, 90_000);

  it("a printer that says it cannot print gets nothing; `label status` says its state in one line", async () => {
    const at = `127.0.0.1:${printer.port}`;
    let received = 0;
    printer.onData = (c) => {
      received += c.length;
    };
    try {
      printer.state.paperOut = true;
      const r = await label(["print", file, "--printer", at, "--language", "ZPL", "--dpi", "203"]);
      expect([r.code, r.stderr]).toEqual([1, `${at} cannot print now (paper out). Nothing was sent.\n`]);
      const ru = await label(["print", file, "--printer", at, "--language", "TSPL", "--dpi", "203"], "ru");
      expect(ru.stderr).toBe(`${at} сейчас не может печатать (нет бумаги). Ничего не отправлено.\n`);
      printer.state.headOpen = true;
      const st = await label(["status", "--printer", at, "--language", "TSPL"]);
      expect([st.code, st.stdout]).toEqual([2, `${at}: Cannot print: print head open, paper out\n`]);
      expect(received).toBe(0);
      printer.state.paperOut = false;
      printer.state.headOpen = false;
      const ok = await label(["status", "--printer", at, "--language", "ZPL"], "zh");
      expect([ok.code, ok.stdout]).toEqual([0, `${at}:就绪\n`]);
      printer.state.answer = "never";
      const silent = await label(["status", "--printer", at, "--language", "ZPL"]);
      expect([silent.code, silent.stdout]).toEqual([
        0,
        `${at}: No answer (this printer may not report its state)\n`,
      ]);
      const extra = await label(["status", "file.tprt", "--printer", at, "--language", "ZPL"]);
      expect(extra.code).toBe(1);
    } finally {
      printer.onData = undefined;
      printer.state.answer = undefined;
      printer.state.paperOut = false;
      printer.state.headOpen = false;
    }
  }, 120_000);

  it("reads host, host:port and [IPv6]:port; 9100 when no port is given", () => {
    expect(parsePrinter("printer.local")).toEqual({ host: "printer.local", port: 9100 });
    expect(parsePrinter("10.0.0.7:6101")).toEqual({ host: "10.0.0.7", port: 6101 });
    expect(parsePrinter("[fe80::1]:9100")).toEqual({ host: "fe80::1", port: 9100 });
    expect(parsePrinter("a:b")).toBeNull();
    expect(parsePrinter("host:0")).toBeNull();
    expect(parsePrinter("")).toBeNull();
  });
});
