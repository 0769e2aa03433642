// The web app sites the assistant trusts (issue 33 follow-up): its user sees and forgets them at its
// prompt (`sites`, `forget <site>`), with --list-sites / --forget-site, and a trusted app's My
// printer page asks for them (listSites, forgetSite); a forgotten site's open connection may not go
// on printing. Idle pairing connections are cut after PAIR_IDLE_MS (timers fired by hand).
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { loadConfig } from "../../src/assistant/config";
import {
  MAX_PAIR_PER_ORIGIN,
  PAIR_IDLE_MS,
  PAIR_PATH,
  type RunningAssistant,
  startAssistant,
} from "../../src/assistant/server";
import { siteCommand } from "../../src/assistant/sites";
import { startTerminal } from "../../src/assistant/terminal";
import { connect } from "./support/client";

const APP = "https://labels.example.com";
const SHOP = "http://shop.example:8080";
const dir = mkdtempSync(join(tmpdir(), "inkless-sites-"));
const file = join(dir, "assistant.json");
const env = { INKLESS_ASSISTANT_CONFIG: file, INKLESS_ASSISTANT_ORIGINS: "" };
const origins = () => JSON.parse(readFileSync(file, "utf8")).origins;
/** timers started by the server, fired by the test */
let timers: { fire: () => void; ms: number; live: boolean }[] = [];
let assistant: RunningAssistant;

beforeEach(async () => {
  writeFileSync(file, JSON.stringify({ cups: false, origins: [APP, SHOP], note: "kept" }));
  timers = [];
  assistant = await startAssistant(
    { ...loadConfig(env), port: 0 },
    {
      settingsFile: file,
      listCups: async () => [],
      setTimer: (fire, ms) => {
        const t = { fire, ms, live: true };
        timers.push(t);
        return () => {
          t.live = false;
        };
      },
    },
  );
});
afterEach(() => assistant.close());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The HTTP status of opening the main socket from a page of `origin`. */
function upgradeStatus(origin: string): Promise<number | "open"> {
  const ws = new WebSocket(`ws://127.0.0.1:${assistant.port}`, { origin });
  return new Promise((resolve) => {
    ws.once("open", () => {
      ws.close();
      resolve("open");
    });
    ws.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
    ws.once("error", () => undefined);
  });
}

describe("trusted sites from the app's My printer page", () => {
  it("lists them for a trusted site only; forgetting one writes the settings file and closes that site's connections", async () => {
    // an untrusted page cannot ask: refused at the main socket, and /pair knows no such commands
    expect(await upgradeStatus("https://evil.example")).toBe(403);
    const pair = await connect(assistant.port, { origin: "https://evil.example", path: PAIR_PATH });
    expect((await pair.request({ cmd: "listSites" })).code).toBe(400);
    expect((await pair.request({ cmd: "forgetSite", site: APP })).code).toBe(400);
    pair.close();
    const app = await connect(assistant.port, { origin: APP });
    const shop = new WebSocket(`ws://127.0.0.1:${assistant.port}`, { origin: SHOP });
    const shopClosed = new Promise<number>((r) => shop.once("close", (code) => r(code)));
    await new Promise<void>((r) => shop.once("open", () => r()));
    expect((await app.request({ cmd: "listSites" })).data).toEqual([APP, SHOP]);
    const r = await app.request({ cmd: "forgetSite", site: `${SHOP}/` });
    expect(r).toMatchObject({ code: 200, data: [APP] });
    expect(origins()).toEqual([APP]);
    expect(JSON.parse(readFileSync(file, "utf8")).note).toBe("kept");
    // the forgotten site's connection, open since before, is closed; a new one is refused
    expect(await shopClosed).toBe(1000);
    expect(await upgradeStatus(SHOP)).toBe(403);
    // forgetting itself: the answer arrives, then its own connection closes
    const self = await app.request({ cmd: "forgetSite", site: APP, lang: "es" });
    expect(self).toMatchObject({ code: 200, data: [] });
    app.close();
  });

  it("an unknown or malformed site is a translated error and changes nothing", async () => {
    const app = await connect(assistant.port, { origin: APP });
    for (const site of ["https://nobody.example", "not a site", 42]) {
      const r = await app.request({ cmd: "forgetSite", site, lang: "pt" });
      expect(r.code).toBe(500);
      expect(r.msg).toMatch(/não está entre os autorizados/);
    }
    expect(origins()).toEqual([APP, SHOP]);
    app.close();
  });
});

