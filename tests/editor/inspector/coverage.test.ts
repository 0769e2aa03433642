// Machine coverage: the recorder (states and transitions a run went through, by machine), the
// comparison with xstate/graph's full set on a small machine with a known answer, the test run's
// parts and file, the pages' reports to the e2e harness, and the report on a real machine.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { assign, createActor, type InspectionEvent, SimulatedClock, setup } from "xstate";
import { guideMachine } from "../../../machines/guide.machine";
import { formatReports, projectMachines, reportsOf } from "../../../scripts/machine-coverage";
import { compareCoverage, machineUniverse, transitionText } from "../../../src/editor/inspector/coverage";
import { LogFileError } from "../../../src/editor/inspector/fileError";
import { machineChart } from "../../../src/editor/inspector/graph";
import {
  readVisitsParts,
  recordingCreateActor,
  writeVisitsPart,
} from "../../../src/editor/inspector/suiteRun";
import {
  addVisitBatch,
  createVisitRecorder,
  HARNESS_BINDING,
  harnessRecorder,
  type Visits,
} from "../../../src/editor/inspector/visits";
import { parseVisitsFile, visitsFile } from "../../../src/editor/inspector/visitsFile";

/**
 * A door: 6 states (closed, opened, opened.still, opened.swinging, slamming, broken) and 7
 * transitions (kick from anywhere, a guarded open, a lock that stays, close, push, a delayed swing
 * back and slamming's eventless move).
 */
const door = setup({
  types: { context: {} as { locked: boolean } },
  guards: { unlocked: ({ context }) => !context.locked },
}).createMachine({
  id: "door",
  context: { locked: false },
  initial: "closed",
  on: { kick: ".broken" },
  states: {
    closed: {
      on: {
        open: { guard: "unlocked", target: "opened" },
        lock: { actions: assign({ locked: true }) },
      },
    },
    opened: {
      initial: "still",
      on: { close: "slamming" },
      states: {
        still: { on: { push: "swinging" } },
        swinging: { after: { 100: "still" } },
      },
    },
    slamming: { always: "closed" },
    broken: { type: "final" },
  },
});

const tempDirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), "inkless-coverage-"));
  tempDirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of tempDirs) rmSync(d, { recursive: true, force: true });
});

/** open, push, close (slamming passes by), lock, then a refused open. */
function walkTheDoor(inspect: (ev: InspectionEvent) => void) {
  const actor = createActor(door, { inspect, clock: new SimulatedClock() }).start();
  for (const type of ["open", "push", "close", "lock", "open"] as const) actor.send({ type });
  expect(actor.getSnapshot().value).toBe("closed");
  actor.stop();
}

