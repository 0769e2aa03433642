// Setting up printers from the web app through the assistant: add a network printer (kept in the
// settings file), refuse bad or duplicate entries, rename, print the test label (its scan-check
// barcode decodes), remove; find a printer on the network; read mDNS answers.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scanCheck } from "../../src/assistant/calibration";
import { cloudIdentity } from "../../src/assistant/cloudSetup";
import { loadConfig } from "../../src/assistant/config";
import { discoverPrinters, MDNS_SERVICE, mdnsQuery, parseMdnsAnswer } from "../../src/assistant/discover";
import { type RunningAssistant, startAssistant } from "../../src/assistant/server";
import { decode } from "../codes/support/zxing";
import { connect } from "./support/client";
import { decodeTspl, toRgba } from "./support/decodeJob";
import { type FakePrinter, startFakePrinter } from "./support/fakePrinter";

const APP = "http://127.0.0.1:8080";
const dir = mkdtempSync(join(tmpdir(), "inkless-printers-"));
const file = join(dir, "assistant.json");
let printer: FakePrinter;
let assistant: RunningAssistant;
let client: Awaited<ReturnType<typeof connect>>;
let scans = 0;

beforeAll(async () => {
  printer = await startFakePrinter();
  writeFileSync(file, JSON.stringify({ cups: false, origins: [APP] }));
  assistant = await startAssistant(
    loadConfig({ INKLESS_ASSISTANT_CONFIG: file, INKLESS_ASSISTANT_PORT: "0" }),
    {
      settingsFile: file,
      listCups: async () => [],
      discover: () => {
        scans++;
        return discoverPrinters({ subnets: ["127.0.0"], port: printer.port, timeoutMs: 300, mdnsMs: 0 });
      },
      info: () => ({ version: "1.2.3", cloud: { server: "http://s", sn: "SN1", code: "C0DE" } }),
    },
  );
  client = await connect(assistant.port, { origin: APP });
});

afterAll(async () => {
  client?.close();
  await assistant?.close();
  await printer?.close();
  rmSync(dir, { recursive: true, force: true });
});

const saved = () => JSON.parse(readFileSync(file, "utf8")).printers;

describe("printers from the web app", () => {
  it("adds, renames, test-prints and removes a network printer, keeping each change in the file", async () => {
    const shelf = {
      name: "Shelf",
      host: "127.0.0.1",
      port: printer.port,
      language: "TSPL",
      dpi: 203,
      gap: 3,
    };
    const added = await client.request({
      cmd: "addPrinter",
      printer: { ...shelf, mark: "black", widthMm: 50, heightMm: 30 },
    });
    expect(added.code).toBe(200);
    expect(added.data).toEqual([
      expect.objectContaining({ name: "Shelf", kind: "network", port: printer.port }),
    ]);
    // the old top-level gap and mark are kept as the printer's settings
    const { gap: _gap, ...rest } = shelf;
    expect(saved()).toEqual([{ ...rest, widthMm: 50, heightMm: 30, settings: { gapMm: 3, media: "mark" } }]);

    for (const bad of [{ name: "", host: "h" }, { name: "x" }, "nonsense", null]) {
      const r = await client.request({ cmd: "addPrinter", printer: bad });
      expect([r.code, r.msg]).toEqual([
        500,
        "A printer needs a name and a host (an address on your network)",
      ]);
    }
    const twice = await client.request({ cmd: "addPrinter", printer: shelf });
    expect(twice.msg).toBe("A printer named Shelf already exists");

    const renamed = await client.request({
      cmd: "updatePrinter",
      name: "Shelf",
      // its test print is read below as an exact picture
      printer: {
        ...shelf,
        name: "Dock label printer",
        widthMm: 50,
        heightMm: 30,
        settings: { sendAs: "picture" },
      },
    });
    expect((renamed.data as { name: string }[]).map((p) => p.name)).toEqual(["Dock label printer"]);
    expect(saved().map((p: { name: string }) => p.name)).toEqual(["Dock label printer"]);

    const job = printer.nextJob();
    const test = await client.request({ cmd: "testPrint", name: "Dock label printer" });
    expect(test).toMatchObject({ code: 200, data: { printer: "Dock label printer", pages: 1 } });
    const t = decodeTspl(await job);
    expect(t.size).toBe("50 mm,30 mm");
    expect(t.pages).toHaveLength(1);
    const [read] = await decode(toRgba(t.pages[0] as (typeof t.pages)[0]), { formats: ["Code128"] });
    expect(read?.text).toBe(scanCheck({ dpi: 203 }));

    const unknown = await client.request({ cmd: "testPrint", name: "Nope" });
    expect(unknown.msg).toBe("Printer not found: Nope");
    const removed = await client.request({ cmd: "removePrinter", name: "Dock label printer" });
    expect(removed.data).toEqual([]);
    expect(saved()).toEqual([]);
  }, 60_000);

  it("says what it is, and finds a printer listening on the network only when asked", async () => {
    const info = await client.request({ cmd: "getAssistantInfo" });
    expect(info.data).toEqual({ version: "1.2.3", cloud: { server: "http://s", sn: "SN1", code: "C0DE" } });
    // two asks at once share one search
    const before = scans;
    const [found, again] = await Promise.all([
      client.request({ cmd: "discoverPrinters" }),
      client.request({ cmd: "discoverPrinters" }),
    ]);
    expect(found.data).toEqual([{ host: "127.0.0.1", port: printer.port }]);
    expect(again.data).toEqual(found.data);
    expect(scans - before).toBe(1);
  }, 60_000);

  it("a black-mark TSPL printer gets BLINE instead of GAP", async () => {
    // the network scan above connected without sending: skip those empty "jobs"
    const job = (async () => {
      for (;;) {
        const b = await printer.nextJob();
        if (b.length) return b;
      }
    })();
    await client.request({
      cmd: "addPrinter",
      printer: { name: "Mark", host: "127.0.0.1", port: printer.port, mark: "black", gap: 2 },
    });
    await client.request({ cmd: "testPrint", name: "Mark" });
    const text = (await job).subarray(0, 80).toString("latin1");
    expect(text).toContain("BLINE 2 mm,0 mm");
    expect(text).not.toContain("GAP");
    await client.request({ cmd: "removePrinter", name: "Mark" });
  }, 60_000);
});

