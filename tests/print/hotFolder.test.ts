// The print assistant's hot folder (issue 39; docs/assistant.md "Hot folder"), with a real folder
// and the fake TSPL printer: a CSV with its sidecar, and a JSON file, are printed through the
// durable queue (the printed bitmaps decoded back: their barcodes read the records' values) and
// moved to done/; a malformed file, an unknown printer, a 100 MB file, a template path leaving the
// folder, a link, a file still being written, a run that stopped mid-job: each handled as documented,
// the reason translated, and the folder goes on printing.
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../src/assistant/config";
import { type RunningHotFolder, startHotFolder } from "../../src/assistant/hotFolder/watcher";
import type { RunningAssistant } from "../../src/assistant/server";
import { translate } from "../../src/i18n/messages";
import { serializeLabelFile } from "../../src/model/file";
import { decode } from "../codes/support/zxing";
import { assistantWithPrinter } from "./support/assistantRig";
import { decodeTspl, toRgba } from "./support/decodeJob";
import { type FakePrinter, startFakePrinter } from "./support/fakePrinter";
import { skuLabel } from "./support/label";
import { pageCopies } from "./support/labelPages";

let printer: FakePrinter;
let assistant: RunningAssistant;
let hot: RunningHotFolder;
let dir: string;
const log: string[] = [];
/** resolvers waiting for the hot folder's next look */
const onPoll: (() => void)[] = [];
const nextPoll = () => new Promise<void>((ok) => onPoll.push(ok));

beforeAll(async () => {
  printer = await startFakePrinter();
  assistant = await assistantWithPrinter(printer, "Dock", "TSPL", {
    queueDir: mkdtempSync(join(tmpdir(), "inkless-hot-queue-")),
    queuePollMs: 2,
    faultPollMs: 20,
  });
  dir = mkdtempSync(join(tmpdir(), "inkless-hot-"));
  writeFileSync(join(dir, "sku.tprt"), serializeLabelFile(skuLabel(), "tprt"));
  hot = startHotFolder(
    { dir, language: "en", pollMs: 20 },
    {
      service: assistant.service,
      log: (l) => log.push(l),
      polled: () => {
        for (const ok of onPoll.splice(0)) ok();
      },
    },
  );
}, 30_000);

afterAll(async () => {
  await hot?.close();
  await assistant?.close();
  await printer?.close();
});

/** Waits until `path` exists (the hot folder moved a file there). */
async function appears(path: string): Promise<void> {
  while (!existsSync(path)) await nextPoll();
}

/** The barcodes of the labels printed since `from`. */
async function printedCodes(from: number): Promise<string[]> {
  const pages = printer.printed.slice(from).flatMap((b) => decodeTspl(b).pages);
  return Promise.all(
    pages.map(async (p) => (await decode(toRgba(p), { formats: ["Code128"] }))[0]?.text ?? ""),
  );
}

const reason = (name: string) => readFileSync(join(dir, "failed", `${name}.reason.txt`), "utf8").trim();