describe("the recorder and the comparison (a known machine)", () => {
  it("records the states a run was in (a passing eventless one too) and the transitions it took", () => {
    const rec = createVisitRecorder();
    walkTheDoor(rec.inspect);
    const v = rec.visits.get("door");
    expect([...(v?.states ?? [])].sort()).toEqual([
      "door",
      "door.closed",
      "door.opened",
      "door.opened.still",
      "door.opened.swinging",
      "door.slamming",
    ]);
    expect([...(v?.transitions ?? [])].sort()).toEqual([
      "door.closed:lock:0",
      "door.closed:open:0",
      "door.opened.still:push:0",
      "door.opened:close:0",
      "door.slamming:always:0",
    ]);
  });

  it("xstate/graph's full set, and what the run left out: 10 of 13 (76%)", () => {
    const u = machineUniverse(door);
    expect(u?.states.map((s) => s.path).sort()).toEqual([
      "broken",
      "closed",
      "opened",
      "opened.still",
      "opened.swinging",
      "slamming",
    ]);
    expect(u?.transitions.map((t) => t.id).sort()).toEqual([
      "door.closed:lock:0",
      "door.closed:open:0",
      "door.opened.still:push:0",
      "door.opened.swinging:xstate.after.100.door.opened.swinging:0",
      "door.opened:close:0",
      "door.slamming:always:0",
      "door:kick:0",
    ]);
    const rec = createVisitRecorder();
    walkTheDoor(rec.inspect);
    if (!u) throw new Error("door is a machine");
    const r = compareCoverage(u, rec.visits.get("door"));
    expect(r.states).toEqual({ reached: 5, total: 6 });
    expect(r.transitions).toEqual({ reached: 5, total: 7 });
    expect(r.percent).toBe(76);
    expect(r.unreachedStates.map((s) => s.path)).toEqual(["broken"]);
    expect(r.unreachedTransitions.map((t) => transitionText(t)).sort()).toEqual([
      "after 100ms: opened.swinging → opened.still",
      "kick: (root) → broken",
    ]);
    // nothing visited: 0%; everything: 100%
    expect(compareCoverage(u, undefined).percent).toBe(0);
    const all = {
      states: new Set(u.states.map((s) => s.id)),
      transitions: new Set(u.transitions.map((t) => t.id)),
    };
    expect(compareCoverage(u, all).percent).toBe(100);
  });

  it("a session counts by actor key; a guarded transition is named with its guard", () => {
    const rec = createVisitRecorder({ key: () => "front door" });
    walkTheDoor(rec.inspect);
    expect([...rec.visits.keys()]).toEqual(["front door"]);
    const u = machineUniverse(door);
    expect(u?.transitions.find((t) => t.id === "door.closed:open:0")).toMatchObject({
      event: "open",
      guard: "unlocked",
      from: "closed",
      to: ["opened"],
    });
    expect(machineUniverse({ not: "a machine" })).toBeNull();
  });

  it("every machine in machines/: xstate/graph's set is the inspector diagram's (same ids)", async () => {
    const machines = await projectMachines();
    expect([...machines.keys()]).toEqual(
      expect.arrayContaining(["editor", "printDialog", "saveFlow", "guide", "selection", "payment"]),
    );
    for (const [id, m] of machines) {
      const u = machineUniverse(m);
      const chart = machineChart(m);
      expect(u?.machine).toBe(id);
      expect(new Set(u?.states.map((s) => s.id))).toEqual(
        new Set(chart?.states.filter((s) => s.parent !== undefined).map((s) => s.id)),
      );
      expect(new Set(u?.transitions.map((t) => t.id))).toEqual(new Set(chart?.transitions.map((t) => t.id)));
    }
  });
});

describe("the test run's parts and file", () => {
  it("recordingCreateActor records the whole system and still calls the test's own inspect", () => {
    const rec = createVisitRecorder();
    const seen: string[] = [];
    const create = recordingCreateActor(createActor, rec.inspect);
    const actor = create(door, { inspect: { next: (ev: InspectionEvent) => seen.push(ev.type) } }).start();
    actor.send({ type: "kick" });
    expect(rec.visits.get("door")?.states.has("door.broken")).toBe(true);
    expect(rec.visits.get("door")?.transitions.has("door:kick:0")).toBe(true);
    expect(seen).toContain("@xstate.snapshot");
  });

  it("parts are written per test file and merged into one file; bad parts are skipped", () => {
    const dir = tempDir();
    const a: Visits = new Map([["door", { states: new Set(["door.closed"]), transitions: new Set() }]]);
    const b: Visits = new Map([
      ["door", { states: new Set(["door.broken"]), transitions: new Set(["door:kick:0"]) }],
      ["guide", { states: new Set(["guide.hidden"]), transitions: new Set() }],
    ]);
    expect(writeVisitsPart(dir, "unit", new Map())).toBeNull();
    writeVisitsPart(dir, "unit", a);
    writeVisitsPart(dir, "e2e", b);
    writeFileSync(join(dir, "broken.json"), "{ not json");
    expect(readdirSync(dir)).toHaveLength(3);
    const warned: string[] = [];
    const all = readVisitsParts(dir, (m) => warned.push(m));
    expect(warned).toEqual([expect.stringContaining("broken.json")]);
    expect([...(all.get("door")?.states ?? [])].sort()).toEqual(["door.broken", "door.closed"]);
    const back = parseVisitsFile(JSON.stringify(visitsFile(all, "2026-11-26T00:00:00.000Z")));
    expect(back.createdAt).toBe("2026-11-26T00:00:00.000Z");
    expect([...(back.visits.get("guide")?.states ?? [])]).toEqual(["guide.hidden"]);
    expect(readVisitsParts(join(dir, "missing")).size).toBe(0);
  });

  it("a file that is not the suite's coverage is refused with a message key", () => {
    const key = (text: string) => {
      try {
        parseVisitsFile(text);
        return "read";
      } catch (e) {
        return e instanceof LogFileError ? e.key : "crash";
      }
    };
    expect(key("nope")).toBe("editor.inspector.logNotJson");
    expect(key('{"app":"inkless-inspector","events":[]}')).toBe("editor.inspector.coverageNotFile");
    expect(key('{"app":"inkless-machine-coverage","version":99,"createdAt":"x","machines":{}}')).toBe(
      "editor.inspector.coverageNewer",
    );
    expect(
      key('{"app":"inkless-machine-coverage","version":1,"createdAt":"x","machines":{"a":{"states":[1]}}}'),
    ).toBe("editor.inspector.coverageBroken");
    expect(key('{"app":"inkless-machine-coverage","version":1,"createdAt":"x","machines":{}}')).toBe("read");
  });

  it("a page reports only what is new, in one batch per microtask; nothing outside a recording run", async () => {
    expect(harnessRecorder({})).toBeNull();
    const batches: unknown[] = [];
    const rec = harnessRecorder({ [HARNESS_BINDING]: (b: unknown) => batches.push(b) });
    if (!rec) throw new Error("the harness function is there");
    walkTheDoor(rec.inspect);
    walkTheDoor(rec.inspect);
    await Promise.resolve();
    await Promise.resolve();
    expect(batches).toHaveLength(1);
    const got: Visits = new Map();
    addVisitBatch(got, batches[0]);
    addVisitBatch(got, [["door", "nonsense", "x"], "junk", null]);
    addVisitBatch(got, "junk");
    expect(got.get("door")?.states).toEqual(rec.visits.get("door")?.states);
    expect(got.get("door")?.transitions).toEqual(rec.visits.get("door")?.transitions);
  });
});

