// An optional log of where a spec's start-up and shutdown time goes (docs/testing.md, "The suite's
// time"): with INKLESS_E2E_TIMING=<file>, each phase the support code times (server start and stop,
// Chromium launch and close, registration) appends "spec<TAB>phase<TAB>seconds" to that file;
// `node scripts/e2e-timing.mjs` sums it. Without the variable nothing is written.
import { appendFileSync } from "node:fs";
import { relative } from "node:path";

const LOG = process.env.INKLESS_E2E_TIMING;

// vitest is loaded only when logging: the support code also runs outside it (bench/, by hand)
async function specName(): Promise<string> {
  try {
    const { expect } = await import("vitest");
    const path = expect.getState().testPath;
    return path ? relative(process.cwd(), path) : "?";
  } catch {
    return "?";
  }
}

/** Runs `work`, and when the run asks for it, logs how long it took under `phase`. */
export async function timed<T>(phase: string, work: () => Promise<T>): Promise<T> {
  if (!LOG) return work();
  const start = performance.now();
  try {
    return await work();
  } finally {
    const s = ((performance.now() - start) / 1000).toFixed(3);
    appendFileSync(LOG, `${await specName()}\t${phase}\t${s}\n`);
  }
}
