// `npm run test:load [-- --runs N]`: shakes the whole suite. Starts one CPU-burning child process per
// core, runs the full `npm test` N times in a row (default 3), stops the burners and prints, per run,
// the pass/fail counts and the names of the failed tests. Exits non-zero when any run failed.
// Each run's output goes to .tmp/load-run-<i>.log; the per-run summary is printed as the runs finish.
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism } from "node:os";

function parseRuns(argv) {
  const i = argv.indexOf("--runs");
  if (i < 0) return 3;
  const n = Number(argv[i + 1]);
  if (!Number.isInteger(n) || n < 1) {
    console.error("usage: npm run test:load -- [--runs N]   (N a whole number ≥ 1)");
    process.exit(2);
  }
  return n;
}

// Files `scripts/test.mjs` writes with vitest's JSON reporter.
const RESULT_FILES = [".tmp/unit-results.json", ".tmp/e2e-results.json"];

/** Failed test names ("file › full name") and counts from one run's JSON reports. */
export function summarise(reports) {
  let passed = 0;
  let failed = 0;
  const names = [];
  for (const { file, json } of reports) {
    if (!json) {
      failed += 1;
      names.push(`${file}: missing or unreadable (the run did not finish)`);
      continue;
    }
    passed += json.numPassedTests ?? 0;
    failed += json.numFailedTests ?? 0;
    for (const suite of json.testResults ?? []) {
      const where = suite.name ? suite.name.replace(`${process.cwd()}/`, "") : "?";
      const bad = (suite.assertionResults ?? []).filter((a) => a.status === "failed");
      for (const a of bad) names.push(`${where} › ${a.fullName ?? a.title}`);
      // A file that fails to load or whose hooks fail has no failed assertion: name the file itself.
      if (suite.status === "failed" && bad.length === 0) {
        failed += 1;
        const first = (suite.message ?? "").split("\n").find((l) => l.trim());
        names.push(`${where}: ${first ?? "a hook failed, its tests did not run (see the log)"}`);
      }
    }
  }
  return { passed, failed, names };
}

function readReports() {
  return RESULT_FILES.map((file) => {
    try {
      return { file, json: existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null };
    } catch {
      return { file, json: null };
    }
  });
}

function startBurners(n) {
  const burners = [];
  for (let i = 0; i < n; i++) {
    burners.push(spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }));
  }
  return burners;
}

function runSuite(log) {
  return new Promise((resolve) => {
    const out = createWriteStream(log);
    const child = spawn("npm", ["test"], { stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on("close", (code) => out.end(() => resolve(code ?? 1)));
  });
}

async function main() {
  const runs = parseRuns(process.argv.slice(2));
  const cores = availableParallelism();
  mkdirSync(".tmp", { recursive: true });
  const burners = startBurners(cores);
  const stop = () => {
    for (const b of burners) b.kill("SIGKILL");
  };
  process.on("SIGINT", () => {
    stop();
    process.exit(130);
  });
  console.log(`[test:load] ${cores} CPU burner(s) started; ${runs} full run(s) of npm test`);
  const results = [];
  try {
    for (let i = 1; i <= runs; i++) {
      for (const f of RESULT_FILES) rmSync(f, { force: true });
      const log = `.tmp/load-run-${i}.log`;
      const started = Date.now();
      const code = await runSuite(log);
      const s = summarise(readReports());
      const ok = code === 0 && s.failed === 0;
      const minutes = ((Date.now() - started) / 60000).toFixed(1);
      results.push({ ok, ...s });
      console.log(
        `[test:load] run ${i}/${runs}: ${ok ? "PASS" : "FAIL"} — ${s.passed} passed, ${s.failed} failed (${minutes} min, log ${log})`,
      );
      for (const n of s.names) console.log(`    ✗ ${n}`);
      if (!ok && s.names.length === 0) console.log(`    npm test exited with ${code}; see ${log}`);
    }
  } finally {
    stop();
  }
  const good = results.filter((r) => r.ok).length;
  console.log(`[test:load] burners stopped; ${good}/${runs} run(s) passed`);
  process.exit(good === runs ? 0 : 1);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
