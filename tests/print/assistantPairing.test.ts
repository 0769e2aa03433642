// Pairing a web page with the print assistant: an unpaired origin is refused (403) on the main
// socket and may only ask and pair on /pair; the right code (shown by the assistant) makes the
// origin trusted and written to the settings file; wrong codes wear the code out.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { loadConfig } from "../../src/assistant/config";
import { MAX_PAIR_FAILURES, PAIR_CODE_DIGITS, Pairing } from "../../src/assistant/pairing";
import { PAIR_PATH, type RunningAssistant, startAssistant } from "../../src/assistant/server";
import { connect } from "./support/client";

const APP = "http://labels.example.com:8080";
const OTHER = "https://evil.example";
const dir = mkdtempSync(join(tmpdir(), "inkless-pairing-"));
const file = join(dir, "assistant.json");
const codes: string[] = [];
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

beforeAll(async () => {
  writeFileSync(file, JSON.stringify({ cups: false, origins: [], note: "kept" }));
  assistant = await startAssistant(
    loadConfig({ INKLESS_ASSISTANT_CONFIG: file, INKLESS_ASSISTANT_PORT: "0" }),
    {
      settingsFile: file,
      listCups: async () => [],
      showPairCode: (c) => codes.push(c),
    },
  );
});

afterAll(async () => {
  await assistant?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("pairing codes", () => {
  it("are 6 digits, single-use, and renewed after too many wrong guesses", () => {
    const shown: string[] = [];
    const p = new Pairing((c) => shown.push(c));
    expect(p.code).toMatch(new RegExp(`^\\d{${PAIR_CODE_DIGITS}}$`));
    const first = p.code;
    for (let i = 0; i < MAX_PAIR_FAILURES - 1; i++) expect(p.attempt("x")).toBe(false);
    expect(p.code).toBe(first);
    expect(p.attempt(`${first}0`)).toBe(false);
    expect(shown).toHaveLength(2); // a fresh code was drawn and shown
    const second = p.code;
    expect(p.attempt(` ${second.slice(0, 3)} ${second.slice(3)} `)).toBe(true);
    expect(p.code).not.toBe(second);
    expect(p.attempt(second)).toBe(false);
    expect(shown).toEqual([first, second, p.code]);
  });
});

describe("pairing a web page", () => {
  it("refuses an unpaired origin on the main socket, lets it ask and pair on /pair", async () => {
    expect(await status("/", APP)).toBe(403);
    expect(await status(PAIR_PATH, APP)).toBe("open");
    // only real web pages pair: "null" (a sandboxed frame, a file) is not an origin to trust
    expect(await status(PAIR_PATH, "null")).toBe(403);

    const c = await connect(assistant.port, { origin: APP, path: PAIR_PATH });
    expect((await c.request({ cmd: "status" })).data).toEqual({ paired: false });
    // the pairing socket does nothing else
    expect((await c.request({ cmd: "getComputerPrinters" })).code).toBe(400);
    const wrong = await c.request({ cmd: "pair", code: "000000" === codes.at(-1) ? "111111" : "000000" });
    expect(wrong.code).toBe(403);
    expect(wrong.msg).toMatch(/Wrong pairing code/);
    expect(await status("/", APP)).toBe(403);

    const ok = await c.request({ cmd: "pair", code: codes.at(-1) });
    expect(ok.code).toBe(200);
    expect((await c.request({ cmd: "status" })).data).toEqual({ paired: true });
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
      },
    );
    try {
      const p = await connect(bad.port, { origin: APP, path: PAIR_PATH });
      const r = await p.request({ cmd: "pair", code: bad.pairing.code });
      expect(r.code).toBe(500);
      expect(r.msg).toMatch(/could not write its settings file/);
      expect((await p.request({ cmd: "status" })).data).toEqual({ paired: false });
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
