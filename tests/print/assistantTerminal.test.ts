// `npm run assistant` in a terminal (`script` gives it one), as its user runs it: a page guessing
// codes locks pairing; Enter in the terminal lifts the lock and shows a new code; the app's page
// types it and the person answers y to "<origin> asks to print: allow? [y/N]" (issue 33 item 1).
// Real time here: the guesser waits only as long as the assistant tells it to (about 10 s in all).
// Then the same program on a Russian computer (LANG only) speaks Russian in its window.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_WRONG_GUESSES } from "../../src/assistant/pairing";
import { PAIR_PATH } from "../../src/assistant/server";
import { translate } from "../../src/i18n/messages";
import { connect } from "./support/client";

const APP = "https://labels.example.com";
const dir = mkdtempSync(join(tmpdir(), "inkless-terminal-"));
const settings = join(dir, "assistant.json");
let child: ChildProcess;
let out = "";
let port = 0;

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", () => r()));
  const p = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return p;
}

/** Resolves once the terminal shows text matching `re` after position `from`. */
async function shown(re: RegExp, from = 0): Promise<RegExpMatchArray> {
  for (;;) {
    const m = out.slice(from).match(re);
    if (m) return m;
    await new Promise<void>((r) => child.stdout?.once("data", () => r()));
  }
}

const codesShown = () => [...out.matchAll(/Pairing code: ([A-Z0-9]{4}-[A-Z0-9]{4})/g)].map((m) => m[1]);

beforeAll(async () => {
  port = await freePort();
  writeFileSync(settings, JSON.stringify({ cups: false, origins: [] }));
  child = spawn("script", ["-qfec", "node_modules/.bin/tsx src/assistant/main.ts", "/dev/null"], {
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      INKLESS_ASSISTANT_CONFIG: settings,
      INKLESS_ASSISTANT_PORT: String(port),
      INKLESS_LANG: "en",
    },
  });
  child.stdout?.on("data", (d) => {
    out += String(d);
  });
  await shown(/listening on/);
}, 60_000);

afterAll(async () => {
  // the assistant ends with its terminal (SIGHUP when `script` goes)
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once("exit", r));
    child.kill();
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

describe("the assistant in a terminal", () => {
  it("locks pairing after too many wrong codes; Enter lifts it; the app pairs once the person answers y", async () => {
    expect(out).not.toMatch(/pairing: off/);
    // a page guessing from many origins, waiting exactly as long as it is told to
    let locked = false;
    for (let i = 0; !locked; i++) {
      const c = await connect(port, { origin: `https://g${i}.evil.example`, path: PAIR_PATH });
      for (;;) {
        const r = await c.request({ cmd: "pair", code: "22222222" });
        if (r.code === 429) {
          const ms = (r.data as { retryAfterMs: number }).retryAfterMs;
          await new Promise((res) => setTimeout(res, ms));
          continue;
        }
        expect([403, 423]).toContain(r.code);
        locked = r.code === 423;
        break;
      }
      c.close();
      expect(i).toBeLessThan(MAX_WRONG_GUESSES);
    }
    await shown(/Pairing locked: too many wrong codes were tried\. Press Enter here/);
    const before = codesShown().length;
    const mark = out.length;
    child.stdin?.write("\n");
    await shown(/Pairing code: /, mark);
    expect(codesShown()).toHaveLength(before + 1);

    const app = await connect(port, { origin: APP, path: PAIR_PATH });
    const reply = app.request({ cmd: "pair", code: codesShown().at(-1) });
    await shown(new RegExp(`${APP.replace(/\./g, "\\.")} asks to print: allow\\? \\[y/N\\]`), mark);
    child.stdin?.write("y\n");
    expect((await reply).code).toBe(200);
    app.close();
    expect(JSON.parse(readFileSync(settings, "utf8")).origins).toEqual([APP]);
  }, 90_000);
});

describe("the assistant's window in the computer's language", () => {
  it("shows its start lines, the pairing code and the question in Russian when LANG says so", async () => {
    const ruDir = mkdtempSync(join(tmpdir(), "inkless-terminal-ru-"));
    const ruSettings = join(ruDir, "assistant.json");
    writeFileSync(ruSettings, JSON.stringify({ cups: false, origins: [] }));
    const ruPort = await freePort();
    const ru = spawn("script", ["-qfec", "node_modules/.bin/tsx src/assistant/main.ts", "/dev/null"], {
      env: {
        PATH: process.env.PATH,
        HOME: ruDir,
        LANG: "ru_RU.UTF-8",
        INKLESS_ASSISTANT_CONFIG: ruSettings,
        INKLESS_ASSISTANT_PORT: String(ruPort),
      },
    });
    let said = "";
    const saw = async (text: string) => {
      while (!said.includes(text)) await new Promise<void>((r) => ru.stdout?.once("data", () => r()));
    };
    ru.stdout?.on("data", (d) => {
      said += String(d);
    });
    try {
      await saw(translate("assistant.console.listening", { address: `ws://127.0.0.1:${ruPort}` }, "ru"));
      await saw(translate("assistant.console.noneYet", {}, "ru"));
      const code = /Код сопряжения: ([A-Z0-9]{4}-[A-Z0-9]{4})/;
      while (!code.test(said)) await new Promise<void>((r) => ru.stdout?.once("data", () => r()));
      expect(said).not.toContain("Pairing code");
      const app = await connect(ruPort, { origin: APP, path: PAIR_PATH });
      const reply = app.request({ cmd: "pair", code: said.match(code)?.[1] });
      await saw(`${APP} просит разрешения печатать: разрешить? [y/N]`);
      ru.stdin?.write("y\n");
      expect((await reply).code).toBe(200);
      app.close();
    } finally {
      const exited = new Promise((r) => ru.once("exit", r));
      ru.kill();
      await exited;
      rmSync(ruDir, { recursive: true, force: true });
    }
  }, 90_000);
});
