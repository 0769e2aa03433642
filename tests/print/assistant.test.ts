// The print assistant end to end with real parts: a real WebSocket client sends label XML, the
// assistant renders it at printer dpi and streams TSPL / ZPL over TCP to a fake network printer;
// the test decodes the printer bytes back into images and reads the barcode with zxing-wasm.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AssistantConfig } from "../../src/assistant/config";
import { type RunningAssistant, startAssistant } from "../../src/assistant/server";
import { serializeTprt } from "../../src/model/file/index";
import { decode } from "../codes/support/zxing";
import { connect } from "./support/client";
import { decodeTspl, decodeZpl, inkBox, type Page, toRgba } from "./support/decodeJob";
import { type FakePrinter, startFakePrinter } from "./support/fakePrinter";
import { CODE_BOX, printLabel, TEXT_BOX, VALUES } from "./support/label";

const PICTURE = { settings: { sendAs: "picture" as const } };

let tsplPrinter: FakePrinter;
let zplPrinter: FakePrinter;
let assistant: RunningAssistant;
let client: Awaited<ReturnType<typeof connect>>;
const xml = serializeTprt(printLabel());

beforeAll(async () => {
  tsplPrinter = await startFakePrinter();
  zplPrinter = await startFakePrinter();
  const config: AssistantConfig = {
    host: "127.0.0.1",
    port: 0,
    cups: true,
    origins: [],
    printers: [
      // exact pictures: these tests read the jobs' bitmaps (the printer's commands: nativeAuto.test.ts)
      {
        ...PICTURE,
        name: "Shelf TSPL",
        host: "127.0.0.1",
        port: tsplPrinter.port,
        language: "TSPL",
        dpi: 203,
      },
      { ...PICTURE, name: "Dock ZPL", host: "127.0.0.1", port: zplPrinter.port, language: "ZPL", dpi: 300 },
    ],
  };
  assistant = await startAssistant(config, { listCups: async () => ["Office_Laser"] });
  client = await connect(assistant.port);
}, 30000);

afterAll(async () => {
  client?.close();
  await assistant?.close();
  await tsplPrinter?.close();
  await zplPrinter?.close();
});

const dots = (mm: number, dpi: number) => Math.round((mm / 25.4) * dpi);

async function readCode(p: Page): Promise<string> {
  const [r] = await decode(toRgba(p), { formats: ["Code128"] });
  return r?.text ?? "";
}

function expectLayout(p: Page, dpi: number) {
  // text: ink inside the text box, starting near its left edge, nothing printed above it
  const t = inkBox(p, 0, 0, p.width, dots(CODE_BOX.y, dpi));
  expect(t).not.toBeNull();
  expect(t?.minX).toBeGreaterThanOrEqual(dots(TEXT_BOX.x, dpi) - 2);
  expect(t?.minX).toBeLessThan(dots(TEXT_BOX.x + 5, dpi));
  expect(t?.minY).toBeGreaterThanOrEqual(dots(TEXT_BOX.y, dpi) - 2);
  expect(t?.maxY).toBeLessThanOrEqual(dots(TEXT_BOX.y + TEXT_BOX.height, dpi) + 2);
  expect(t?.maxX).toBeLessThan(dots(TEXT_BOX.x + TEXT_BOX.width, dpi));
  // the barcode stays inside its box, and nothing is printed outside the two boxes
  const all = inkBox(p);
  expect(all?.maxY).toBeLessThanOrEqual(dots(CODE_BOX.y + CODE_BOX.height, dpi) + 2);
  expect(all?.maxX).toBeLessThanOrEqual(dots(CODE_BOX.x + CODE_BOX.width, dpi) + 2);
}

