// A big PDF from the command line (issue 41: 100,000 labels in ≤ 300 MB): its page workers start with
// a capped young generation and without their start-up's garbage; the writer stays in the calling
// thread (a thread of its own cost more CPU and memory than it saved: docs/export.md); a small job
// starts no thread.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIN_PAGES } from "../../src/export/node/pdfPages";
import { serializeTprts } from "../../src/model/file";
import { BUILD_TIMEOUT_MS, buildLabel, LABEL } from "../cli/support/builtLabel";
import { benchLabel } from "./support/labels";

beforeAll(buildLabel, BUILD_TIMEOUT_MS);
const dir = mkdtempSync(join(tmpdir(), "inkless-cli-bigpdf-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The built CLI renders `records` of the bench label to a PDF; the worker threads it started. */
function render(records: number) {
  const file = join(dir, `bench-${records}.tprts`);
  writeFileSync(file, serializeTprts(benchLabel(records)));
  const out = join(dir, `bench-${records}.label.pdf`);
  const list = join(dir, `workers-${records}.txt`);
  writeFileSync(list, "");
  const hook = join(process.cwd(), "tests/cli/support/workerLimits.mjs");
  const r = spawnSync(
    process.execPath,
    [`--import=${hook}`, LABEL, "render", file, "--out", out, "--quiet"],
    {
      encoding: "utf8",
      // one page worker whatever the machine's cores
      env: { ...process.env, INKLESS_LANG: "en", INKLESS_TEST_WORKERS: list, INKLESS_RASTER_WORKERS: "1" },
    },
  );
  expect(r.status, r.stderr).toBe(0);
  const workers = readFileSync(list, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { url: string; young: number | null });
  return { out, workers };
}

const pages = (url: string) => /pdfPagesWorker\.(m?js)$/.test(url);

describe("label render → a big PDF", () => {
  it("a job of page workers' size: the page worker has a young generation of at most 16 MB; the file is whole", () => {
    const { out, workers } = render(MIN_PAGES);
    const p = workers.filter((x) => pages(x.url));
    expect(p).toHaveLength(1);
    expect(p[0].young).toBeGreaterThan(0);
    expect(p[0].young).toBeLessThanOrEqual(16);
    // the file is whole: every page, the last record on the last one
    expect(execFileSync("pdfinfo", [out], { encoding: "utf8" })).toMatch(
      new RegExp(`Pages:\\s+${MIN_PAGES}\\n`),
    );
    const last = execFileSync("pdftotext", ["-f", `${MIN_PAGES}`, "-l", `${MIN_PAGES}`, out, "-"], {
      encoding: "utf8",
    });
    expect(last).toContain(`INK-000${MIN_PAGES}`);
    expect(execFileSync("qpdf", ["--check", out], { encoding: "utf8" })).toMatch(
      /No syntax or stream encoding errors/,
    );
  }, 300_000);

  it("a page worker starts its pages with the garbage of its start-up gone (100,000 records)", () => {
    const file = join(dir, "bench-100000.tprts");
    writeFileSync(file, serializeTprts(benchLabel(100_000)));
    const heap = join(dir, "ready-heap.txt");
    writeFileSync(heap, "");
    const hook = join(process.cwd(), "tests/cli/support/readyHeap.mjs");
    // the hook stops the run once the page worker is ready
    spawnSync(
      process.execPath,
      [`--import=${hook}`, LABEL, "render", file, "--out", join(dir, "big.pdf"), "--quiet"],
      {
        env: { ...process.env, INKLESS_TEST_READY_HEAP: heap, INKLESS_RASTER_WORKERS: "1" },
      },
    );
    const used = readFileSync(heap, "utf8").split("\n").filter(Boolean).map(Number);
    expect(used).toHaveLength(1);
    // ~24 MB live; the records' preparation had left ~85 MB in use
    expect(used[0]).toBeGreaterThan(0);
    expect(used[0]).toBeLessThan(50e6);
  }, 300_000);

  it("a small job starts no thread: the calling thread writes it", () => {
    const { out, workers } = render(100);
    expect(workers).toEqual([]);
    expect(execFileSync("pdfinfo", [out], { encoding: "utf8" })).toMatch(/Pages:\s+100\n/);
  }, 300_000);
});
