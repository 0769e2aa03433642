// The closing line of `npm test`, from vitest's JSON report. Honest counting: a test file that
// failed as a whole (an import error, a browser that did not start, a server that did not come up
// in beforeAll) counts its tests that did not pass as failed, not as skipped, and a failed file
// with no test collected at all counts as one failure.

/** { passed, failed } of a vitest JSON report (`--reporter=json`). */
export function countResults(report) {
  let passed = 0;
  let failed = 0;
  for (const file of report.testResults ?? []) {
    const tests = file.assertionResults ?? [];
    const ok = tests.filter((t) => t.status === "passed").length;
    passed += ok;
    if (file.status === "failed") failed += Math.max(1, tests.length - ok);
    else failed += tests.filter((t) => t.status === "failed").length;
  }
  return { passed, failed };
}
