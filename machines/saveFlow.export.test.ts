// The save flow's export region with a fake check and a fake runner (injected actors): the range and
// characters dialogs, progress, cancel mid-export, a failure then a retry, and that an export and a
// save never overlap. No DOM, no workers, no sleeps.
import { describe, expect, it } from "vitest";
import { createActor, fromCallback, fromPromise, waitFor } from "xstate";
import { abortError } from "../src/export/yielder";
import { ImageTooLarge, MAX_IMAGE_PIXELS } from "../src/image/guard";
import type { CloudLabel, SaveOutcome } from "../src/model/cloudLabel";
import { emptyDocument } from "../src/model/defaults";
import { addNewElement } from "../src/model/ops";
import { isRefusal } from "../src/model/ops/types";
import type { LabelDocument } from "../src/model/types";
import { type ExportCheck, type ExportRun, type ExportRunnerEvent, exportFailure } from "./saveFlow.export";
import { type SaveFlowEmitted, saveFlowMachine } from "./saveFlow.machine";

const NEW: CloudLabel = { status: "add", id: "", parent_id: "p0", type: "", file: "", remark: "r" };

function labelDoc(name = "Shelf"): LabelDocument {
  const r = addNewElement(emptyDocument({ name, width: 60, height: 40 }), "Rectangle", {
    x: 30,
    y: 20,
    centered: true,
  });
  if (isRefusal(r)) throw new Error(r.refused);
  return r.doc;
}

const FILE = { blob: new Blob(["png"]), fileName: "Shelf.png" };

/**
 * A save flow whose export check answers `check` and whose runner is driven by the test: `runs` holds
 * each run's input, `send` answers for the running one, `stopped` counts the runs stopped (aborted).
 */
function start(opts: { check?: ExportCheck; save?: () => Promise<SaveOutcome> } = {}) {
  const runs: ExportRun[] = [];
  const checks: LabelDocument[] = [];
  let sendBack: ((e: ExportRunnerEvent) => void) | null = null;
  let stopped = 0;
  const emitted: SaveFlowEmitted[] = [];
  const machine = saveFlowMachine.provide({
    actors: {
      checkExport: fromPromise<ExportCheck, { doc: LabelDocument }>(async ({ input }) => {
        checks.push(input.doc);
        return opts.check ?? { total: 1, unprintable: "" };
      }),
      runExport: fromCallback<ExportRunnerEvent, ExportRun>(({ sendBack: back, input }) => {
        runs.push(input);
        sendBack = back;
        return () => {
          stopped++;
        };
      }),
      ...(opts.save ? { save: fromPromise(() => (opts.save as () => Promise<SaveOutcome>)()) } : {}),
    },
  });
  const actor = createActor(machine, { input: { cloud: NEW } });
  for (const type of ["message", "download", "saved"] as const) actor.on(type, (e) => void emitted.push(e));
  actor.start();
  const exportIs = (
    state:
      | "idle"
      | "checking"
      | "range"
      | "unprintable"
      | "templateOptions"
      | "running"
      | "templateDone"
      | "calibrating",
  ) => waitFor(actor, (s) => s.matches({ export: state }));
  return {
    actor,
    runs,
    checks,
    emitted,
    exportIs,
    send: (e: ExportRunnerEvent) => (sendBack as (e: ExportRunnerEvent) => void)(e),
    stopped: () => stopped,
  };
}

