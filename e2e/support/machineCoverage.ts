// Machine coverage in the e2e specs, only when the run records it (INKLESS_MACHINE_COVERAGE, set by
// `npm test`): every browser context gets a function its pages report their machines' visits to
// (src/editor/inspector/visits.ts harnessRecorder); the spec file's visits are written as one part of
// the run's file when it ends (machineCoverage.setup.ts).
import type { BrowserContext } from "playwright-core";
import { partsFolder, writeVisitsPart } from "../../src/editor/inspector/suiteRun";
import { addVisitBatch, HARNESS_BINDING, type Visits } from "../../src/editor/inspector/visits";

const visits: Visits = new Map();

/** Lets the context's pages report their visits (nothing when the run does not record). */
export async function recordMachineVisits(context: BrowserContext): Promise<void> {
  if (!partsFolder()) return;
  await context.exposeFunction(HARNESS_BINDING, (batch: unknown) => addVisitBatch(visits, batch));
}

/** Writes this spec file's visits as a part of the run's file. */
export function writeSpecVisits(): void {
  const folder = partsFolder();
  if (folder) writeVisitsPart(folder, "e2e", visits);
}
