// Pairing a web page with the print assistant: an unpaired origin is refused (403) on the main
// socket and may only ask and pair on /pair; the right code (shown by the assistant) and a yes from
// the person at the assistant make the origin trusted and written to the settings file. Guessing is
// slowed per origin and in total, capped by a lock-out only the person at the assistant lifts, and
// codes expire (issue 33 item 1). Clocks are simulated: minutes pass in milliseconds.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { loadConfig } from "../../src/assistant/config";
import {
  MAX_WRONG_GUESSES,
  PAIR_BACKOFF_MS,
  PAIR_CODE_TTL_MS,
  PAIR_GAP_MS,
  Pairing,
} from "../../src/assistant/pairing";
import { PAIR_PATH, type RunningAssistant, startAssistant } from "../../src/assistant/server";
import { startTerminal } from "../../src/assistant/terminal";
import { serializeTprt } from "../../src/model/file/index";
import {
  formatPairCode,
  normalPairCode,
  PAIR_CODE_ALPHABET,
  PAIR_CODE_LENGTH,
  typedPairCode,
} from "../../src/print/protocol/pairCode";
import { connect } from "./support/client";
import { startFakePrinter } from "./support/fakePrinter";
import { printLabel } from "./support/label";

const APP = "http://labels.example.com:8080";
const OTHER = "https://evil.example";
const CODE_RE = new RegExp(`^[${PAIR_CODE_ALPHABET}]{${PAIR_CODE_LENGTH}}$`);
const dir = mkdtempSync(join(tmpdir(), "inkless-pairing-"));
const file = join(dir, "assistant.json");
const codes: string[] = [];
const asked: string[] = [];
let clock = 1_000_000;
let assistant: RunningAssistant;

function status(path: string, origin?: string): Promise<number | "open"> {
  const ws = new WebSocket(`ws://127.0.0.1:${assistant.port}${path}`, origin ? { origin } : {});
  return new Promise((resolve) => {
    ws.once("open", () => {
      ws.close();
      resolve("open");
    });
    ws.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
    ws.once("error", () => undefined);
  });
}

/** A code that is not `code` (a wrong guess). */
const otherThan = (code: string | undefined) => (code === "22222222" ? "33333333" : "22222222");

beforeAll(async () => {
  writeFileSync(file, JSON.stringify({ cups: false, origins: [], note: "kept" }));
  assistant = await startAssistant(
    loadConfig({ INKLESS_ASSISTANT_CONFIG: file, INKLESS_ASSISTANT_PORT: "0" }),
    {
      settingsFile: file,
      listCups: async () => [],
      showPairCode: (c) => codes.push(c),
      now: () => clock,
      confirmPairing: async (origin) => {
        asked.push(origin);
        return true;
      },
    },
  );
});

