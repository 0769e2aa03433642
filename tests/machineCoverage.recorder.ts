// The one visit recorder of a unit test file's run (tests/machineCoverage.setup.ts).
import { createVisitRecorder } from "../src/editor/inspector/visits";

export const unitRecorder = createVisitRecorder();
