// `label queue …` against a running print assistant: the list says each job's state and why it is
// paused in the user's language, resume/cancel/retry act on a job, dismiss and clear remove finished
// ones, and mistakes get one clear line.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningAssistant } from "../../../src/assistant/server";
import { BUILD_TIMEOUT_MS, buildLabel, LABEL } from "../../cli/support/builtLabel";
import { assistantWithPrinter } from "../support/assistantRig";
import { connect } from "../support/client";
import { type FakePrinter, startFakePrinter } from "../support/fakePrinter";
import { labelXml } from "./support";

// the built `label` program, as npm run label runs it (tests/cli/support/builtLabel.ts)
beforeAll(buildLabel, BUILD_TIMEOUT_MS);

let printer: FakePrinter;
let assistant: RunningAssistant;

beforeAll(async () => {
  printer = await startFakePrinter();
  assistant = await assistantWithPrinter(printer, "Dock", "ZPL", {
    queueDir: mkdtempSync(join(tmpdir(), "inkless-queue-cli-")),
    queuePollMs: 2,
    faultPollMs: 20,
  });
}, 30_000);

afterAll(async () => {
  await assistant?.close();
  await printer?.close();
});

function label(
  args: string[],
  lang = "en",
): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [LABEL, ...args], {
      env: { ...process.env, INKLESS_LANG: lang },
    });
    let stderr = "";
    let stdout = "";
    child.stderr.on("data", (c) => {
      stderr += c;
    });
    child.stdout.on("data", (c) => {
      stdout += c;
    });
    child.on("close", (code) => resolve({ code, stderr, stdout }));
  });
}

describe("label queue", () => {
  it("lists a paused job with its reason, resumes it, and says when it is printed", async () => {
    const at = String(assistant.port);
    expect((await label(["queue", "list", "--assistant", at])).stdout).toBe("The print queue is empty.\n");
    // 5 labels × 2 copies: pages and labels differ
    printer.state.paperOutAt = 5;
    const client = await connect(assistant.port);
    await client.request({ cmd: "outputPrintting", printer: "Dock", xml: labelXml(5), copies: 2 });
    client.close();
    const list = await label(["queue", "list", "--assistant", at], "es");
    const [id] = list.stdout.split(" ");
    expect(list.stdout).toBe(`${id}  Dock  pausado (sin papel)  2/5 páginas impresas  4/10 etiquetas\n`);
    // paused by hand, it waits for Resume even once the paper is in
    const held = await label(["queue", "pause", id, "--assistant", at]);
    expect(held.stdout).toBe(`${id}  Dock  paused (paused by hand)  2/5 pages printed  4/10 labels\n`);
    printer.state.paperOut = false;
    const resumed = await label(["queue", "resume", id, "--assistant", at]);
    expect([resumed.code, resumed.stderr]).toEqual([0, ""]);
    for (;;) {
      const now = await label(["queue", "list", "--printer", "Dock", "--assistant", at]);
      if (now.stdout.includes("printed  5/5 pages printed  10/10 labels")) break;
      expect(now.stdout).not.toContain("failed");
    }
    expect(printer.printed).toHaveLength(5);
    const again = await label(["queue", "cancel", id, "--assistant", at]);
    expect([again.code, again.stderr]).toEqual([
      1,
      `The print assistant refused: The print job “${id}” cannot do that now: it is printed.\n`,
    ]);
    // a finished job leaves the queue: one by one, or all of a printer's at once
    const dismissed = await label(["queue", "dismiss", id, "--assistant", at]);
    expect([dismissed.code, dismissed.stdout]).toEqual([
      0,
      `${id}  Dock  printed  5/5 pages printed  10/10 labels\n`,
    ]);
    expect((await label(["queue", "list", "--assistant", at])).stdout).toBe("The print queue is empty.\n");
    const again2 = await connect(assistant.port);
    await again2.request({ cmd: "outputPrintting", printer: "Dock", xml: labelXml(1) });
    again2.close();
    const cleared = await label(["queue", "clear", "--printer", "Dock", "--assistant", at], "pt");
    expect(cleared.stdout).toBe("Trabalhos terminados removidos da fila de impressão: 1.\n");
    expect((await label(["queue", "list", "--assistant", at])).stdout).toBe("The print queue is empty.\n");
  }, 120_000);

  it("mistakes: no action, a bad job id, an assistant that is not there", async () => {
    const at = String(assistant.port);
    const none = await label(["queue", "--assistant", at]);
    expect([none.code, none.stderr]).toEqual([
      1,
      expect.stringContaining("Say what to do with the print queue"),
    ]);
    const bad = await label(["queue", "pause", "../../x", "--assistant", at], "ru");
    expect(bad.stderr).toContain("Укажите задание печати из очереди");
    const away = await label(["queue", "list", "--assistant", "1"]);
    expect([away.code, away.stderr]).toEqual([
      1,
      expect.stringContaining("Could not reach the print assistant at ws://127.0.0.1:1"),
    ]);
    const url = await label(["queue", "list", "--assistant", "http://x"]);
    expect(url.stderr).toContain("is not a print assistant address");
  }, 60_000);
});
