// The scan flow with a fake printer (injected actor) and a simulated clock: no sleeps.
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock, waitFor } from "xstate";
import type { ScanMatch } from "../src/data/scanIndex";
import { SCAN_DUPLICATE_MS, SCAN_HISTORY } from "../src/model/constants";
import { SCAN_MSG, type ScanEmitted, type ScanPrintRequest, scanMachine } from "./scan.machine";

const match = (record: number, value = `V${record}`): ScanMatch => ({ record, value, how: "exact" });

function start(
  opts: { printOnScan?: boolean; copies?: number; fail?: (r: ScanPrintRequest) => boolean } = {},
) {
  const clock = new SimulatedClock();
  const printed: ScanPrintRequest[] = [];
  // each print waits until the test releases it, so the queue can be seen
  const pending: (() => void)[] = [];
  const machine = scanMachine.provide({
    actors: {
      print: fromPromise(
        ({ input }: { input: ScanPrintRequest }) =>
          new Promise<void>((resolve, reject) => {
            pending.push(() => {
              printed.push(input);
              if (opts.fail?.(input)) reject(new Error("printer offline"));
              else resolve();
            });
          }),
      ),
    },
  });
  const actor = createActor(machine, {
    input: { printOnScan: opts.printOnScan, copies: opts.copies },
    clock,
  });
  const emitted: ScanEmitted[] = [];
  for (const type of ["show", "message", "sound"] as const) actor.on(type, (e) => void emitted.push(e));
  actor.start();
  const ctx = () => actor.getSnapshot().context;
  /** lets the printing head finish, and waits until the machine took the answer */
  const release = async () => {
    await waitFor(actor, () => pending.length > 0);
    const before = actor.getSnapshot().context.queue.length;
    pending.shift()?.();
    await waitFor(actor, (s) => s.context.queue.length < before);
  };
  return { actor, clock, printed, emitted, ctx, release, pending };
}

