// The print assistant under attack (issue 14, items 1–3), with real sockets on 127.0.0.1: pages
// from foreign origins, a frame that claims a huge payload, bad messages, floods of connections and
// of requests, and jobs over the caps. After each attack an honest client is still served.
import { connect as tcpConnect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { DEFAULT_ORIGINS, loadConfig } from "../../src/assistant/config";
import {
  MAX_CLIENTS,
  MAX_MESSAGE_BYTES,
  MAX_PAIR_CLIENTS,
  MAX_PAIR_PER_ORIGIN,
  MAX_PENDING,
  PAIR_PATH,
  type RunningAssistant,
  startAssistant,
} from "../../src/assistant/server";
import { serializeTprt } from "../../src/model/file/index";
import { JOB_LIMITS } from "../../src/print/plan";
import { connect } from "./support/client";
import { printLabel } from "./support/label";

const APP = "https://labels.example.com";
let assistant: RunningAssistant;
const logged: string[] = [];

beforeAll(async () => {
  assistant = await startAssistant(
    { host: "127.0.0.1", port: 0, cups: false, origins: [APP], printers: [] },
    { listCups: async () => [], log: (l) => logged.push(l) },
  );
});

afterAll(async () => {
  await assistant?.close();
});

/** Opens a WebSocket as a browser page of `origin` would; resolves with the HTTP status or "open". */
function tryOpen(origin?: string, path = ""): Promise<{ status: number | "open"; ws: WebSocket }> {
  const ws = new WebSocket(`ws://127.0.0.1:${assistant.port}${path}`, origin ? { origin } : {});
  return new Promise((resolve) => {
    ws.once("open", () => resolve({ status: "open", ws }));
    ws.once("unexpected-response", (_req, res) => resolve({ status: res.statusCode ?? 0, ws }));
    ws.once("error", () => undefined);
  });
}

/** Waits until `cond` holds, trying again on each turn of the event loop. */
async function until(cond: () => Promise<boolean>): Promise<void> {
  while (!(await cond())) await new Promise((r) => setImmediate(r));
}

/** The honest client: still listed printers after the attack. */
async function stillServing() {
  const c = await connect(assistant.port);
  const r = await c.request({ cmd: "getComputerPrinters" });
  c.close();
  expect(r.code).toBe(200);
}

/** A raw WebSocket handshake on a TCP socket, so the test can send frames no library would. */
async function rawSocket() {
  const sock = tcpConnect(assistant.port, "127.0.0.1");
  const closed = new Promise<void>((r) => sock.once("close", () => r()));
  sock.on("error", () => undefined);
  sock.write(
    "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
  );
  await new Promise<void>((r) =>
    sock.once("data", (d) => {
      expect(String(d)).toMatch(/^HTTP\/1.1 101/);
      r();
    }),
  );
  return { sock, closed };
}

/** A masked text frame header that claims `length` bytes of payload (64-bit length form). */
function frameHeader(length: bigint): Buffer {
  const b = Buffer.alloc(14);
  b[0] = 0x81;
  b[1] = 0x80 | 127;
  b.writeBigUInt64BE(length, 2);
  return b; // mask key 0 0 0 0
}

describe("print assistant: origins (item 1)", () => {
  it("refuses pages of other origins with 403 at the upgrade, and serves the app's origin", async () => {
    for (const evil of ["https://evil.example", "http://127.0.0.1:9999", "null", `${APP}.evil.example`]) {
      const r = await tryOpen(evil);
      expect(r.status, evil).toBe(403);
    }
    const ok = await tryOpen(APP);
    expect(ok.status).toBe("open");
    ok.ws.close();
    // a program on this computer sends no Origin
    const local = await tryOpen();
    expect(local.status).toBe("open");
    local.ws.close();
    expect(logged.some((l) => l.includes("refused a connection from https://evil.example"))).toBe(true);
  });

  it("defaults to the web app's own address, not to any origin", () => {
    const c = loadConfig({ INKLESS_ASSISTANT_CONFIG: "/nonexistent/inkless.json" });
    expect(c.origins).toEqual([...DEFAULT_ORIGINS]);
    const env = loadConfig({
      INKLESS_ASSISTANT_CONFIG: "/nonexistent/inkless.json",
      INKLESS_ASSISTANT_ORIGINS: "https://Labels.example.com/, javascript:alert(1), http://10.0.0.5:8080",
    });
    expect(env.origins).toEqual(["https://labels.example.com", "http://10.0.0.5:8080"]);
  });

  it("refuses jobs over the copies, records and labels caps before printing anything", async () => {
    const c = await connect(assistant.port);
    const xml = serializeTprt(printLabel());
    const job = { cmd: "outputPrintting", printer: "Nope", xml };
    const copies = await c.request({ ...job, copies: JOB_LIMITS.maxCopies + 1 });
    expect(copies).toMatchObject({ code: 500, msg: `At most ${JOB_LIMITS.maxCopies} copies per print job` });
    const rowCopies = await c.request({ ...job, records: [{ record: 0, copies: 99999 }] });
    expect(rowCopies.msg).toBe(`At most ${JOB_LIMITS.maxCopies} copies per print job`);
    const records = await c.request({
      ...job,
      records: Array.from({ length: JOB_LIMITS.maxRecords + 1 }, (_, record) => ({ record })),
    });
    expect(records.msg).toBe(`At most ${JOB_LIMITS.maxRecords} records per print job`);
    // 101 records × 1000 copies = 101,000 labels
    const labels = await c.request({
      ...job,
      copies: JOB_LIMITS.maxCopies,
      records: Array.from({ length: 101 }, (_, record) => ({ record })),
    });
    expect(labels.msg).toBe(`At most ${JOB_LIMITS.maxLabels} labels per print job`);
    // within the caps the job goes on (here: to a printer that does not exist)
    const fine = await c.request({ ...job, copies: JOB_LIMITS.maxCopies });
    expect(fine.msg).toBe("Printer not found: Nope");
    c.close();
  });
});

describe("print assistant: hostile frames (item 2)", () => {
  it("survives a frame claiming a 2^53-byte or an over-cap payload and keeps serving others", async () => {
    for (const claim of [2n ** 53n - 1n, BigInt(MAX_MESSAGE_BYTES + 1), 2n ** 63n]) {
      const { sock, closed } = await rawSocket();
      sock.write(frameHeader(claim));
      await closed; // the assistant ends this connection only
      await stillServing();
    }
  });

  it("accepts a message as large as a 100,000-record job's workbook (the measured cap)", async () => {
    const row = Array.from({ length: 5 }, (_, i) => `cell-${i}-abcdefghijklm`);
    const data = Array.from({ length: 100_000 }, () => row);
    const msg = JSON.stringify({
      cmd: "getComputerPrinters",
      id: 1,
      sheets: { "a.xlsx": { sheets: [{ data }] } },
    });
    expect(msg.length).toBeGreaterThan(10 * 1024 * 1024);
    expect(msg.length).toBeLessThan(MAX_MESSAGE_BYTES);
    const { status, ws } = await tryOpen();
    expect(status).toBe("open");
    const reply = new Promise<{ code: number }>((r) => ws.once("message", (d) => r(JSON.parse(String(d)))));
    ws.send(msg);
    expect((await reply).code).toBe(200);
    ws.close();
  });
});

describe("print assistant: bad messages and floods (item 3)", () => {
  it("answers bad JSON, binary frames and unknown commands with an error and stays up", async () => {
    const { ws } = await tryOpen();
    const replies: { code: number; msg?: string }[] = [];
    const all = new Promise<void>((r) =>
      ws.on("message", (d) => {
        replies.push(JSON.parse(String(d)));
        if (replies.length === 4) r();
      }),
    );
    ws.send("{not json");
    ws.send(Buffer.from([0, 1, 2, 255]), { binary: true });
    ws.send(JSON.stringify({ cmd: "formatDisk", id: 7 }));
    ws.send("null");
    await all;
    expect(replies.map((r) => [r.code, r.msg])).toEqual(Array(4).fill([500, "Unknown or malformed request"]));
    ws.close();
    await stillServing();
  });

  it("refuses connections past MAX_CLIENTS with 503 and serves again once they close", async () => {
    const opened = await Promise.all(Array.from({ length: MAX_CLIENTS + 8 }, () => tryOpen()));
    const statuses = opened.map((o) => o.status);
    expect(statuses.filter((s) => s === "open").length).toBeLessThanOrEqual(MAX_CLIENTS);
    expect(statuses).toContain(503);
    await Promise.all(
      opened
        .filter((o) => o.status === "open")
        .map(
          (o) =>
            new Promise<void>((r) => {
              o.ws.once("close", () => r());
              o.ws.close();
            }),
        ),
    );
    await stillServing();
  });

  it("pairing sockets of foreign pages cannot starve the app: capped per origin and in total, apart from the main ones", async () => {
    const closeAll = (list: { status: number | "open"; ws: WebSocket }[]) =>
      Promise.all(
        list
          .filter((o) => o.status === "open")
          .map(
            (o) =>
              new Promise<void>((r) => {
                o.ws.once("close", () => r());
                o.ws.close();
              }),
          ),
      );
    // one page opens as many /pair sockets as it can
    const one = await Promise.all(
      Array.from({ length: MAX_CLIENTS }, () => tryOpen("https://evil.example", PAIR_PATH)),
    );
    expect(one.filter((o) => o.status === "open")).toHaveLength(MAX_PAIR_PER_ORIGIN);
    expect(one.filter((o) => o.status === 503)).toHaveLength(MAX_CLIENTS - MAX_PAIR_PER_ORIGIN);
    // many subdomains (one attacker owns them all) fill the pairing slots, never more
    const many = await Promise.all(
      Array.from({ length: MAX_CLIENTS }, (_, i) => tryOpen(`https://s${i}.evil.example`, PAIR_PATH)),
    );
    expect(many.filter((o) => o.status === "open")).toHaveLength(MAX_PAIR_CLIENTS - MAX_PAIR_PER_ORIGIN);
    // the app's own origin still gets its main socket and a pairing socket; so does a local program
    for (const [origin, path] of [
      [APP, ""],
      [APP, PAIR_PATH],
      [undefined, ""],
      [undefined, PAIR_PATH],
    ] as const) {
      const r = await tryOpen(origin, path);
      expect(r.status, `${origin} ${path}`).toBe("open");
      await closeAll([r]);
    }
    const app = await connect(assistant.port, { origin: APP });
    expect((await app.request({ cmd: "getComputerPrinters" })).code).toBe(200);
    app.close();
    await closeAll([...one, ...many]);
    // once they close, their slots are free again
    await until(async () => {
      const again = await tryOpen("https://later.evil.example", PAIR_PATH);
      await closeAll([again]);
      return again.status === "open";
    });
  });

  it("answers a flood of requests on one connection, past MAX_PENDING with 'busy'", async () => {
    // a CUPS listing that hangs until released keeps the first requests pending
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const slow = await startAssistant(
      { host: "127.0.0.1", port: 0, cups: true, origins: [], printers: [] },
      { listCups: () => gate.then(() => ["Office"]) },
    );
    const ws = new WebSocket(`ws://127.0.0.1:${slow.port}`);
    await new Promise((r) => ws.once("open", r));
    const n = MAX_PENDING * 4;
    const replies: { code: number; id?: number }[] = [];
    let busy: () => void = () => {};
    const busyAll = new Promise<void>((r) => (busy = r));
    const all = new Promise<void>((r) =>
      ws.on("message", (d) => {
        replies.push(JSON.parse(String(d)));
        if (replies.length === n - MAX_PENDING) busy();
        if (replies.length === n) r();
      }),
    );
    for (let i = 0; i < n; i++) ws.send(JSON.stringify({ cmd: "getComputerPrinters", id: i }));
    await busyAll;
    expect(replies.every((r) => r.code === 429)).toBe(true);
    release();
    await all;
    expect(replies.filter((r) => r.code === 200).map((r) => r.id)).toEqual(
      Array.from({ length: MAX_PENDING }, (_, i) => i),
    );
    ws.close();
    await slow.close();
    await stillServing();
  });
});