describe("the hot folder", () => {
  it("prints a CSV named by its sidecar, and a JSON file, then moves them to done/", async () => {
    const before = printer.printed.length;
    // the sidecar first, then the data (the documented order)
    writeFileSync(join(dir, "orders.job.json"), JSON.stringify({ template: "sku.tprt", printer: "Dock" }));
    writeFileSync(join(dir, "orders.csv"), "sku\nHF-0001\nHF-0002\n\n");
    await appears(join(dir, "done", "orders.csv"));
    expect(existsSync(join(dir, "done", "orders.job.json"))).toBe(true);
    expect(existsSync(join(dir, "orders.csv"))).toBe(false);
    expect(await printedCodes(before)).toEqual(["HF-0001", "HF-0002"]);

    const mid = printer.printed.length;
    writeFileSync(
      join(dir, "one.json"),
      JSON.stringify({ template: "sku.tprt", printer: "Dock", copies: 2, records: [{ sku: "HF-0100" }] }),
    );
    await appears(join(dir, "done", "one.json"));
    // one label, two copies: the page is sent once with its count
    const pages = printer.printed.slice(mid).flatMap((b) => decodeTspl(b).pages);
    expect(pages.reduce((n, p) => n + p.copies, 0)).toBe(2);
    expect(await printedCodes(mid)).toEqual(pages.map(() => "HF-0100"));
    // it went through the durable queue
    expect(
      assistant.service.queue.list("Dock").filter((j) => j.state === "done").length,
    ).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it("moves a malformed file, an unknown printer and a 100 MB file to failed/ with the reason", async () => {
    const before = printer.printed.length;
    writeFileSync(join(dir, "broken.json"), '{"template": "sku.tprt", "printer": ');
    writeFileSync(
      join(dir, "nowhere.json"),
      JSON.stringify({ template: "sku.tprt", printer: "Attic", language: "es", records: [{ sku: "X" }] }),
    );
    writeFileSync(join(dir, "huge.csv"), "");
    truncateSync(join(dir, "huge.csv"), 100 * 1024 * 1024);
    writeFileSync(join(dir, "notes.txt"), "hello");
    writeFileSync(join(dir, "nosidecar.csv"), "sku\nHF-9\n");
    for (const n of ["broken.json", "nowhere.json", "huge.csv", "notes.txt", "nosidecar.csv"])
      await appears(join(dir, "failed", `${n}.reason.txt`));
    expect(reason("broken.json")).toBe(translate("print.hotFolder.badJson", { name: "broken.json" }, "en"));
    // the job's own language
    expect(reason("nowhere.json")).toBe(translate("print.assistant.unknownPrinter", { name: "Attic" }, "es"));
    expect(reason("nowhere.json")).not.toBe(
      translate("print.assistant.unknownPrinter", { name: "Attic" }, "en"),
    );
    expect(reason("huge.csv")).toBe(translate("print.hotFolder.tooLarge", { max: 20 }, "en"));
    expect(reason("notes.txt")).toContain("Only CSV and JSON");
    expect(reason("nosidecar.csv")).toBe(
      translate("print.hotFolder.noTemplate", { sidecar: "nosidecar.job.json" }, "en"),
    );
    expect(readdirSync(dir).filter((n) => !["sku.tprt", "done", "failed", "printing"].includes(n))).toEqual(
      [],
    );
    expect(printer.printed.length).toBe(before);
  }, 60_000);

  it("refuses a template path that leaves the folder, and a link", async () => {
    const outside = mkdtempSync(join(tmpdir(), "inkless-hot-outside-"));
    writeFileSync(join(outside, "secret.tprt"), serializeLabelFile(skuLabel(), "tprt"));
    symlinkSync(join(outside, "secret.tprt"), join(dir, "linked.tprt"));
    const rel = join("..", outside.split("/").pop() as string, "secret.tprt");
    const job = (template: string) =>
      JSON.stringify({ template, printer: "Dock", records: [{ sku: "HF-EVIL" }] });
    writeFileSync(join(dir, "up.json"), job(rel));
    writeFileSync(join(dir, "abs.json"), job(join(outside, "secret.tprt")));
    writeFileSync(join(dir, "link.json"), job("linked.tprt"));
    symlinkSync(join(outside, "secret.tprt"), join(dir, "dropped.json"));
    const before = printer.printed.length;
    for (const n of ["up.json", "abs.json", "link.json", "dropped.json"])
      await appears(join(dir, "failed", `${n}.reason.txt`));
    expect(reason("up.json")).toBe(translate("print.hotFolder.templateOutside", { path: rel }, "en"));
    expect(reason("abs.json")).toContain("inside the hot folder");
    expect(reason("link.json")).toContain("inside the hot folder");
    expect(reason("dropped.json")).toBe(translate("print.hotFolder.notFile", { name: "dropped.json" }, "en"));
    expect(printer.printed.length).toBe(before);
  }, 60_000);

  it("leaves a file alone while it grows and a .part file until it is renamed in", async () => {
    const before = printer.printed.length;
    const body = JSON.stringify({ template: "sku.tprt", printer: "Dock", records: [{ sku: "HF-0200" }] });
    // written a few characters after every look: never taken half-written
    const growing = join(dir, "slow.json");
    writeFileSync(growing, body.slice(0, 5));
    writeFileSync(join(dir, "late.json.part"), body.replace("HF-0200", "HF-0300"));
    for (let at = 5; at < body.length; at += 5) {
      await nextPoll();
      expect(existsSync(growing)).toBe(true);
      appendFileSync(growing, body.slice(at, at + 5));
    }
    await appears(join(dir, "done", "slow.json"));
    expect(existsSync(join(dir, "late.json.part"))).toBe(true);
    renameSync(join(dir, "late.json.part"), join(dir, "late.json"));
    await appears(join(dir, "done", "late.json"));
    expect(await printedCodes(before)).toEqual(["HF-0200", "HF-0300"]);
    expect(existsSync(join(dir, "failed", "slow.json"))).toBe(false);
  }, 60_000);

  it("a sheet two labels across, cancelled at a fault: the reason counts labels, not pages", async () => {
    const doc = skuLabel();
    writeFileSync(
      join(dir, "pair.tprt"),
      serializeLabelFile({ ...doc, attrs: { ...doc.attrs, columns: 2 } }, "tprt"),
    );
    // 5 labels on 3 pages; the paper runs out at the 2nd page: 2 labels printed
    printer.state.paperOutAt = printer.printed.reduce((n, b) => n + pageCopies(b), 0) + 2;
    writeFileSync(join(dir, "pairs.job.json"), JSON.stringify({ template: "pair.tprt", printer: "Dock" }));
    writeFileSync(join(dir, "pairs.csv"), "sku\nP-1\nP-2\nP-3\nP-4\nP-5\n");
    const paused = await vi.waitFor(
      () => {
        const j = assistant.service.queue.list("Dock").find((p) => p.state === "paused");
        if (!j) throw new Error("not paused yet");
        return j;
      },
      { timeout: 30_000, interval: 20 },
    );
    expect(paused).toMatchObject({ printed: 1, total: 3 });
    assistant.service.queue.cancel(paused.id);
    printer.state.paperOut = false;
    await appears(join(dir, "failed", "pairs.csv.reason.txt"));
    expect(reason("pairs.csv")).toBe(
      translate("print.queue.cancelled", { printer: "Dock", printed: 2, total: 5 }, "en"),
    );
  }, 60_000);

  it("does not print again what a stopped run was printing", async () => {
    const other = mkdtempSync(join(tmpdir(), "inkless-hot-restart-"));
    mkdirSync(join(other, "printing"));
    writeFileSync(join(other, "printing", "halfway.csv"), "sku\nHF-1\n");
    const before = printer.printed.length;
    const again = startHotFolder(
      { dir: other, language: "ru", pollMs: 20 },
      { service: assistant.service, log: () => {} },
    );
    try {
      expect(readFileSync(join(other, "failed", "halfway.csv.reason.txt"), "utf8").trim()).toBe(
        translate("print.hotFolder.interrupted", {}, "ru"),
      );
      expect(readdirSync(join(other, "printing"))).toEqual([]);
    } finally {
      await again.close();
    }
    expect(printer.printed.length).toBe(before);
  }, 30_000);

  it("is set by --hot-folder or by the settings file", () => {
    const file = join(mkdtempSync(join(tmpdir(), "inkless-hot-settings-")), "settings.json");
    writeFileSync(file, JSON.stringify({ hotFolder: { dir: "/srv/drop", language: "pt", pollMs: 5 } }));
    const env = { INKLESS_ASSISTANT_CONFIG: file };
    // cloud templates come from the first trusted site unless a server is named
    expect(loadConfig(env, []).hotFolder).toEqual({
      dir: "/srv/drop",
      language: "pt",
      pollMs: 100,
      server: "http://127.0.0.1:8080",
    });
    const flags = ["node", "assistant", "--server", "https://Labels.example.com/x", "--token", "ink_abc"];
    expect(loadConfig(env, flags)).toMatchObject({
      hotFolder: { server: "https://labels.example.com" },
      apiToken: "ink_abc",
    });
    expect(loadConfig(env, ["node", "assistant", "--hot-folder", "/srv/other"]).hotFolder?.dir).toBe(
      "/srv/other",
    );
    // the token kept in the file (a --token given once is saved there), the cloud device's server
    writeFileSync(
      file,
      JSON.stringify({
        hotFolder: "/srv/drop",
        apiToken: "ink_kept",
        cloud: { server: "https://cloud.example.com" },
      }),
    );
    expect(loadConfig(env, [])).toMatchObject({
      hotFolder: { server: "https://cloud.example.com" },
      apiToken: "ink_kept",
    });
    writeFileSync(file, "{}");
    expect(loadConfig(env, []).hotFolder).toBeNull();
  });
});
