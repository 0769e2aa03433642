// Loaded before every e2e spec file when the run logs its phases (INKLESS_E2E_TIMING,
// vitest.e2e.config.ts): the file's whole time, its hooks included, as the phase "spec file".
// Registered before the spec's own hooks, so its afterAll runs after theirs (vitest runs them as a stack).
import { afterAll, beforeAll } from "vitest";
import { timed } from "./timing";

let done: () => void = () => {};
beforeAll(() => {
  void timed("spec file (hooks included)", () => new Promise<void>((resolve) => (done = resolve)));
});
afterAll(() => done());