describe("trusted sites at the assistant's prompt", () => {
  it("`sites` lists, `forget <site>` removes; other lines show help; Enter and y/N answers are untouched", async () => {
    const input = new PassThrough();
    const said: string[] = [];
    const idle: string[] = [];
    const terminal = startTerminal(input, new PassThrough(), (line) => {
      idle.push(line);
      said.push(siteCommand(assistant.store, line));
    });
    const next = () => new Promise<void>((r) => setImmediate(r));
    input.write("sites\n");
    await next();
    expect(said.at(-1)).toBe(`Web app sites allowed to print:\n  ${APP}\n  ${SHOP}`);
    input.write("  FORGET   http://SHOP.example:8080/  \n");
    await next();
    expect(said.at(-1)).toMatch(/^Forgotten: http:\/\/shop\.example:8080 may no longer print/);
    expect(origins()).toEqual([APP]);
    input.write("forget https://nobody.example\n");
    await next();
    expect(said.at(-1)).toBe("This site is not among those allowed to print: https://nobody.example");
    input.write("forget\n");
    await next();
    expect(said.at(-1)).toMatch(/^Usage: forget <site>/);
    input.write("what\n");
    await next();
    expect(said.at(-1)).toMatch(/^Commands: `sites`/);
    // Enter alone: nothing to say (the caller unlocks pairing)
    input.write("\n");
    await next();
    expect(said.at(-1)).toBe("");
    // while a question is open, the next line answers it and is no command
    const answer = terminal.confirm("https://new.example");
    input.write("sites\n");
    expect(await answer).toBe(false);
    const yes = terminal.confirm("https://new.example");
    input.write("y\n");
    expect(await yes).toBe(true);
    expect(idle).toEqual([
      "sites",
      "  FORGET   http://SHOP.example:8080/  ",
      "forget https://nobody.example",
      "forget",
      "what",
      "",
    ]);
    terminal.close();
  });
});

describe("trusted sites from the command line", () => {
  const run = (...args: string[]) =>
    promisify(execFile)("node_modules/.bin/tsx", ["src/assistant/main.ts", ...args], {
      env: { PATH: process.env.PATH, ...env },
    });

  it("--list-sites prints them and --forget-site removes one, without starting the assistant", async () => {
    expect((await run("--list-sites")).stdout).toContain(`  ${APP}\n  ${SHOP}`);
    expect((await run("--forget-site", APP)).stdout).toMatch(/^Forgotten: https:\/\/labels\.example\.com/);
    expect(origins()).toEqual([SHOP]);
    const bad = await run("--forget-site", "https://nobody.example").catch((e) => e);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/not among those allowed to print: https:\/\/nobody\.example/);
    expect(origins()).toEqual([SHOP]);
    // three runs of tsx: generous on a busy machine
  }, 240_000);
});

/** Opens a pairing connection: whether it was let in, and when it closes. */
async function open(origin: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${assistant.port}${PAIR_PATH}`, { origin });
  const closed = new Promise<void>((r) => ws.once("close", () => r()));
  ws.on("error", () => undefined);
  const ok = await new Promise<boolean>((r) => {
    ws.once("open", () => r(true));
    ws.once("unexpected-response", () => r(false));
  });
  return { ws, ok, closed };
}

describe("idle pairing connections", () => {
  it("are cut after PAIR_IDLE_MS with no message, freeing their slot; each message restarts the wait", async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${assistant.port}${PAIR_PATH}`, {
      origin: "https://a.evil.example",
    });
    const closed = new Promise<void>((r) => ws.once("close", () => r()));
    await new Promise<void>((r) => ws.once("open", () => r()));
    const live = () => timers.filter((t) => t.live);
    expect(live().map((t) => t.ms)).toEqual([PAIR_IDLE_MS]);
    const first = live()[0];
    // a message and its answer: the wait starts again (the old timer is cancelled)
    ws.send(JSON.stringify({ cmd: "status", id: 1 }));
    await new Promise<void>((r) => ws.once("message", () => r()));
    expect(first.live).toBe(false);
    expect(live()).toHaveLength(1);
    live()[0].fire();
    await closed;
    expect(ws.readyState).toBe(WebSocket.CLOSED);
    // the per-origin slots held by idle pages are free again once they are cut
    const holders = await Promise.all(
      Array.from({ length: MAX_PAIR_PER_ORIGIN }, () => open("https://b.evil.example")),
    );
    expect(holders.every((h) => h.ok)).toBe(true);
    expect((await open("https://b.evil.example")).ok).toBe(false);
    for (const t of live()) t.fire();
    await Promise.all(holders.map((h) => h.closed));
    const again = await open("https://b.evil.example");
    expect(again.ok).toBe(true);
    again.ws.close();
    // main (trusted) connections have no idle timer
    const app = await connect(assistant.port, { origin: APP });
    expect((await app.request({ cmd: "listSites" })).code).toBe(200);
    expect(live()).toHaveLength(0);
    app.close();
  });
});
