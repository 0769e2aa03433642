// `npm test`: the system packages the tests need (scripts/test-deps.mjs) and the PostgreSQL server of
// the storage tests (scripts/test-postgres.mjs), then the checks (typecheck and lint, each counted
// as one test) and the web app's build beside the unit and integration tests (vitest), then the
// end-to-end specs (Playwright in Chromium). Prints one closing line "N passed, N failed" (a file
// that could not run counts as failed, scripts/test-summary.mjs) and exits non-zero on any failure.
// The unit and e2e tests record every machine's visited states and taken transitions
// (INKLESS_MACHINE_COVERAGE); the run's file is .tmp/machine-coverage.json and its report is printed
// at the end (scripts/machine-coverage.ts; `npm run coverage:machines` lists what no test reached).
import { spawn, spawnSync } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { buildIfNeeded, CLIENT_BUILD, clientOutOfDate } from "./build-if-needed.mjs";
import { ensureTestDeps } from "./test-deps.mjs";
import { startTestPostgres } from "./test-postgres.mjs";
import { countResults } from "./test-summary.mjs";

if (ensureTestDeps() !== 0) process.exit(1);
const databaseUrl = startTestPostgres();
if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;

mkdirSync(".tmp", { recursive: true });
const COVERAGE_PARTS = resolve(".tmp/machine-coverage-parts");
rmSync(COVERAGE_PARTS, { recursive: true, force: true });
process.env.INKLESS_MACHINE_COVERAGE = COVERAGE_PARTS;
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

/**
 * Starts a command beside the unit tests, its output kept in .tmp/<name>.log (a file, not a pipe: the
 * unit run blocks this process). The returned function waits for it, prints its output and gives its
 * exit code.
 */
function beside(name, [cmd, ...args]) {
  const log = `.tmp/${name}.log`;
  const fd = openSync(log, "w");
  const child = spawn(cmd, args, { stdio: ["ignore", fd, fd] });
  closeSync(fd);
  const done = new Promise((res) => child.on("close", (code) => res(code ?? 1)));
  return async () => {
    const code = await done;
    process.stdout.write(readFileSync(log, "utf8"));
    return code;
  };
}

/** A whole-tree check (typecheck, lint): one test that passes or fails. */
async function check(name, finished) {
  if ((await finished()) === 0) passed += 1;
  else {
    failed += 1;
    ok = false;
    console.error(`[inkless] ${name} failed`);
  }
}

// The typecheck, the lint and the web app's build (none of the unit tests reads dist/client) run
// beside the unit tests, which mostly wait on servers and child processes (vitest.config.ts).
const typecheck = beside("typecheck", ["npx", "tsc", "--noEmit", "-p", "tsconfig.json"]);
const lint = beside("lint", ["npx", "biome", "check", "."]);
const client = clientOutOfDate() ? beside("build", CLIENT_BUILD) : null;
run("unit", "vitest.config.ts");
await check("typecheck", typecheck);
await check("lint", lint);
if (client && (await client()) !== 0) {
  failed += 1;
  ok = false;
  console.error("[inkless] the web app's build failed: the e2e specs did not run");
} else {
  buildIfNeeded(); // the print assistant and the Node programs (cached), the web app now up to date
  run("e2e", "vitest.e2e.config.ts");
}
console.log(
  "\nMachine coverage (every state and transition from xstate/graph; npm run coverage:machines lists the rest):",
);
spawnSync(
  process.execPath,
  ["--import", "tsx", "scripts/machine-coverage.ts", "--merge", COVERAGE_PARTS, "--summary"],
  { stdio: "inherit" },
);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
