// A page left open guessing pairing codes, or knocking on the main socket, must not fill the
// assistant's terminal and disk: its refusals are written once per window per kind, with a count.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { loadConfig } from "../../src/assistant/config";
import { LOG_WINDOW_MS, throttledLog } from "../../src/assistant/logThrottle";
import { PAIR_PATH, type RunningAssistant, startAssistant } from "../../src/assistant/server";

describe("throttledLog", () => {
  it("writes a kind once per window and counts what it held back", () => {
    let now = 0;
    const lines: string[] = [];
    const say = throttledLog(
      (l) => lines.push(l),
      () => now,
      1000,
    );
    for (let i = 0; i < 500; i++) say("a", "wrong code from a");
    say("b", "wrong code from b");
    now = 1000;
    say("a", "wrong code from a");
    say("a", "wrong code from a");
    now = 2500;
    say("a", "wrong code from a");
    expect(lines).toEqual([
      "wrong code from a",
      "wrong code from b",
      "wrong code from a (and 499 more like it since the last such line)",
      "wrong code from a (and 1 more like it since the last such line)",
    ]);
  });
});

describe("a flood of refused pairing attempts", () => {
  const dir = mkdtempSync(join(tmpdir(), "inkless-logflood-"));
  const file = join(dir, "assistant.json");
  const lines: string[] = [];
  const clock = 5_000_000;
  let assistant: RunningAssistant;

  beforeAll(async () => {
    writeFileSync(file, JSON.stringify({ cups: false, origins: [] }));
    assistant = await startAssistant(
      loadConfig({ INKLESS_ASSISTANT_CONFIG: file, INKLESS_ASSISTANT_PORT: "0" }),
      {
        settingsFile: file,
        listCups: async () => [],
        log: (l) => lines.push(l),
        showPairCode: () => undefined,
        now: () => clock, // the clock stands still: every attempt falls in one window
        confirmPairing: async () => true,
      },
    );
  });
  afterAll(async () => {
    await assistant?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("400 wrong codes and 40 refused connections write a handful of lines", async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${assistant.port}${PAIR_PATH}`, {
      origin: "https://evil.example",
    });
    await new Promise((resolve, reject) => {
      ws.once("open", resolve);
      ws.once("error", reject);
    });
    const answers: number[] = [];
    for (let i = 0; i < 400; i++) {
      const reply = new Promise<{ code: number }>((resolve) =>
        ws.once("message", (m) => resolve(JSON.parse(String(m)))),
      );
      ws.send(JSON.stringify({ cmd: "pair", id: i, code: "22222222" }));
      answers.push((await reply).code);
    }
    ws.close();
    // every attempt was answered (refused: a wrong code, then wait, then locked) ...
    expect(answers).toHaveLength(400);
    expect(answers.every((c) => c !== 200)).toBe(true);
    expect(new Set(answers).size).toBeGreaterThan(1);
    for (let i = 0; i < 40; i++) {
      await new Promise<void>((resolve) => {
        const c = new WebSocket(`ws://127.0.0.1:${assistant.port}/`, { origin: "https://evil.example" });
        c.once("unexpected-response", () => resolve());
        c.once("error", () => resolve());
      });
    }
    // ... but the log has one line per kind of answer, not one per attempt
    const pairLines = lines.filter((l) => l.startsWith("pair →"));
    const refused = lines.filter((l) => l.startsWith("refused a connection"));
    expect(pairLines.length).toBeGreaterThan(0);
    expect(pairLines.length).toBeLessThanOrEqual(new Set(answers).size);
    expect(refused).toHaveLength(1);
    expect(LOG_WINDOW_MS).toBeGreaterThanOrEqual(1000);
  });
});
