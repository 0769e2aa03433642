// `npm test`: the system packages the tests need (scripts/test-deps.mjs) and the PostgreSQL server of
// the storage tests (scripts/test-postgres.mjs), then the checks (typecheck and lint, each counted
// as one test), unit and integration tests (vitest), then the end-to-end specs (Playwright in Chromium). Prints one closing line "N passed, N failed" (a file
// that could not run counts as failed, scripts/test-summary.mjs) and exits non-zero on any failure.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { buildIfNeeded } from "./build-if-needed.mjs";
import { ensureTestDeps } from "./test-deps.mjs";
import { startTestPostgres } from "./test-postgres.mjs";
import { countResults } from "./test-summary.mjs";

if (ensureTestDeps() !== 0) process.exit(1);
const databaseUrl = startTestPostgres();
if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;

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
    const c = countResults(j);
    passed += c.passed;
    failed += c.failed;
    if (j.numTotalTests === 0) ok = false;
  } catch {
    ok = false;
    failed += 1;
  }
  if (r.status !== 0) ok = false;
}

/** A whole-tree check (typecheck, lint): one test that passes or fails. */
function check(name, args) {
  const r = spawnSync("npx", args, { stdio: "inherit" });
  if (r.status === 0) passed += 1;
  else {
    failed += 1;
    ok = false;
    console.error(`[inkless] ${name} failed`);
  }
}

check("typecheck", ["tsc", "--noEmit", "-p", "tsconfig.json"]);
check("lint", ["biome", "check", "."]);
run("unit", "vitest.config.ts");
buildIfNeeded();
run("e2e", "vitest.e2e.config.ts");
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