describe("scan machine", () => {
  it("not found: a message naming the code, an error sound, the code in the last scans; nothing printed", () => {
    const f = start({ printOnScan: true });
    f.actor.send({ type: "scan", code: "999", match: null });
    expect(f.emitted).toEqual([
      { type: "message", key: SCAN_MSG.notFound, level: "error", vars: { code: "999" } },
      { type: "sound", ok: false },
    ]);
    expect(f.ctx().scans.map((s) => [s.code, s.status])).toEqual([["999", "notFound"]]);
    expect(f.ctx().queue).toEqual([]);
    expect(f.pending).toHaveLength(0);
  });

  it("found without print on scan: shows the record and sounds, prints nothing", () => {
    const f = start();
    f.actor.send({ type: "scan", code: "A", match: match(4320) });
    expect(f.emitted).toEqual([
      { type: "show", record: 4320 },
      { type: "sound", ok: true },
    ]);
    expect(f.ctx().scans[0].status).toBe("found");
    expect(f.actor.getSnapshot().matches({ queue: "idle" })).toBe(true);
  });

  it("print on scan: prints each found record in order with the chosen copies, a toast and sound each", async () => {
    const f = start({ printOnScan: true, copies: 3 });
    f.actor.send({ type: "scan", code: "A", match: match(1) });
    f.actor.send({ type: "scan", code: "B", match: match(2) });
    f.actor.send({ type: "scan", code: "C", match: match(3) });
    expect(f.actor.getSnapshot().matches({ queue: "printing" })).toBe(true);
    expect(f.ctx().queue.map((e) => e.code)).toEqual(["A", "B", "C"]);
    await f.release();
    await f.release();
    await f.release();
    await waitFor(f.actor, (s) => s.matches({ queue: "idle" }) && s.context.queue.length === 0);
    expect(f.printed).toEqual([
      { record: 1, copies: 3 },
      { record: 2, copies: 3 },
      { record: 3, copies: 3 },
    ]);
    const toasts = f.emitted.filter((e) => e.type === "message");
    expect(toasts).toEqual([
      { type: "message", key: SCAN_MSG.printed, level: "success", vars: { code: "A", n: 2 } },
      { type: "message", key: SCAN_MSG.printed, level: "success", vars: { code: "B", n: 3 } },
      { type: "message", key: SCAN_MSG.printed, level: "success", vars: { code: "C", n: 4 } },
    ]);
    expect(f.ctx().scans.map((s) => s.status)).toEqual(["printed", "printed", "printed"]);
  });

  it("a failed print says why, sounds an error and the queue goes on", async () => {
    const f = start({ printOnScan: true, fail: (r) => r.record === 1 });
    f.actor.send({ type: "scan", code: "A", match: match(1) });
    f.actor.send({ type: "scan", code: "B", match: match(2) });
    await f.release();
    await f.release();
    await waitFor(f.actor, (s) => s.context.queue.length === 0);
    expect(f.emitted.filter((e) => e.type !== "show")).toEqual([
      {
        type: "message",
        key: SCAN_MSG.failed,
        level: "error",
        vars: { code: "A", reason: "printer offline" },
      },
      { type: "sound", ok: false },
      { type: "message", key: SCAN_MSG.printed, level: "success", vars: { code: "B", n: 3 } },
      { type: "sound", ok: true },
    ]);
    expect(f.ctx().scans.map((s) => [s.code, s.status])).toEqual([
      ["B", "printed"],
      ["A", "failed"],
    ]);
  });

  it("the same record within the duplicate window asks first; after the window it prints at once", async () => {
    const f = start({ printOnScan: true });
    f.actor.send({ type: "scan", code: "A", match: match(7) });
    await f.release();
    f.clock.increment(SCAN_DUPLICATE_MS - 1);
    f.actor.send({ type: "scan", code: "A", match: match(7) });
    expect(f.actor.getSnapshot().matches({ input: "asking" })).toBe(true);
    expect(f.ctx().duplicate?.code).toBe("A");
    expect(f.ctx().queue).toEqual([]);
    // skipped: nothing more printed
    f.actor.send({ type: "duplicate.skip" });
    expect(f.actor.getSnapshot().matches({ input: "ready" })).toBe(true);
    expect(f.ctx().scans[0].status).toBe("skipped");
    expect(f.pending).toHaveLength(0);
    // the window closes SCAN_DUPLICATE_MS after the record was queued
    f.clock.increment(1);
    f.actor.send({ type: "scan", code: "A", match: match(7) });
    expect(f.actor.getSnapshot().matches({ input: "ready" })).toBe(true);
    await f.release();
    expect(f.printed).toEqual([
      { record: 7, copies: 1 },
      { record: 7, copies: 1 },
    ]);
  });

  it("answering print queues the duplicate and opens a new window; other records print meanwhile", async () => {
    const f = start({ printOnScan: true });
    f.actor.send({ type: "scan", code: "A", match: match(7) });
    f.actor.send({ type: "scan", code: "A", match: match(7) });
    expect(f.actor.getSnapshot().matches({ input: "asking" })).toBe(true);
    // another record while asking is queued; the same one again changes nothing
    f.actor.send({ type: "scan", code: "B", match: match(8) });
    f.actor.send({ type: "scan", code: "A", match: match(7) });
    expect(f.ctx().queue.map((e) => e.code)).toEqual(["A", "B"]);
    f.actor.send({ type: "duplicate.print" });
    expect(f.ctx().queue.map((e) => e.code)).toEqual(["A", "B", "A"]);
    await f.release();
    await f.release();
    await f.release();
    expect(f.printed.map((p) => p.record)).toEqual([7, 8, 7]);
    // the first window closes, the second (opened by the answer) is still open
    f.clock.increment(SCAN_DUPLICATE_MS);
    expect(f.ctx().recent).toEqual({});
  });

  it("switching print on scan off drops the question; copies are whole and at least 1", () => {
    const f = start({ printOnScan: true });
    f.actor.send({ type: "scan", code: "A", match: match(1) });
    f.actor.send({ type: "scan", code: "A", match: match(1) });
    f.actor.send({ type: "printOnScan.set", on: false });
    expect(f.actor.getSnapshot().matches({ input: "ready" })).toBe(true);
    expect(f.ctx().duplicate).toBeNull();
    f.actor.send({ type: "copies.set", copies: 2.7 });
    expect(f.ctx().copies).toBe(2);
    f.actor.send({ type: "copies.set", copies: Number.NaN });
    expect(f.ctx().copies).toBe(1);
    f.actor.send({ type: "copies.set", copies: -4 });
    expect(f.ctx().copies).toBe(1);
  });

  it("keeps the last scans only", () => {
    const f = start();
    for (let i = 0; i < SCAN_HISTORY + 3; i++) f.actor.send({ type: "scan", code: `C${i}`, match: null });
    expect(f.ctx().scans).toHaveLength(SCAN_HISTORY);
    expect(f.ctx().scans[0].code).toBe(`C${SCAN_HISTORY + 2}`);
  });
});
