// Where an e2e run's time went: `node scripts/e2e-timing.mjs [results.json] [timing.tsv]`.
// From vitest's JSON report (default .tmp/e2e-results.json): the sum of the tests' own times (its
// file times leave the hooks out). From the phase log that INKLESS_E2E_TIMING=<file> writes
// (e2e/support/timing.ts; default .tmp/e2e-timing.tsv, when present): each phase's count and total,
// "spec file (hooks included)" being each file's whole time: its start-up and shutdown are the
// difference.
// How to measure: docs/testing.md, "The suite's time".
import { existsSync, readFileSync } from "node:fs";

const [resultsFile = ".tmp/e2e-results.json", timingFile = ".tmp/e2e-timing.tsv"] = process.argv.slice(2);
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;

if (existsSync(resultsFile)) {
  const report = JSON.parse(readFileSync(resultsFile, "utf8"));
  const tests = report.testResults.flatMap((f) => f.assertionResults.map((a) => a.duration ?? 0));
  console.log(
    `${resultsFile}: ${report.testResults.length} files, ${report.numPassedTests} passed, ${report.numFailedTests} failed; the tests' own times add up to ${s(tests.reduce((a, b) => a + b, 0))}`,
  );
}
if (existsSync(timingFile)) {
  const phases = new Map();
  for (const line of readFileSync(timingFile, "utf8").split("\n")) {
    const [, phase, secs] = line.split("\t");
    if (!phase) continue;
    const p = phases.get(phase) ?? { n: 0, total: 0, max: 0 };
    p.n += 1;
    p.total += Number(secs);
    p.max = Math.max(p.max, Number(secs));
    phases.set(phase, p);
  }
  console.log(`${timingFile}: phase, count, total, mean, longest`);
  for (const [phase, p] of [...phases].sort((a, b) => b[1].total - a[1].total))
    console.log(
      `  ${phase}: ${p.n}, ${p.total.toFixed(1)} s, ${(p.total / p.n).toFixed(2)} s, ${p.max.toFixed(2)} s`,
    );
}
