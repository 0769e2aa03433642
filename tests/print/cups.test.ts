// The CUPS path with stand-in `lpstat` and `lp` programs on PATH: the queues are listed, and the
// job arrives as PNG pages at 300 dpi with the copies and the label's media size on the command line.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listCupsPrinters } from "../../src/assistant/cups";
import { startAssistant } from "../../src/assistant/server";
import { serializeTprt } from "../../src/model/file/index";
import { connect } from "./support/client";
import { type FakeCups, installFakeCups, pngDims } from "./support/fakeCups";
import { printLabel } from "./support/label";

let cups: FakeCups;
beforeAll(() => {
  cups = installFakeCups(["Office_Laser", "Label_Queue"]);
});
afterAll(() => cups.restore());

describe("CUPS printing", () => {
  it("lists queues and prints PNG pages with lp", async () => {
    expect(await listCupsPrinters()).toEqual(["Office_Laser", "Label_Queue"]);
    const a = await startAssistant({ host: "127.0.0.1", port: 0, cups: true, origins: [], printers: [] });
    const c = await connect(a.port);
    try {
      const list = await c.request({ cmd: "getComputerPrinters" });
      expect(list.data).toEqual([
        { name: "Office_Laser", kind: "cups" },
        { name: "Label_Queue", kind: "cups" },
      ]);
      const r = await c.request({
        cmd: "outputPrintting",
        printer: "Label_Queue",
        xml: serializeTprt(printLabel()),
        copies: 2,
      });
      expect(r).toMatchObject({ code: 200, data: { printer: "Label_Queue", pages: 3 } });
      const args = readFileSync(join(cups.spool, "args"), "utf8").trim();
      expect(args).toMatch(
        /^-d Label_Queue -n 2 -o media=Custom\.60x30mm -o fit-to-page -- .*page-1\.png .*page-2\.png .*page-3\.png$/,
      );
      const pngs = readdirSync(cups.spool).filter((f) => f.endsWith(".png"));
      expect(pngs.sort()).toEqual(["page-1.png", "page-2.png", "page-3.png"]);
      // 60 × 30 mm at 300 dpi
      for (const f of pngs) expect(pngDims(readFileSync(join(cups.spool, f)))).toEqual([709, 354]);
    } finally {
      c.close();
      await a.close();
    }
  }, 60000);
});