describe("save flow machine: export", () => {
  it("one label: checked, run with the document as asked, downloaded, then idle and forgotten", async () => {
    const f = start();
    const doc = labelDoc();
    f.actor.send({ type: "export", kind: "png", doc });
    expect(f.actor.getSnapshot().matches({ export: "checking" })).toBe(true);
    await f.exportIs("running");
    expect(f.checks).toEqual([doc]);
    expect(f.runs).toEqual([{ kind: "png", doc, range: undefined }]);
    f.send({ type: "export.finished", file: FILE });
    expect(f.actor.getSnapshot().matches({ export: "idle" })).toBe(true);
    expect(f.emitted).toEqual([{ type: "download", file: FILE }]);
    expect(f.actor.getSnapshot().context.exportJob).toBeNull();
  });

  it("a printer template: records, then its resolution, run at it; downloaded with its read-me kept until closed", async () => {
    const f = start({ check: { total: 5, unprintable: "" } });
    const doc = labelDoc();
    f.actor.send({ type: "export", kind: "zpl", doc });
    await f.exportIs("range");
    f.actor.send({ type: "export.range", range: { from: 1, to: 2 } });
    expect(f.actor.getSnapshot().matches({ export: "templateOptions" })).toBe(true);
    expect(f.runs).toEqual([]);
    f.actor.send({ type: "export.dpi", dpi: 300 });
    expect(f.runs).toEqual([{ kind: "zpl", doc, range: { from: 1, to: 2 }, dpi: 300 }]);
    const notes = {
      fileName: "Shelf.zpl",
      language: "ZPL" as const,
      dpi: 300,
      name: "SHELF",
      fields: ["Lot"],
      left: [],
      outsideFont: [],
    };
    const file = { blob: new Blob(["^XA"]), fileName: "Shelf.zpl", notes };
    f.send({ type: "export.finished", file });
    expect(f.actor.getSnapshot().matches({ export: "templateDone" })).toBe(true);
    expect(f.emitted).toEqual([{ type: "download", file }]);
    expect(f.actor.getSnapshot().context.exportJob?.notes).toEqual(notes);
    f.actor.send({ type: "export.close" });
    expect(f.actor.getSnapshot().matches({ export: "idle" })).toBe(true);
    expect(f.actor.getSnapshot().context.exportJob).toBeNull();
  });

  it("a printer template's resolution dialog cancelled: nothing runs", async () => {
    const f = start();
    f.actor.send({ type: "export", kind: "tspl", doc: labelDoc() });
    await f.exportIs("templateOptions");
    f.actor.send({ type: "export.cancel" });
    expect(f.actor.getSnapshot().matches({ export: "idle" })).toBe(true);
    expect(f.runs).toEqual([]);
  });

  it("nothing to export: tip50, no check, no run", () => {
    const f = start();
    f.actor.send({ type: "export", kind: "pdf", doc: emptyDocument({ name: "E", width: 10, height: 10 }) });
    expect(f.emitted).toEqual([{ type: "message", key: "tip.tip50", level: "warning" }]);
    expect(f.actor.getSnapshot().matches({ export: "idle" })).toBe(true);
    expect(f.checks).toEqual([]);
  });

  it("several records: the range dialog, then the run with the chosen records and its progress", async () => {
    const f = start({ check: { total: 30, unprintable: "☃" } });
    f.actor.send({ type: "export", kind: "pdf", doc: labelDoc() });
    await f.exportIs("range");
    expect(f.actor.getSnapshot().context.exportJob).toMatchObject({
      kind: "pdf",
      total: 30,
      unprintable: "☃",
    });
    f.actor.send({ type: "export.range", range: { from: 4, to: 9 } });
    expect(f.actor.getSnapshot().matches({ export: "running" })).toBe(true);
    expect(f.runs[0]).toMatchObject({ kind: "pdf", range: { from: 4, to: 9 } });
    const progress = { done: 1, total: 3, startedAt: 100, remainingMs: 2000 };
    f.send({ type: "export.progress", progress });
    expect(f.actor.getSnapshot().context.progress).toEqual(progress);
    f.send({ type: "export.finished", file: FILE });
    expect(f.actor.getSnapshot().context.progress).toBeNull();
  });

  it("Cancel while the label is being checked: nothing runs, the check's answer is dropped", async () => {
    const f = start({ check: { total: 1, unprintable: "" } });
    f.actor.send({ type: "export", kind: "png", doc: labelDoc() });
    f.actor.send({ type: "export.cancel" });
    expect(f.actor.getSnapshot().matches({ export: "idle" })).toBe(true);
    await waitFor(f.actor, () => f.checks.length === 1);
    await Promise.resolve();
    expect(f.actor.getSnapshot().matches({ export: "idle" })).toBe(true);
    expect(f.runs).toEqual([]);
  });

  it("the range dialog's Cancel runs nothing", async () => {
    const f = start({ check: { total: 3, unprintable: "" } });
    f.actor.send({ type: "export", kind: "jpeg", doc: labelDoc() });
    await f.exportIs("range");
    f.actor.send({ type: "export.cancel" });
    expect(f.actor.getSnapshot().matches({ export: "idle" })).toBe(true);
    expect(f.runs).toEqual([]);
  });

  it("characters no font draws: asked first; Cancel runs nothing, Export anyway runs", async () => {
    const f = start({ check: { total: 1, unprintable: "☃" } });
    f.actor.send({ type: "export", kind: "pdf-label", doc: labelDoc() });
    await f.exportIs("unprintable");
    f.actor.send({ type: "export.cancel" });
    expect(f.runs).toEqual([]);
    f.actor.send({ type: "export", kind: "pdf-label", doc: labelDoc() });
    await f.exportIs("unprintable");
    f.actor.send({ type: "export.confirm" });
    expect(f.actor.getSnapshot().matches({ export: "running" })).toBe(true);
    expect(f.runs).toHaveLength(1);
  });

  it("a check that fails does not block the export (one label, every character drawn)", async () => {
    const f = start();
    const actor = createActor(
      saveFlowMachine.provide({
        actors: {
          checkExport: fromPromise<ExportCheck, { doc: LabelDocument }>(async () => {
            throw new Error("fonts");
          }),
          runExport: fromCallback<ExportRunnerEvent, ExportRun>(({ input }) => void f.runs.push(input)),
        },
      }),
      { input: { cloud: NEW } },
    ).start();
    actor.send({ type: "export", kind: "png", doc: labelDoc() });
    await waitFor(actor, (s) => s.matches({ export: "running" }));
    expect(f.runs).toHaveLength(1);
  });

  it("cancel mid-export stops the runner (its abort); what it sends afterwards is dropped", async () => {
    const f = start({ check: { total: 5, unprintable: "" } });
    f.actor.send({ type: "export", kind: "pdf", doc: labelDoc() });
    await f.exportIs("range");
    f.actor.send({ type: "export.range", range: { from: 0, to: 4 } });
    f.send({ type: "export.progress", progress: { done: 1, total: 5, startedAt: 0 } });
    f.actor.send({ type: "export.cancel" });
    expect(f.stopped()).toBe(1);
    expect(f.actor.getSnapshot().matches({ export: "idle" })).toBe(true);
    expect(f.actor.getSnapshot().context.progress).toBeNull();
    // a late result of the stopped run: no download, nothing shown
    f.send({ type: "export.finished", file: FILE });
    f.send({ type: "export.progress", progress: { done: 2, total: 5, startedAt: 0 } });
    expect(f.emitted).toEqual([]);
    expect(f.actor.getSnapshot().context.progress).toBeNull();
  });

  it("a failure shows its message and returns to idle; the retry runs again and downloads", async () => {
    const f = start();
    f.actor.send({ type: "export", kind: "png", doc: labelDoc() });
    await f.exportIs("running");
    f.send({ type: "export.failed", key: "editor.export.failed" });
    expect(f.actor.getSnapshot().matches({ export: "idle" })).toBe(true);
    expect(f.emitted).toEqual([
      { type: "message", key: "editor.export.failed", level: "error", vars: undefined },
    ]);
    f.actor.send({ type: "export", kind: "png", doc: labelDoc() });
    await f.exportIs("running");
    f.send({ type: "export.finished", file: FILE });
    expect(f.runs).toHaveLength(2);
    expect(f.emitted.at(-1)).toEqual({ type: "download", file: FILE });
  });

  it("an export asked while a save is pending is not started, and a save waits for an export", async () => {
    let answer: (o: SaveOutcome) => void = () => {};
    const f = start({ save: () => new Promise<SaveOutcome>((r) => (answer = r)) });
    f.actor.send({ type: "save", doc: labelDoc() });
    expect(f.actor.getSnapshot().matches({ save: "saving" })).toBe(true);
    f.actor.send({ type: "export", kind: "png", doc: labelDoc() });
    expect(f.actor.getSnapshot().matches({ export: "idle" })).toBe(true);
    expect(f.checks).toEqual([]);
    answer({ kind: "failed", error: new Error("500") });
    await waitFor(f.actor, (s) => s.matches({ save: "idle" }));

    f.actor.send({ type: "export", kind: "png", doc: labelDoc() });
    await f.exportIs("running");
    f.actor.send({ type: "save", doc: labelDoc() });
    expect(f.actor.getSnapshot().matches({ save: "idle" })).toBe(true);
    f.send({ type: "export.finished", file: FILE });
    f.actor.send({ type: "save", doc: labelDoc() });
    expect(f.actor.getSnapshot().matches({ save: "saving" })).toBe(true);
  });

  it("the calibration dialog opens and closes", () => {
    const f = start();
    f.actor.send({ type: "calibrate" });
    expect(f.actor.getSnapshot().matches({ export: "calibrating" })).toBe(true);
    f.actor.send({ type: "export", kind: "png", doc: labelDoc() });
    expect(f.checks).toEqual([]);
    f.actor.send({ type: "calibrate.close" });
    expect(f.actor.getSnapshot().matches({ export: "idle" })).toBe(true);
  });
});

describe("exportFailure", () => {
  it("a cancel says nothing, a picture too large names the limit, anything else failed", () => {
    expect(exportFailure(abortError())).toBeNull();
    expect(exportFailure(new ImageTooLarge("100000 x 100000"))).toEqual({
      type: "export.failed",
      key: "image.error.tooLarge",
      vars: { megapixels: MAX_IMAGE_PIXELS / 1e6 },
    });
    expect(exportFailure(new Error("worker died"))).toEqual({
      type: "export.failed",
      key: "editor.export.failed",
    });
  });
});
