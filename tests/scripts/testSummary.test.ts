// The closing line of `npm test` counts a test file that could not run as failed: the report of a
// real vitest run over a scratch folder (an import error, a beforeAll that throws, a good file).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without types
import { staleReason } from "../../scripts/ensure-deps.mjs";
// @ts-expect-error: a plain .mjs script without types
import { countResults } from "../../scripts/test-summary.mjs";

mkdirSync(".tmp", { recursive: true });
const dir = mkdtempSync(resolve(".tmp/summary-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("npm test's closing line (scripts/test-summary.mjs)", () => {
  it("a file that failed to import or whose beforeAll threw counts as failed with its tests", () => {
    writeFileSync(
      join(dir, "import.test.ts"),
      `import { it } from "vitest";\nimport "./missing-module";\nit("never runs", () => {});\n`,
    );
    writeFileSync(
      join(dir, "browser.test.ts"),
      `import { beforeAll, describe, it } from "vitest";\nbeforeAll(() => { throw new Error("no browser"); });\ndescribe("d", () => { it("a", () => {}); it("b", () => {}); });\n`,
    );
    writeFileSync(
      join(dir, "good.test.ts"),
      `import { it } from "vitest";\nit("passes", () => {});\nit.skip("skipped on purpose", () => {});\n`,
    );
    writeFileSync(join(dir, "vitest.config.mjs"), `export default { test: { include: ["*.test.ts"] } };\n`);
    const out = join(dir, "report.json");
    const vitest = resolve("node_modules/vitest/vitest.mjs");
    spawnSync(process.execPath, [vitest, "run", "--root", dir, "--reporter=json", `--outputFile=${out}`], {
      encoding: "utf8",
    });
    const report = JSON.parse(readFileSync(out, "utf8"));
    // vitest's own totals call this "1 passed, 0 failed"
    expect([report.numPassedTests, report.numFailedTests]).toEqual([1, 0]);
    expect(countResults(report)).toEqual({ passed: 1, failed: 3 });
  }, 60_000);

  it("failed tests of a file that ran are counted one by one", () => {
    const report = {
      testResults: [
        {
          status: "failed",
          assertionResults: [{ status: "passed" }, { status: "failed" }, { status: "failed" }],
        },
        { status: "passed", assertionResults: [{ status: "passed" }, { status: "skipped" }] },
      ],
    };
    expect(countResults(report)).toEqual({ passed: 2, failed: 2 });
  });
});

describe("dependency check (scripts/ensure-deps.mjs) compares packages, not file times", () => {
  const lock = (packages: Record<string, object>) =>
    JSON.stringify({ packages: { "": { name: "inkless" }, ...packages } });
  it("same versions: nothing to install, whatever the file times", () => {
    const l = lock({
      "node_modules/a": { version: "1.0.0" },
      "node_modules/b": { version: "2.0.0", optional: true },
    });
    expect(staleReason(l, lock({ "node_modules/a": { version: "1.0.0" } }))).toBeNull();
  });
  it("missing node_modules, a missing package or another version: npm ci", () => {
    const l = lock({ "node_modules/a": { version: "1.0.0" } });
    expect(staleReason(l, null)).toBe("node_modules");
    expect(staleReason(l, lock({}))).toBe("node_modules/a");
    expect(staleReason(l, lock({ "node_modules/a": { version: "0.9.0" } }))).toBe("node_modules/a");
  });
});