afterAll(async () => {
  await assistant?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("pairing codes", () => {
  it("are 8 symbols of a 31-letter alphabet, single-use, and typed in any case with dashes or spaces", () => {
    let now = 0;
    const shown: string[] = [];
    const p = new Pairing({ show: (c) => shown.push(c), now: () => now });
    expect(p.code).toMatch(CODE_RE);
    expect(PAIR_CODE_ALPHABET).toHaveLength(31);
    expect(PAIR_CODE_ALPHABET).not.toMatch(/[01ILO]/);
    const first = p.code;
    expect(formatPairCode(first)).toBe(`${first.slice(0, 4)}-${first.slice(4)}`);
    expect(normalPairCode(` ${formatPairCode(first).toLowerCase()} `)).toBe(first);
    // the app's field: a pasted code with spaces keeps all its symbols; typing stops at its length
    expect(typedPairCode(` ${formatPairCode(first).toLowerCase()} `)).toBe(formatPairCode(first));
    expect(typedPairCode("abcde")).toBe("ABCD-E");
    expect(typedPairCode("ABCD-EFGH2")).toBe("ABCD-EFGH");
    expect(p.check("https://a.example", formatPairCode(first).toLowerCase())).toEqual({ ok: true });
    expect(p.code).not.toBe(first);
    now += PAIR_GAP_MS;
    expect(p.check("https://a.example", first)).toEqual({ ok: false, reason: "wrong" });
    expect(shown).toEqual([first, p.code]);
  });

  it("expire after PAIR_CODE_TTL_MS: the old one no longer pairs, a new one is shown", () => {
    let now = 0;
    const shown: string[] = [];
    const p = new Pairing({ show: (c) => shown.push(c), now: () => now });
    const first = p.code;
    now += PAIR_CODE_TTL_MS - 1;
    expect(p.code).toBe(first);
    now += 1;
    p.expire();
    expect(shown).toHaveLength(2);
    expect(p.check("https://app.example", first)).toEqual({ ok: false, reason: "wrong" });
    now += PAIR_BACKOFF_MS;
    expect(p.check("https://app.example", shown[1])).toEqual({ ok: true });
  });

  it("make each origin wait longer after each wrong code, and everyone a moment after any wrong code", () => {
    let now = 0;
    const p = new Pairing({ now: () => now });
    expect(p.check("https://a.example", "x")).toEqual({ ok: false, reason: "wrong" });
    // the same origin waits PAIR_BACKOFF_MS, any other PAIR_GAP_MS; a refused try is not a guess
    expect(p.check("https://a.example", p.code)).toEqual({
      ok: false,
      reason: "wait",
      retryAfterMs: PAIR_BACKOFF_MS,
    });
    expect(p.check("https://b.example", "x")).toEqual({
      ok: false,
      reason: "wait",
      retryAfterMs: PAIR_GAP_MS,
    });
    now += PAIR_BACKOFF_MS;
    expect(p.check("https://a.example", "x")).toEqual({ ok: false, reason: "wrong" });
    expect(p.check("https://a.example", "x")).toEqual({
      ok: false,
      reason: "wait",
      retryAfterMs: 2 * PAIR_BACKOFF_MS,
    });
  });
});

describe("the person at the assistant", () => {
  it("answers in its terminal: y allows, anything else refuses; a line with no question asked is handed on", async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let idle = 0;
    const term = startTerminal(input, output, () => idle++);
    const shown: string[] = [];
    output.on("data", (d) => shown.push(String(d)));
    const yes = term.confirm(APP);
    input.write("y\n");
    expect(await yes).toBe(true);
    expect(shown.join("")).toContain(`${APP} asks to print: allow? [y/N]`);
    const no = term.confirm(OTHER);
    input.write("\n");
    expect(await no).toBe(false);
    const maybe = term.confirm(OTHER);
    input.write("yes please\n");
    expect(await maybe).toBe(false);
    input.write("\n");
    await new Promise((r) => setImmediate(r));
    expect(idle).toBe(1);
    // a terminal that closes with a question open: no
    const left = term.confirm(OTHER);
    input.end();
    expect(await left).toBe(false);
    term.close();
  });
});

describe("pairing a web page", () => {
  it("refuses an unpaired origin on the main socket, lets it ask and pair on /pair once allowed", async () => {
    expect(await status("/", APP)).toBe(403);
    expect(await status(PAIR_PATH, APP)).toBe("open");
    // only real web pages pair: "null" (a sandboxed frame, a file) is not an origin to trust
    expect(await status(PAIR_PATH, "null")).toBe(403);

    const c = await connect(assistant.port, { origin: APP, path: PAIR_PATH });
    expect((await c.request({ cmd: "status" })).data).toEqual({ paired: false, confirm: true });
    // the pairing socket does nothing else
    expect((await c.request({ cmd: "getComputerPrinters" })).code).toBe(400);
    const wrong = await c.request({ cmd: "pair", code: otherThan(codes.at(-1)) });
    expect(wrong.code).toBe(403);
    expect(wrong.msg).toMatch(/Wrong pairing code/);
    expect(await status("/", APP)).toBe(403);
    // right away, even the right code must wait
    const early = await c.request({ cmd: "pair", code: codes.at(-1) });
    expect(early).toMatchObject({ code: 429, data: { retryAfterMs: PAIR_BACKOFF_MS } });
    expect(early.msg).toBe(`Too many tries: wait ${PAIR_BACKOFF_MS / 1000} s, then type the code again`);
    expect(asked).toEqual([]);

    clock += PAIR_BACKOFF_MS;
    const ok = await c.request({ cmd: "pair", code: formatPairCode(codes.at(-1) ?? "") });
    expect(ok.code).toBe(200);
    expect(asked).toEqual([APP]);
    expect((await c.request({ cmd: "status" })).data).toEqual({ paired: true, confirm: true });
    c.close();

    // trusted now, and written to the settings file (the rest of the file kept)
    const main = await connect(assistant.port, { origin: APP });
    expect((await main.request({ cmd: "getComputerPrinters" })).code).toBe(200);
    main.close();
    const saved = JSON.parse(readFileSync(file, "utf8"));
    expect(saved.origins).toEqual([APP]);
    expect(saved.note).toBe("kept");
    expect(loadConfig({ INKLESS_ASSISTANT_CONFIG: file }).origins).toEqual([APP]);

    // another site is still refused, and the used code does not pair it
    expect(await status("/", OTHER)).toBe(403);
    const o = await connect(assistant.port, { origin: OTHER, path: PAIR_PATH });
    expect((await o.request({ cmd: "pair", code: codes.at(-2) })).code).toBe(403);
    o.close();
    expect(await status("/", OTHER)).toBe(403);
    expect(asked).toEqual([APP]);
  });
});

/** An assistant with a simulated clock, a fake printer and a confirmer the test answers. */
async function rig(
  confirm: ((origin: string) => Promise<boolean>) | null = async () => true,
  pairByCode = false,
) {
  const printer = await startFakePrinter();
  const rigCodes: string[] = [];
  const rigAsked: string[] = [];
  const time = { now: 0 };
  const a = await startAssistant(
    {
      host: "127.0.0.1",
      port: 0,
      cups: false,
      origins: [],
      printers: [{ name: "Shelf", host: "127.0.0.1", port: printer.port, language: "TSPL", dpi: 203 }],
    },
    {
      listCups: async () => [],
      showPairCode: (c) => rigCodes.push(c),
      now: () => time.now,
      pairByCode,
      confirmPairing:
        confirm &&
        ((origin) => {
          rigAsked.push(origin);
          return confirm(origin);
        }),
    },
  );
  return {
    a,
    printer,
    codes: rigCodes,
    asked: rigAsked,
    time,
    close: async () => {
      await a.close();
      await printer.close();
    },
  };
}

describe("a page left open guessing codes", () => {
  it("is never paired in 10 simulated minutes of guessing as fast as allowed from many origins; the app still pairs and prints", async () => {
    const r = await rig();
    try {
      // 4 foreign origins (one attacker can own any number of subdomains), each with its own socket
      const evil = ["a", "b", "c", "d"].map((s) => `https://${s}.evil.example`);
      let sockets = await Promise.all(evil.map((origin) => connect(r.a.port, { origin, path: PAIR_PATH })));
      const tally = { wrong: 0, wait: 0, locked: 0, other: 0, messages: 0 };
      const end = r.time.now + 10 * 60_000;
      let guess = 0;
      let reconnectAt = r.time.now + 60_000;
      while (r.time.now < end) {
        // one round: every origin guesses once (a fresh code each time); then the clock moves on to
        // the moment the earliest one may guess again (1 ms: a page's fastest pace, when nothing says wait)
        let soonest = Number.POSITIVE_INFINITY;
        for (const s of sockets) {
          const code = Array.from(
            { length: PAIR_CODE_LENGTH },
            (_, i) => PAIR_CODE_ALPHABET[(guess * 7 + i * 13) % PAIR_CODE_ALPHABET.length],
          ).join("");
          guess++;
          const reply = await s.request({ cmd: "pair", code });
          tally.messages++;
          if (reply.code === 403) tally.wrong++;
          else if (reply.code === 429) {
            tally.wait++;
            soonest = Math.min(soonest, (reply.data as { retryAfterMs: number }).retryAfterMs);
          } else if (reply.code === 423) {
            tally.locked++;
            soonest = Math.min(soonest, 10_000); // locked: nothing says when; try again every 10 s
          } else tally.other++;
          expect(tally.wrong).toBeLessThanOrEqual(MAX_WRONG_GUESSES);
        }
        r.time.now += Number.isFinite(soonest) ? soonest : 1;
        // a page may also reconnect: it changes nothing
        if (r.time.now >= reconnectAt) {
          for (const s of sockets) s.close();
          sockets = await Promise.all(evil.map((origin) => connect(r.a.port, { origin, path: PAIR_PATH })));
          reconnectAt = r.time.now + 60_000;
        }
      }
      for (const s of sockets) s.close();
      expect(tally.other).toBe(0);
      // the last of the MAX_WRONG_GUESSES wrong codes is answered "locked"
      expect(tally.wrong).toBe(MAX_WRONG_GUESSES - 1);
      expect(tally.locked).toBeGreaterThan(0);
      expect(r.asked).toEqual([]);
      expect(r.a.pairing.locked).toBe(true);
      for (const origin of evil) expect(r.a.store.isPaired(origin)).toBe(false);

      // the app: while locked even the right code is refused, with what to do
      const app = await connect(r.a.port, { origin: APP, path: PAIR_PATH });
      const refused = await app.request({ cmd: "pair", code: r.codes.at(-1) });
      expect(refused.code).toBe(423);
      expect(refused.msg).toMatch(/press Enter in the print assistant's window/);
      // the person at the assistant lifts it (Enter in its terminal): a new code is shown
      const before = r.codes.length;
      r.a.pairing.unlock();
      expect(r.codes).toHaveLength(before + 1);
      const ok = await app.request({ cmd: "pair", code: r.codes.at(-1) });
      expect(ok.code).toBe(200);
      expect(r.asked).toEqual([APP]);
      app.close();

      // and prints
      const main = await connect(r.a.port, { origin: APP });
      const job = r.printer.nextJob();
      const printed = await main.request({
        cmd: "outputPrintting",
        printer: "Shelf",
        xml: serializeTprt(printLabel()),
        copies: 1,
      });
      expect(printed).toMatchObject({ code: 200, data: { pages: 3 } });
      expect((await job).length).toBeGreaterThan(0);
      main.close();
    } finally {
      await r.close();
    }
  }, 120_000);
});

describe("confirmation at the assistant", () => {
  it("a no (or no answer) refuses the page even with the right code", async () => {
    const r = await rig(async () => false);
    try {
      const c = await connect(r.a.port, { origin: OTHER, path: PAIR_PATH });
      const reply = await c.request({ cmd: "pair", code: r.codes.at(-1) });
      expect(reply).toMatchObject({ code: 403, msg: "Pairing was refused at the print assistant" });
      expect(r.asked).toEqual([OTHER]);
      expect((await c.request({ cmd: "status" })).data).toEqual({ paired: false, confirm: true });
      c.close();
    } finally {
      await r.close();
    }
  });

  it("asks about one site at a time: another site with a code meanwhile is told to try again", async () => {
    let allow: (yes: boolean) => void = () => undefined;
    const r = await rig(() => new Promise<boolean>((res) => (allow = res)));
    try {
      const app = await connect(r.a.port, { origin: APP, path: PAIR_PATH });
      const first = r.codes.at(-1);
      const waiting = app.request({ cmd: "pair", code: first });
      await until(() => r.asked.length === 1);
      const other = await connect(r.a.port, { origin: OTHER, path: PAIR_PATH });
      // the code is not even looked at (not used up, no guess counted)
      expect((await other.request({ cmd: "pair", code: "x" })).code).toBe(409);
      allow(true);
      expect((await waiting).code).toBe(200);
      expect(r.a.store.isPaired(APP)).toBe(true);
      app.close();
      other.close();
    } finally {
      await r.close();
    }
  });

  it("--no-confirm: the pairing status says nobody is asked, and the code alone pairs", async () => {
    const r = await rig(async () => true, true);
    try {
      const c = await connect(r.a.port, { origin: APP, path: PAIR_PATH });
      expect((await c.request({ cmd: "status" })).data).toEqual({ paired: false, confirm: false });
      expect((await c.request({ cmd: "pair", code: r.codes.at(-1) })).code).toBe(200);
      expect((await c.request({ cmd: "status" })).data).toEqual({ paired: true, confirm: false });
      c.close();
    } finally {
      await r.close();
    }
  });

  it("without anyone to ask (a service started without --no-confirm), no page pairs and the code is kept", async () => {
    const r = await rig(null);
    try {
      const c = await connect(r.a.port, { origin: APP, path: PAIR_PATH });
      const reply = await c.request({ cmd: "pair", code: r.codes.at(-1) });
      expect(reply.code).toBe(403);
      expect(reply.msg).toMatch(/--no-confirm/);
      expect(r.codes).toHaveLength(1);
      expect(r.a.store.isPaired(APP)).toBe(false);
      c.close();
    } finally {
      await r.close();
    }
  });
});

describe("codes over the socket", () => {
  it("an expired code no longer pairs; the new one shown does", async () => {
    const r = await rig();
    try {
      const c = await connect(r.a.port, { origin: APP, path: PAIR_PATH });
      const old = r.codes.at(-1);
      r.time.now += PAIR_CODE_TTL_MS;
      expect((await c.request({ cmd: "pair", code: old })).code).toBe(403);
      expect(r.codes).toHaveLength(2);
      r.time.now += PAIR_BACKOFF_MS;
      expect((await c.request({ cmd: "pair", code: r.codes.at(-1) })).code).toBe(200);
      c.close();
    } finally {
      await r.close();
    }
  });

  it("after MAX_WRONG_GUESSES wrong codes pairing stays locked, whatever the time, until the person lifts it", async () => {
    const r = await rig();
    try {
      const c = await connect(r.a.port, { origin: APP, path: PAIR_PATH });
      for (let i = 0; i < MAX_WRONG_GUESSES; i++) {
        r.time.now += 24 * 3600_000; // far apart: only the count matters
        const reply = await c.request({ cmd: "pair", code: otherThan(r.a.pairing.code) });
        expect(reply.code).toBe(i < MAX_WRONG_GUESSES - 1 ? 403 : 423);
      }
      const shown = r.codes.length;
      r.time.now += 7 * 24 * 3600_000;
      expect(r.a.pairing.code).toBe("");
      expect((await c.request({ cmd: "pair", code: r.codes.at(-1) })).code).toBe(423);
      expect(r.codes).toHaveLength(shown); // no new code while locked
      r.a.pairing.unlock();
      expect(r.codes).toHaveLength(shown + 1);
      expect((await c.request({ cmd: "pair", code: r.codes.at(-1) })).code).toBe(200);
      c.close();
    } finally {
      await r.close();
    }
  });
});

describe("a settings file that cannot be written", () => {
  it("changes nothing: pairing and adding a printer answer why, and the assistant keeps serving", async () => {
    const blocker = join(dir, "not-a-folder");
    writeFileSync(blocker, "x");
    const bad = await startAssistant(
      { host: "127.0.0.1", port: 0, cups: false, origins: [], printers: [] },
      {
        settingsFile: join(blocker, "assistant.json"),
        listCups: async () => [],
        showPairCode: (c) => codes.push(c),
        confirmPairing: async () => true,
      },
    );
    try {
      const p = await connect(bad.port, { origin: APP, path: PAIR_PATH });
      const r = await p.request({ cmd: "pair", code: bad.pairing.code });
      expect(r.code).toBe(500);
      expect(r.msg).toMatch(/could not write its settings file/);
      expect((await p.request({ cmd: "status" })).data).toEqual({ paired: false, confirm: true });
      p.close();
      const local = await connect(bad.port);
      const add = await local.request({ cmd: "addPrinter", printer: { name: "X", host: "h" } });
      expect(add.msg).toMatch(/could not write its settings file/);
      expect((await local.request({ cmd: "getComputerPrinters" })).data).toEqual([]);
      local.close();
    } finally {
      await bad.close();
    }
  });
});

/** Waits until `cond` holds (checked on each turn of the event loop). */
async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setImmediate(r));
}