describe("print assistant", () => {
  it("lists configured network printers and CUPS queues with code 200", async () => {
    const r = await client.request({ cmd: "getComputerPrinters" });
    expect(r.code).toBe(200);
    expect(r.data).toEqual([
      expect.objectContaining({ name: "Shelf TSPL", kind: "network", language: "TSPL", dpi: 203 }),
      expect.objectContaining({ name: "Dock ZPL", kind: "network", language: "ZPL", dpi: 300 }),
      { name: "Office_Laser", kind: "cups" },
    ]);
  });

  it("prints 3 records × 2 copies to a TSPL printer at 203 dpi", async () => {
    const job = tsplPrinter.nextJob();
    const r = await client.request({
      cmd: "outputPrintting",
      printer: "Shelf TSPL",
      xml,
      copies: 1,
      records: [0, 1, 2].map((record) => ({ record, copies: 2 })),
    });
    expect(r).toMatchObject({ code: 200, data: { printer: "Shelf TSPL", pages: 6 } });
    const t = decodeTspl(await job);
    expect(t.size).toBe("60 mm,30 mm");
    expect(t.pages).toHaveLength(6);
    for (const p of t.pages) {
      // 60 mm = 479.5 dots → 480; 30 mm = 239.8 → 240 (multiples of 8)
      expect([p.width, p.height, p.copies]).toEqual([480, 240, 1]);
      expectLayout(p, 203);
    }
    const codes = await Promise.all(t.pages.map(readCode));
    expect(codes).toEqual([VALUES[0], VALUES[0], VALUES[1], VALUES[1], VALUES[2], VALUES[2]]);
  }, 60000);

  it("prints 3 records with job copies 2 to a ZPL printer at 300 dpi (^PQ2)", async () => {
    const job = zplPrinter.nextJob();
    const r = await client.request({ cmd: "outputPrintting", printer: "Dock ZPL", xml, copies: 2 });
    expect(r).toMatchObject({ code: 200, data: { pages: 3 } });
    const pages = decodeZpl(await job);
    expect(pages).toHaveLength(3);
    for (const p of pages) {
      // 60 mm at 300 dpi = 708.7 → 712; 30 mm = 354.3 → 360
      expect([p.width, p.height, p.copies]).toEqual([712, 360, 2]);
      expectLayout(p, 300);
    }
    expect(await Promise.all(pages.map(readCode))).toEqual(VALUES);
  }, 60000);

  it("darkness and speed for one job override the printer's; values outside its range send nothing", async () => {
    const job = tsplPrinter.nextJob();
    const r = await client.request({
      cmd: "outputPrintting",
      printer: "Shelf TSPL",
      xml,
      copies: 1,
      records: [{ record: 0, copies: 1 }],
      settings: { darkness: 7, speed: 2 },
    });
    expect(r).toMatchObject({ code: 200, data: { pages: 1 } });
    const t = decodeTspl(await job);
    expect(t.settings).toEqual(["DENSITY 7", "SPEED 2"]);
    expect(await Promise.all(t.pages.map(readCode))).toEqual(VALUES.slice(0, 1));
    let received = 0;
    tsplPrinter.onData = (c) => {
      received += c.length;
    };
    try {
      const bad = await client.request({
        cmd: "outputPrintting",
        printer: "Shelf TSPL",
        xml,
        copies: 1,
        settings: { darkness: 20 },
      });
      expect([bad.code, bad.msg]).toEqual([
        500,
        "This printer does not take that darkness value; nothing was sent.",
      ]);
      expect(received).toBe(0);
    } finally {
      tsplPrinter.onData = undefined;
    }
  }, 60000);

  it("answers errors with a code other than 200 and a translated message", async () => {
    const none = await client.request({ cmd: "outputPrintting", printer: "", xml });
    expect(none.code).not.toBe(200);
    expect(none.msg).toBe("Please select a printer");
    const unknown = await client.request({ cmd: "outputPrintting", printer: "Nope", xml, lang: "es" });
    expect(unknown.code).toBe(500);
    expect(unknown.msg).toBe("Impresora no encontrada: Nope");
    const bad = await client.request({ cmd: "outputPrintting", printer: "Shelf TSPL", xml: "<not a label" });
    expect(bad).toMatchObject({ code: 500, msg: "The label document could not be read" });
    const hostile = await client.request({ cmd: "__proto__", printer: "x" });
    expect(hostile).toMatchObject({ code: 500, msg: "Unknown or malformed request" });
    const records = await client.request({
      cmd: "outputPrintting",
      printer: "Shelf TSPL",
      xml,
      records: [{ record: -1 }],
    });
    expect(records.code).toBe(500);
  });

  it("reports a printer that cannot be reached", async () => {
    const dead = await startFakePrinter();
    await dead.close();
    const a = await startAssistant(
      {
        host: "127.0.0.1",
        port: 0,
        cups: false,
        origins: [],
        printers: [{ name: "Gone", host: "127.0.0.1", port: dead.port, language: "TSPL", dpi: 203 }],
      },
      { listCups: async () => [] },
    );
    const c = await connect(a.port);
    const r = await c.request({ cmd: "outputPrintting", printer: "Gone", xml });
    expect(r.code).toBe(500);
    expect(r.msg).toBe(
      `The printer “Gone” did not answer at 127.0.0.1:${dead.port}. Check that it is switched on, has paper and is connected to the network, then print again.`,
    );
    c.close();
    await a.close();
  });
});
