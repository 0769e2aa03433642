// A printer's state asked over its raw port (issue 37): TSPL <ESC>!? and ZPL ~HS, against a fake
// printer that answers as the manuals say, stays silent or answers garbage; never a throw.
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseLpstatStatus } from "../../src/assistant/cups";
import { parseWindowsStatus } from "../../src/assistant/windows";
import { parseTsplStatus, parseZplStatus, refusesJobs } from "../../src/print/status";
import { queryStatus } from "../../src/print/statusQuery";
import { type FakePrinter, startFakePrinter, zplHostStatus } from "./support/fakePrinter";

let printer: FakePrinter;
beforeAll(async () => {
  printer = await startFakePrinter();
});
afterAll(() => printer?.close());

const set = (s: FakePrinter["state"]) => {
  for (const k of Object.keys(printer.state)) delete (printer.state as Record<string, unknown>)[k];
  Object.assign(printer.state, s);
};

describe("parsing what printers answer", () => {
  it("TSPL's status byte: each bit its problem, 0x20 printing, 0 ready", () => {
    expect(parseTsplStatus(Uint8Array.of(0))).toEqual({ state: "ready", problems: [] });
    expect(parseTsplStatus(Uint8Array.of(0x20))).toEqual({ state: "printing", problems: [] });
    expect(parseTsplStatus(Uint8Array.of(0x05))).toEqual({
      state: "problem",
      problems: ["headOpen", "paperOut"],
    });
    expect(parseTsplStatus(Uint8Array.of(0x0a))?.problems).toEqual(["paperJam", "ribbonOut"]);
    expect(parseTsplStatus(Uint8Array.of())).toBeNull();
    expect(parseTsplStatus(Uint8Array.of(0, 0, 0))?.state).toBe("garbled");
  });

  it("ZPL's three lines: paper out, pause, head up, ribbon out, labels remaining", () => {
    const enc = (s: string) => new TextEncoder().encode(s);
    expect(parseZplStatus(enc(zplHostStatus({})))).toEqual({
      state: "ready",
      problems: [],
      remaining: 0,
      buffered: 0,
    });
    expect(parseZplStatus(enc(zplHostStatus({ paperOut: true, headOpen: true })))).toEqual({
      state: "problem",
      problems: ["paperOut", "headOpen"],
      remaining: 0,
      buffered: 0,
    });
    expect(parseZplStatus(enc(zplHostStatus({ paused: true, ribbonOut: true })))?.problems).toEqual([
      "ribbonOut",
      "paused",
    ]);
    const printing = zplHostStatus({}).replace("00000000", "00000012");
    expect(parseZplStatus(enc(printing))).toEqual({
      state: "printing",
      problems: [],
      remaining: 12,
      buffered: 0,
    });
    // still arriving, then junk, then frames with the wrong fields
    expect(parseZplStatus(enc(zplHostStatus({}).slice(0, 40)))).toBeNull();
    expect(parseZplStatus(enc("HTTP/1.1 400 Bad Request\r\n"))?.state).toBe("garbled");
    expect(parseZplStatus(enc("\x02a,b\x03\r\n\x02c\x03\r\n\x02d\x03\r\n"))?.state).toBe("garbled");
  });
});

describe("the system spooler's word for a queue", () => {
  it("CUPS lpstat -p: idle, printing, disabled, nothing", () => {
    expect(parseLpstatStatus("printer Zebra is idle.  enabled since Sun 06 Dec 2026\n").state).toBe("ready");
    expect(parseLpstatStatus("printer Zebra now printing Zebra-12.  enabled since …\n").state).toBe(
      "printing",
    );
    expect(parseLpstatStatus("printer Zebra disabled since Sun 06 Dec 2026 -\n\tPaused\n")).toEqual({
      state: "problem",
      problems: ["paused"],
    });
    expect(parseLpstatStatus("").state).toBe("offline");
    expect(parseLpstatStatus("printer Zebra is on fire\n").state).toBe("garbled");
  });

  it("Windows Get-Printer PrinterStatus", () => {
    expect(parseWindowsStatus("Normal\r\n").state).toBe("ready");
    expect(parseWindowsStatus("Printing").state).toBe("printing");
    expect(parseWindowsStatus("PaperOut")).toEqual({ state: "problem", problems: ["paperOut"] });
    expect(parseWindowsStatus("Door Open")).toEqual({ state: "problem", problems: ["coverOpen"] });
    expect(parseWindowsStatus("Error")).toEqual({ state: "problem", problems: ["error"] });
    expect(parseWindowsStatus("Offline").state).toBe("offline");
    expect(parseWindowsStatus("\u0000??").state).toBe("garbled");
  });
});

describe("asking a printer on the network", () => {
  for (const language of ["TSPL", "ZPL"] as const) {
    it(`${language}: ready, then each fault the printer reports`, async () => {
      set({});
      expect(await queryStatus("127.0.0.1", printer.port, language)).toMatchObject({
        state: "ready",
        problems: [],
      });
      set({ paperOut: true });
      const out = await queryStatus("127.0.0.1", printer.port, language);
      expect(out).toMatchObject({ state: "problem", problems: ["paperOut"] });
      expect(refusesJobs(out)).toBe(true);
      set({ headOpen: true });
      expect((await queryStatus("127.0.0.1", printer.port, language)).problems).toEqual(["headOpen"]);
      set({ paused: true });
      expect((await queryStatus("127.0.0.1", printer.port, language)).problems).toEqual(["paused"]);
      set({ ribbonOut: true });
      expect((await queryStatus("127.0.0.1", printer.port, language)).problems).toEqual(["ribbonOut"]);
    });
  }

  it("a status query is not a job: the next job is the real one", async () => {
    set({});
    const before = printer.queries;
    await queryStatus("127.0.0.1", printer.port, "ZPL");
    expect(printer.queries).toBe(before + 1);
  });

  it("silent, garbage, nobody listening: noAnswer, garbled, offline (never a throw)", async () => {
    set({ answer: "never" });
    const silent = await queryStatus("127.0.0.1", printer.port, "TSPL", 300);
    expect(silent).toEqual({ state: "noAnswer", problems: [] });
    expect(refusesJobs(silent)).toBe(false);
    set({ answer: "garbage" });
    expect((await queryStatus("127.0.0.1", printer.port, "ZPL")).state).toBe("garbled");
    expect((await queryStatus("127.0.0.1", printer.port, "TSPL")).state).toBe("garbled");
    set({});
    // a port that was open a moment ago and is closed now
    const gone = createServer();
    await new Promise<void>((r) => gone.listen(0, "127.0.0.1", () => r()));
    const port = (gone.address() as { port: number }).port;
    await new Promise<void>((r) => gone.close(() => r()));
    const off = await queryStatus("127.0.0.1", port, "TSPL");
    expect(off).toEqual({ state: "offline", problems: [] });
    expect(refusesJobs(off)).toBe(true);
  });
});
