// `npm test`: unit and integration tests (vitest), then end-to-end specs (Playwright in Chromium).
// Prints one closing line "N passed, N failed" and exits non-zero on any failure.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { buildIfNeeded } from "./build-if-needed.mjs";

mkdirSync(".tmp", { recursive: true });
let passed = 0;
let failed = 0;
let ok = true;

function run(name, config) {
  const out = `.tmp/${name}-results.json`;
  rmSync(out, { force: true });
  const r = spawnSync(
    "npx",
    ["vitest", "run", "--config", config, "--reporter=default", "--reporter=json", `--outputFile=${out}`],
    { stdio: "inherit" },
  );
  try {
    const j = JSON.parse(readFileSync(out, "utf8"));
    passed += j.numPassedTests;
    failed += j.numFailedTests;
    if (j.numTotalTests === 0) ok = false;
  } catch {
    ok = false;
    failed += 1;
  }
  if (r.status !== 0) ok = false;
}

run("unit", "vitest.config.ts");
buildIfNeeded();
run("e2e", "vitest.e2e.config.ts");
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
