// The import's time limit counts the worker's CPU time, not the wall time (issue 33 item 6): the
// import thread runs at a lower priority, so on a busy machine it may wait long for a core without
// being at fault. A worker that waits past the limit is not stopped; one that burns CPU past it is.
import { readdirSync, readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { ImportPool } from "../../src/server/import/pool";
import { IMPORT_NICE } from "../../src/server/import/threadCpu";
import { largeXlsx } from "../spreadsheet/support/largeXlsx";

const LIMIT_MS = 400;
const standIn = new ImportPool({
  workers: 1,
  queue: 4,
  timeoutMs: LIMIT_MS,
  memoryMb: 256,
  script: new URL("./support/standInImportWorker.mjs", import.meta.url),
});
const real = new ImportPool({ workers: 1, queue: 4, timeoutMs: 120_000, memoryMb: 1024 });
afterAll(() => Promise.all([standIn.close(), real.close()]));

const shape = { rowIndex: 0, tableIndex: -1 };
const answer = async (name: string) => {
  const r = await standIn.parse("u1", new Uint8Array(1), name, shape);
  return r.ok ? Buffer.concat(r.json).toString() : r.error.key;
};

/** The nice value of each thread of this process (field 19 of /proc/self/task/<tid>/stat). */
const niceValues = () =>
  readdirSync("/proc/self/task").map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
  });

describe.runIf(process.platform === "linux")("the import's time limit", () => {
  it("does not stop a worker that waits (starved, not busy) past the limit", async () => {
    expect(await answer(`idle:${4 * LIMIT_MS}`)).toBe('"idle"');
  }, 60_000);

  it("stops a worker that burns CPU past the limit, and the next import gets a new worker", async () => {
    expect(await answer(`busy:${30 * LIMIT_MS}`)).toBe("spreadsheet.error.timeout");
    expect(await answer("idle:1")).toBe('"idle"');
  }, 60_000);

  it("runs the import thread at a lower priority than the request thread", async () => {
    const r = await real.parse("u1", largeXlsx(10, 3), "small.xlsx", shape);
    expect(r.ok).toBe(true);
    const nice = niceValues();
    const own = nice[0]; // the main thread (the first task is the process itself)
    expect(own).toBeLessThan(19);
    expect(nice.filter((n) => n === Math.min(19, own + IMPORT_NICE)).length).toBeGreaterThanOrEqual(1);
  }, 120_000);
});
