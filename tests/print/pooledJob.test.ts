// A job to a network printer at printer speed (issue 41): the 100 × 80 mm bench label (a QR code and
// a Code 128) at 203 dpi through the assistant to a fake TCP printer, drawn by the process's raster
// pool (a worker per core). Every page the printer receives reads back as its own record, in order.
import { availableParallelism } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningAssistant } from "../../src/assistant/server";
import { serializeTprt } from "../../src/model/file/index";
import { sharedRasterPool } from "../../src/print/rasterPool";
import { decode } from "../codes/support/zxing";
import { benchLabel } from "../export/support/labels";
import { assistantWithPrinter } from "./support/assistantRig";
import { connect } from "./support/client";
import { decodeTspl, toRgba } from "./support/decodeJob";
import { type FakePrinter, startFakePrinter } from "./support/fakePrinter";

const RECORDS = 40;
let printer: FakePrinter;
let assistant: RunningAssistant;

beforeAll(async () => {
  printer = await startFakePrinter();
  assistant = await assistantWithPrinter(printer, "Bench", "TSPL", { listCups: async () => [] });
  // the pool is up, as after the assistant's first long job (a short job on a cold pool is all
  // drawn inline before the workers answer, which is right but shows nothing here)
  expect(await sharedRasterPool()).not.toBeNull();
}, 120_000);

afterAll(async () => {
  await assistant?.close();
  await printer?.close();
  await (await sharedRasterPool())?.close();
});

describe("a long job through the raster pool", () => {
  it("every page decodes to its record, in order, and the pool's workers drew pages", async () => {
    const client = await connect(assistant.port);
    try {
      const job = printer.nextJob();
      const reply = await client.request({
        cmd: "outputPrintting",
        printer: "Bench",
        xml: serializeTprt(benchLabel(RECORDS)),
        copies: 1,
        lang: "en",
      });
      expect(reply.code).toBe(200);
      const { pages } = decodeTspl(await job);
      expect(pages.length).toBe(RECORDS);
      // 100 × 80 mm at 203 dpi, sides rounded up to multiples of 8
      expect([pages[0]?.width, pages[0]?.height]).toEqual([800, 640]);
      const read: string[] = [];
      for (const p of pages) {
        const rgba = toRgba(p);
        const [code] = await decode(rgba, { formats: ["Code128"] });
        const [qr] = await decode(rgba, { formats: ["QRCode"] });
        read.push(`${code?.text} ${qr?.text}`);
      }
      const n = (i: number) => String(i).padStart(6, "0");
      expect(read).toEqual(Array.from({ length: RECORDS }, (_, i) => `INK-${n(i + 1)} QR-${n(i + 1)}`));
      const pool = await sharedRasterPool();
      expect(pool?.size).toBe(availableParallelism());
      // the first page or two are drawn at once on this thread, the rest by the workers
      expect(pool?.answered).toBeGreaterThan(RECORDS / 2);
    } finally {
      client.close();
    }
  }, 600_000);
});