describe("the report on a real machine (guide)", () => {
  it("a first use skipped at step 1: the guide's percentage and what no test reached", async () => {
    const rec = createVisitRecorder();
    const actor = createActor(guideMachine, { input: { firstEdit: true }, inspect: rec.inspect }).start();
    actor.send({ type: "step.next" });
    actor.send({ type: "dismiss" });
    expect(actor.getSnapshot().value).toBe("hidden");
    const [r] = reportsOf(new Map([["guide", guideMachine]]), rec.visits);
    // init, step0, step1, closing, hidden of 8 states; init's first always, step.next, dismiss and
    // closing's always of 18 transitions
    expect(r.states).toEqual({ reached: 5, total: 8 });
    expect(r.transitions).toEqual({ reached: 4, total: 18 });
    expect(r.percent).toBe(34);
    expect(r.unreachedStates.map((s) => s.path)).toEqual(["step2", "step3", "step4"]);
    const text = formatReports([r], false);
    expect(text).toContain("guide    34%      5/8      4/18");
    expect(text).toContain("  state       step4");
    expect(text).toContain("  transition  guide.open: hidden → step0");
    expect(text).toContain("  transition  always: init → hidden");
    expect(text).not.toContain("dismiss: step1");
  });

  it("the script merges a run's parts into the file and prints the machines' table", () => {
    const dir = tempDir();
    const rec = createVisitRecorder();
    createActor(guideMachine, { input: { firstEdit: false }, inspect: rec.inspect }).start();
    writeVisitsPart(join(dir, "parts"), "unit", rec.visits);
    const file = join(dir, "machine-coverage.json");
    const run = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "scripts/machine-coverage.ts",
        "--merge",
        join(dir, "parts"),
        "--file",
        file,
        "--summary",
      ],
      { encoding: "utf8" },
    );
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    // init and hidden of 8 states, init's second always of 18 transitions
    expect(run.stdout).toMatch(/^guide\s+11%\s+2\/8\s+1\/18$/m);
    // a machine the run never started: none of its states or transitions (their totals are the
    // machine's own and change with it; the guide's line above checks the counting)
    expect(run.stdout).toMatch(/^printDialog\s+0%\s+0\/8\s+0\/[1-9]\d*$/m);
    expect(parseVisitsFile(readFileSync(file, "utf8")).visits.get("guide")?.states.has("guide.hidden")).toBe(
      true,
    );
    const missing = spawnSync(
      process.execPath,
      ["--import", "tsx", "scripts/machine-coverage.ts", "--file", join(dir, "none.json")],
      { encoding: "utf8" },
    );
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain("run npm test first");
  });
});
