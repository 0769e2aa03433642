// A printer's state asked over its raw port (issue 37): TSPL <ESC>!? and ZPL ~HQES with ~HS, against a fake
// printer that answers as the manuals say, stays silent or answers garbage; never a throw.
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseLpstatStatus } from "../../src/assistant/cups";
import { parseWindowsStatus } from "../../src/assistant/windows";
import { parseTsplStatus, parseZplStatus, refusesJobs } from "../../src/print/status";
import { queryStatus } from "../../src/print/statusQuery";
import { type FakePrinter, startFakePrinter, zplExtendedStatus, zplHostStatus } from "./support/fakePrinter";

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

  it("ZPL's ~HQES error flags come with ~HS: a jam, heat and other errors too; ~HS alone as before", () => {
    const enc = (s: string) => new TextEncoder().encode(s);
    const both = (st: FakePrinter["state"]) => enc(zplExtendedStatus(st) + zplHostStatus(st));
    expect(parseZplStatus(both({}))).toEqual({ state: "ready", problems: [], remaining: 0, buffered: 0 });
    expect(parseZplStatus(both({ paperOut: true, paused: true }))).toMatchObject({
      state: "problem",
      problems: ["paperOut", "paused"],
    });
    // ~HS has no field for a jam: only ~HQES says it
    expect(parseZplStatus(both({ paperJam: true }))).toEqual({
      state: "problem",
      problems: ["paperJam"],
      remaining: 0,
      buffered: 0,
    });
    const flags = (errors: string) =>
      enc(
        `\x02\r\n PRINTER STATUS\r\n   ERRORS:         1 00000000 ${errors}\r\n` +
          `   WARNINGS:       1 00000000 00000002\r\n\x03\r\n${zplHostStatus({})}`,
      );
    // head over temperature; a cutter fault (no word of ours: "error"); ribbon out and head open
    expect(parseZplStatus(flags("00000010"))?.problems).toEqual(["tooHot"]);
    expect(parseZplStatus(flags("00000008"))?.problems).toEqual(["error"]);
    expect(parseZplStatus(flags("00000006"))?.problems).toEqual(["ribbonOut", "headOpen"]);
    // a warning (clean the head) alone does not stop printing
    expect(parseZplStatus(flags("00000000"))?.state).toBe("ready");
  });

  it("ZPL: partial, malformed and garbage answers never throw and never pass for ready", () => {
    const enc = (s: string) => new TextEncoder().encode(s);
    const hqes = zplExtendedStatus({ paperOut: true });
    // ~HQES arrived, ~HS not yet: wait; the printer stopped there: ~HQES alone
    expect(parseZplStatus(enc(hqes))).toBeNull();
    expect(parseZplStatus(enc(hqes), true)).toEqual({ state: "problem", problems: ["paperOut"] });
    expect(parseZplStatus(enc(hqes.slice(0, 30)), true)).toBeNull();
    // a malformed ~HQES (no WARNINGS line, letters for flags): ~HS alone is read
    const bad = "\x02\r\n PRINTER STATUS\r\n   ERRORS: 1 ZZZZZZZZ 00000001\r\n\x03\r\n";
    expect(parseZplStatus(enc(bad + zplHostStatus({ headOpen: true })))?.problems).toEqual(["headOpen"]);
    // "no error" with error bits set is not trusted either
    const liar = zplExtendedStatus({ paperJam: true }).replace("ERRORS:         1", "ERRORS:         0");
    expect(parseZplStatus(enc(liar + zplHostStatus({})))?.state).toBe("ready");
    // garbage after a good ~HQES: what it said stands; garbage alone: garbled
    expect(parseZplStatus(enc(`${hqes}\xff\x00junk`))).toEqual({ state: "problem", problems: ["paperOut"] });
    expect(parseZplStatus(enc("\xff\x00PRINTER STATUS junk"))?.state).toBe("garbled");
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

  it("ZPL: a jam only ~HQES tells; an older printer without ~HQES answers ~HS alone", async () => {
    set({ paperJam: true });
    const jam = await queryStatus("127.0.0.1", printer.port, "ZPL");
    expect(jam).toMatchObject({ state: "problem", problems: ["paperJam"], buffered: 0 });
    expect(refusesJobs(jam)).toBe(true);
    set({ hqes: false, paperJam: true, headOpen: true });
    const old = await queryStatus("127.0.0.1", printer.port, "ZPL");
    expect(old).toMatchObject({ state: "problem", problems: ["headOpen"], remaining: 0 });
  });

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
