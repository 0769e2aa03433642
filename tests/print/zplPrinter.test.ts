// The assistant as a virtual ZPL printer, with real sockets on 127.0.0.1: raw ZPL sent as to a
// network label printer becomes a PDF in the folder (read back: pages, text, codes) or a job on a
// system queue (stand-in lp); ~HS is answered as a ready printer; garbage, oversized and stalled
// senders cost one log line each and the next honest job still prints.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { connect as tcpConnect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../src/assistant/config";
import { PrintService } from "../../src/assistant/printing";
import type { ZplJobResult } from "../../src/assistant/zplPrinter/job";
import { startZplPrinter } from "../../src/assistant/zplPrinter/listener";
import { ZPL_MEMORY_BYTES, ZplMemory } from "../../src/assistant/zplPrinter/memory";
import { type ZplPrinterSettings, zplPrinterSettingsOf } from "../../src/assistant/zplPrinter/settings";
import { createDataSource } from "../../src/model/defaults";
import { createElement } from "../../src/model/kinds";
import { printerTemplate } from "../../src/print/native/template";
import { queryStatus } from "../../src/print/statusQuery";
import { FontRegistry } from "../../src/render/fonts";
import { ZPL_MAX_BYTES, ZPL_MAX_STORED } from "../../src/zpl/limits";
import { decode } from "../codes/support/zxing";
import { installFakeCups, pngDims } from "./support/fakeCups";
import { scriptsLabel } from "./support/scriptsLabel";

vi.setConfig({ testTimeout: 240_000 });
const dir = mkdtempSync(join(tmpdir(), "inkless-zpl-printer-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes `bytes` to the printer and closes the sending side, as carrier software does. */
function send(port: number, bytes: Uint8Array | string, opts: { end?: boolean } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const s = tcpConnect({ host: "127.0.0.1", port }, () => {
      s.write(bytes, () => {
        if (opts.end === false) resolve();
        else s.end();
      });
    });
    s.on("error", (e) => (opts.end === false ? undefined : reject(e)));
    s.on("close", () => resolve());
    s.resume();
  });
}

/** Writes `parts` one after another and gives what the printer answers once `whole` says so. */
function ask(port: number, parts: string[], whole: (answer: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    let got = "";
    const s = tcpConnect({ host: "127.0.0.1", port }, () => {
      const next = (i: number) => {
        if (i < parts.length) s.write(parts[i], () => next(i + 1));
      };
      next(0);
    });
    s.on("data", (d: Buffer) => {
      got += d.toString("latin1");
      if (whole(got)) {
        s.destroy();
        resolve(got);
      }
    });
    s.on("error", reject);
  });
}

const frames = (s: string) => s.split("\x03").length - 1;

/** A printer whose jobs are awaited one by one. */
async function startWith(
  settings: Partial<ZplPrinterSettings>,
  more: Parameters<typeof startZplPrinter>[1] = {},
) {
  const results: (ZplJobResult | Error)[] = [];
  const waiting: ((r: ZplJobResult | Error) => void)[] = [];
  const logged: string[] = [];
  const p = await startZplPrinter(
    { host: "127.0.0.1", port: 0, dpi: 203, ...settings },
    {
      ...more,
      log: (l) => logged.push(l),
      onJob: (r) => {
        const w = waiting.shift();
        if (w) w(r);
        else results.push(r);
      },
    },
  );
  const nextJob = () =>
    results.length
      ? Promise.resolve(results.shift() as ZplJobResult | Error)
      : new Promise<ZplJobResult | Error>((r) => waiting.push(r));
  return { p, nextJob, logged };
}

const words = (s: string) => s.replace(/\s+/g, " ").trim();