describe("a printer's settings, state and calibration from the web app", () => {
  it("keeps valid settings, asks the state, refuses a job when the printer says paper out, calibrates", async () => {
    const entry = { name: "Line 2", host: "127.0.0.1", port: printer.port, language: "ZPL", dpi: 203 };
    const settings = { darkness: 25, speed: 6, media: "continuous", method: "transfer", postPrint: "peel" };
    await client.request({
      cmd: "addPrinter",
      printer: { ...entry, settings: { ...settings, direction: 7 } },
    });
    expect(saved().find((p: { name: string }) => p.name === "Line 2").settings).toEqual(settings);

    const ready = await client.request({ cmd: "printerStatus", name: "Line 2" });
    expect([ready.code, ready.data]).toEqual([
      200,
      { state: "ready", problems: [], remaining: 0, buffered: 0 },
    ]);
    printer.state.paperOut = true;
    try {
      const out = await client.request({ cmd: "printerStatus", name: "Line 2" });
      expect(out.data).toMatchObject({ state: "problem", problems: ["paperOut"] });
      const job = await client.request({ cmd: "testPrint", name: "Line 2", lang: "pt" });
      expect([job.code, job.msg]).toEqual([
        500,
        "Line 2 não pode imprimir agora (sem papel). Nada foi enviado.",
      ]);
    } finally {
      printer.state.paperOut = false;
    }
    const sent = (async () => {
      for (;;) {
        const b = await printer.nextJob();
        if (b.length) return b.toString("latin1");
      }
    })();
    expect((await client.request({ cmd: "calibratePrinter", name: "Line 2" })).code).toBe(200);
    expect(await sent).toBe("~JC\n");
    const test = (async () => {
      for (;;) {
        const b = await printer.nextJob();
        if (b.length) return b.toString("latin1");
      }
    })();
    expect((await client.request({ cmd: "testPrint", name: "Line 2" })).code).toBe(200);
    // automatic: the test label's fixed part stored once (~DG), then the label with its settings
    expect(await test).toMatch(/^~SD25\n(~DGR:INKLESS\.GRF[^\n]*\n)?\^XA\^MNN\^MTT\^PR6\^MMP\^PW/);
    const unknown = await client.request({ cmd: "printerStatus", name: "Nope" });
    expect(unknown.code).toBe(500);
    await client.request({ cmd: "removePrinter", name: "Line 2" });
  }, 90_000);
});

describe("the cloud identity shown on the printers page", () => {
  it("is the serial, code and server from the settings file, never the device key", () => {
    const f = join(dir, "cloud.json");
    writeFileSync(
      f,
      JSON.stringify({
        cloud: { server: "https://labels.example", printer: "P", sn: "SN9", key: "secret-key", code: "4321" },
      }),
    );
    expect(cloudIdentity(f)).toEqual({ server: "https://labels.example", sn: "SN9", code: "4321" });
    writeFileSync(f, JSON.stringify({ cloud: { server: "https://labels.example", printer: "P" } }));
    expect(cloudIdentity(f)).toBeNull();
    expect(cloudIdentity(join(dir, "missing.json"))).toBeNull();
  });
});

describe("mDNS answers", () => {
  it("asks for the raw-print service and reads instance, host and port from an answer", () => {
    expect(mdnsQuery(MDNS_SERVICE).subarray(12).toString("latin1")).toBe(
      "\x0f_pdl-datastream\x04_tcp\x05local\x00\x00\x0c\x00\x01",
    );
    const name = (s: string) =>
      Buffer.concat([
        ...s.split(".").map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l)])),
        Buffer.from([0]),
      ]);
    const rr = (owner: Buffer, type: number, data: Buffer) => {
      const head = Buffer.alloc(10);
      head.writeUInt16BE(type, 0);
      head.writeUInt16BE(1, 2);
      head.writeUInt32BE(120, 4);
      head.writeUInt16BE(data.length, 8);
      return Buffer.concat([owner, head, data]);
    };
    const instance = `Zebra ZD421.${MDNS_SERVICE}`;
    const srvData = Buffer.concat([Buffer.from([0, 0, 0, 0, 0x23, 0x8c]), name("zd421.local")]);
    const header = Buffer.from([0, 0, 0x84, 0, 0, 0, 0, 3, 0, 0, 0, 0]);
    const packet = Buffer.concat([
      header,
      rr(name(MDNS_SERVICE), 12, name(instance)),
      rr(name(instance), 33, srvData),
      rr(name("zd421.local"), 1, Buffer.from([192, 168, 1, 40])),
    ]);
    expect(parseMdnsAnswer(packet)).toEqual([{ host: "192.168.1.40", port: 9100, name: "Zebra ZD421" }]);
    expect(parseMdnsAnswer(Buffer.from([1, 2, 3]))).toEqual([]);
    expect(parseMdnsAnswer(packet.subarray(0, 40))).toEqual([]);
  });
});
