// Loaded before every unit test file when the run records machine coverage (INKLESS_MACHINE_COVERAGE,
// set by `npm test`; vitest.config.ts): every actor a test creates with xstate's createActor (its
// children included) is recorded, and the file's visits are written as one part of the run's file.
import { afterAll, vi } from "vitest";

vi.mock("xstate", async (importOriginal) => {
  const xstate = await importOriginal<typeof import("xstate")>();
  const { recordingCreateActor } = await import("../src/editor/inspector/suiteRun");
  const { unitRecorder } = await import("./machineCoverage.recorder");
  return { ...xstate, createActor: recordingCreateActor(xstate.createActor, unitRecorder.inspect) };
});

afterAll(async () => {
  const { partsFolder, writeVisitsPart } = await import("../src/editor/inspector/suiteRun");
  const { unitRecorder } = await import("./machineCoverage.recorder");
  const folder = partsFolder();
  if (folder) writeVisitsPart(folder, "unit", unitRecorder.visits);
});