describe("the virtual ZPL printer", () => {
  it("is off unless enabled, listens on 127.0.0.1:9100 unless told otherwise, needs a printer or a folder", () => {
    expect(zplPrinterSettingsOf(undefined)).toBeNull();
    expect(zplPrinterSettingsOf({ folder: "/tmp/x" })).toBeNull();
    expect(zplPrinterSettingsOf({ enabled: true })).toBeNull();
    expect(zplPrinterSettingsOf({ enabled: true, folder: "/tmp/x" })).toEqual({
      host: "127.0.0.1",
      port: 9100,
      dpi: 203,
      folder: "/tmp/x",
    });
    expect(
      zplPrinterSettingsOf({ enabled: true, printer: "Office", host: "0.0.0.0", port: 9101, dpi: 300 }),
    ).toEqual({ host: "0.0.0.0", port: 9101, dpi: 300, printer: "Office" });
    expect(zplPrinterSettingsOf({ enabled: true, printer: "Office", port: 70000, dpi: 100 })).toMatchObject({
      port: 9100,
      dpi: 203,
    });
    expect(loadConfig({ INKLESS_ASSISTANT_CONFIG: join(dir, "none.json") }).zplPrinter).toBeNull();
  });

  it("answers ~HI, ~HQES and SGD getvar device.host_status as a ready printer, follows a changed ~CT prefix", async () => {
    const { p, logged } = await startWith({ folder: join(dir, "queries"), dpi: 300 });
    try {
      // model, firmware, dots per mm (300 dpi: 12), memory
      expect(await ask(p.port, ["~HI"], (a) => frames(a) === 1)).toBe("\x02INKLESS,V1.0.0,12,8192KB\x03\r\n");
      expect(await ask(p.port, ["~HQES"], (a) => frames(a) === 1)).toBe(
        "\x02\r\n  PRINTER STATUS\r\n   ERRORS:         0 00000000 00000000\r\n   WARNINGS:       0 00000000 00000000\r\n\x03\r\n",
      );
      // the host status as ~HS gives it: three frames, paper in, not paused
      const sgd = await ask(p.port, ['! U1 getvar "device.host_status"\r\n'], (a) => frames(a) === 3);
      expect(sgd.startsWith("\x02030,0,0,")).toBe(true);
      expect(await ask(p.port, ['! U1 getvar "device.unknown"\r\n'], (a) => a.endsWith("\r\n"))).toBe(
        '"?"\r\n',
      );
      // after ~CT+ the control prefix is "+": "~HS" is no question, "+HI" is; a question split
      // between two writes is answered when its end comes
      expect((await ask(p.port, ["~CT+~HS+HI"], (a) => frames(a) >= 1)).startsWith("\x02INKLESS,")).toBe(
        true,
      );
      expect((await ask(p.port, ["~H", "S"], (a) => frames(a) === 3)).startsWith("\x02030,0,0,")).toBe(true);
      // questions only: nothing printed, nothing logged as a job without a label
      expect(logged.filter((l) => /job|without a label/.test(l))).toEqual([]);
    } finally {
      await p.close();
    }
  }, 30_000);

  it("saves what it receives as one PDF, a page per printed label, and answers ~HS as a ready printer", async () => {
    const folder = join(dir, "pdfs");
    const { p, nextJob } = await startWith({ folder });
    try {
      await expect(queryStatus("127.0.0.1", p.port, "ZPL")).resolves.toMatchObject({ state: "ready" });
      await send(p.port, readFileSync("tests/fixtures/zpl/batch.zpl"));
      const r = (await nextJob()) as ZplJobResult;
      expect(r).not.toBeInstanceOf(Error);
      expect(r.labels).toBe(4);
      expect(readdirSync(folder)).toEqual([r.file?.slice(folder.length + 1)]);
      const pdf = r.file as string;
      expect(execFileSync("pdfinfo", [pdf], { encoding: "utf8" })).toMatch(/Pages:\s+4\n/);
      const text = words(execFileSync("pdftotext", [pdf, "-"], { encoding: "utf8" }));
      for (const s of ["Parcel for Alice", "Parcel for Bob!", "Plain label", "Fixed footer"])
        expect(text).toContain(s);
      execFileSync("pdftoppm", [
        "-png",
        "-r",
        "300",
        "-f",
        "4",
        "-l",
        "4",
        "-singlefile",
        pdf,
        join(dir, "p4"),
      ]);
      const codes = await decode(new Uint8Array(readFileSync(join(dir, "p4.png"))), {
        maxNumberOfSymbols: 3,
      });
      expect(codes.map((c) => c.text)).toEqual(["PLAIN-QR-1"]);
    } finally {
      await p.close();
    }
  });

  it("keeps what a job stored (^DF, ~DY) for the jobs after it: an ERP sends a printer template once, then only recalls", async () => {
    const folder = join(dir, "erp");
    mkdirSync(folder);
    const { p, nextJob } = await startWith({ folder });
    try {
      // a printer template of a label whose changing Greek text carries its font, without its recalls
      const base = scriptsLabel(1, {}, [{ first: "Ελλάδα 1001", family: "Noto Sans" }]);
      const code = { ...createElement("Barcode", base.elements, { x: 4, y: 20 }), Name: "Code" };
      const seq = createDataSource({ DataSourceType: 2, InitialValue: "SHIP-1001", FirstValue: "SHIP-1001" });
      const doc = {
        ...base,
        elements: [...base.elements, { ...code, Data: "SHIP-1001", DataSourceList: [seq] }],
      };
      const zpl = new TextDecoder().decode((await printerTemplate(doc, "ZPL", { dpi: 203 })).bytes);
      const stored = zpl.slice(0, zpl.indexOf("^XA^CI28^XF"));
      expect(stored).toMatch(/~DYE:F[0-9A-F]{7},A,T,/);
      const name = /\^DFE:(\w+)\.ZPL/.exec(stored)?.[1];
      await send(p.port, stored);
      const first = (await nextJob()) as ZplJobResult;
      expect(first).not.toBeInstanceOf(Error);
      expect(first.labels).toBe(0);
      expect(readdirSync(folder)).toEqual([]);

      // later, only the data, as an ERP sends it: a value the template never wrote
      await send(
        p.port,
        `^XA^CI28^XFE:${name}.ZPL^FS^FN1^FH^FDΚαλημέρα κόσμε^FS^FN2^FH^FDSHIP-2002^FS^PQ1^XZ\n`,
      );
      const r = (await nextJob()) as ZplJobResult;
      expect(r).not.toBeInstanceOf(Error);
      expect(r.unknown).toBe("");
      expect(r.labels).toBe(1);
      const pdf = r.file as string;
      expect(words(execFileSync("pdftotext", [pdf, "-"], { encoding: "utf8" }))).toContain("Καλημέρα κόσμε");
      // the text is in the font the first job downloaded
      expect(execFileSync("pdffonts", [pdf], { encoding: "utf8" })).toMatch(/ZPL/);
      execFileSync("pdftoppm", ["-png", "-r", "300", "-singlefile", pdf, join(dir, "erp")]);
      const codes = await decode(new Uint8Array(readFileSync(join(dir, "erp.png"))), {
        maxNumberOfSymbols: 2,
      });
      expect(codes.map((c) => c.text)).toEqual(["SHIP-2002"]);
    } finally {
      await p.close();
    }
  });

  it("its memory holds the newest object of each name and is bounded: the oldest are forgotten, binary downloads not kept", () => {
    const b = (s: string) => new TextEncoder().encode(s);
    const kept = (m: ZplMemory) => new TextDecoder("latin1").decode(m.withKept(new Uint8Array()));
    const m = new ZplMemory();
    m.remember(b("^XA^DFR:SHIP.ZPL^FS^FO1,1^A0N,20,20^FDold^FS^XZ^XA^FO1,1^FDprinted^FS^XZ"));
    m.remember(b("^XA^DFE:ship.zpl^FS^FO1,1^A0N,20,20^FDnew^FS^XZ"));
    expect(kept(m)).toBe("^XA^DFE:ship.zpl^FS^FO1,1^A0N,20,20^FDnew^FS^XZ\n");
    const hex = "F".repeat(ZPL_MEMORY_BYTES * 0.6);
    m.remember(b(`~DGR:ONE.GRF,${hex.length / 2},10,${hex}`));
    m.remember(b(`~DGR:TWO.GRF,${hex.length / 2},10,${hex}`));
    expect(kept(m).length).toBeLessThanOrEqual(ZPL_MEMORY_BYTES);
    expect(kept(m)).toMatch(/^~DGR:TWO\.GRF/);
    m.remember(b(`~DGR:HUGE.GRF,1,1,${"F".repeat(ZPL_MEMORY_BYTES + 2)}`));
    m.remember(b("~DYR:BIN,B,T,4,,\x00\r\n\x01"));
    expect(kept(m)).not.toMatch(/HUGE|BIN/);
    // never more stored commands or fonts than leave a later job room within the reader's limits
    const many = new ZplMemory();
    for (let i = 0; i < 40; i++)
      many.remember(b(`^XA^DFR:F${i}.ZPL^FS${"^FO1,1^FDx^FS".repeat(500)}^XZ~DYR:T${i},A,T,1,,00`));
    const all = kept(many);
    expect(all.match(/\^FO/g)?.length).toBeLessThanOrEqual(ZPL_MAX_STORED / 2);
    expect(all.match(/~DY/g)?.length).toBeLessThanOrEqual(8);
    expect(all).toContain("^DFR:F39.ZPL");
    expect(all).toContain("~DYR:T39,");
    const fonts = new ZplMemory();
    for (let i = 0; i < 20; i++) fonts.remember(b(`~DYR:T${i},A,T,1,,00`));
    expect(kept(fonts).match(/~DY/g)?.length).toBe(8);
  });

  it("prints on a system queue through the assistant's print path, ^PQ as the copies", async () => {
    const cups = installFakeCups(["Office_Laser"]);
    const service = new PrintService(
      { host: "127.0.0.1", port: 0, cups: true, origins: [], printers: [] },
      async () => ["Office_Laser"],
    );
    const { p, nextJob } = await startWith({ printer: "Office_Laser" }, { service });
    try {
      await send(p.port, "^XA^PW406^LL203^FO20,20^A0N,40,40^FDHello queue^FS^PQ3^XZ");
      const r = (await nextJob()) as ZplJobResult;
      expect(r).not.toBeInstanceOf(Error);
      expect(r.labels).toBe(3);
      const args = readFileSync(join(cups.spool, "args"), "utf8").trim();
      // 406 × 203 dots at 203 dpi: 50.8 × 25.4 mm
      expect(args).toMatch(
        /^-d Office_Laser -n 3 -o media=Custom.50.8x25.4mm -o fit-to-page -- .*page-1.png$/,
      );
      expect(pngDims(readFileSync(join(cups.spool, "page-1.png")))).toEqual([600, 300]);
    } finally {
      await p.close();
      cups.restore();
    }
  });

  it("a computer without the label's fonts refuses the job with why, rather than print it without its texts", async () => {
    const fonts = new FontRegistry({
      source: async () => {
        throw new Error("offline");
      },
    });
    const { p, nextJob } = await startWith(
      { folder: join(dir, "nofonts") },
      { fonts, origin: "https://labels.example.com" },
    );
    try {
      await send(p.port, "^XA^FO20,20^A0N,40,40^FDNo font here^FS^XZ");
      const r = await nextJob();
      expect(r).toBeInstanceOf(Error);
      expect((r as Error).message).toBe(
        "the font Roboto could not be loaded (from this computer or https://labels.example.com): nothing printed",
      );
    } finally {
      await p.close();
    }
  });

  it("garbage, a job over the size limit and a sender that stalls: one line each, then it still prints", async () => {
    const folder = join(dir, "hostile");
    const { p, nextJob, logged } = await startWith({ folder }, { idleMs: 500 });
    try {
      // 2 MB of random bytes with a ^XA in them: read, refused with the reader's message
      const junk = new Uint8Array(2 * 1024 * 1024);
      let x = 7;
      for (let i = 0; i < junk.length; i++) {
        x = (x * 1103515245 + 12345) >>> 0;
        junk[i] = x >>> 24;
      }
      junk.set(new TextEncoder().encode("^XA"), 1000);
      await send(p.port, junk);
      const bad = await nextJob();
      expect(bad).toBeInstanceOf(Error);

      // more than the file limit: the connection is closed, nothing is kept
      const huge = new Uint8Array(ZPL_MAX_BYTES + 1024 * 1024).fill(0x41);
      huge.set(new TextEncoder().encode("^XA^FO1,1^FD"), 0);
      await send(p.port, huge).catch(() => undefined);
      const over = await nextJob();
      expect(over).toBeInstanceOf(Error);
      expect((over as Error).message).toMatch(/more than 8 MB/);

      // a sender that never closes: its job is taken once it goes quiet
      await send(p.port, "^XA^FO20,20^A0N,40,40^FDStalled sender^FS^XZ", { end: false });
      const stalled = (await nextJob()) as ZplJobResult;
      expect(stalled.labels).toBe(1);

      await send(p.port, "^XA^FO20,20^A0N,40,40^FDStill printing^FS^XZ");
      const ok = (await nextJob()) as ZplJobResult;
      expect(words(execFileSync("pdftotext", [ok.file as string, "-"], { encoding: "utf8" }))).toContain(
        "Still printing",
      );
      await expect(queryStatus("127.0.0.1", p.port, "ZPL")).resolves.toMatchObject({ state: "ready" });
      expect(logged.filter((l) => /failed|refused/.test(l))).toHaveLength(2);
    } finally {
      await p.close();
    }
  });
});
