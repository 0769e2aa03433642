import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts", "src/**/*.test.ts", "machines/**/*.test.ts"],
    environment: "node",
    testTimeout: 30000,
    // hooks start real servers (an embedded PGlite database: initdb and migrations in WASM) and
    // headless Chromium; on a loaded machine that alone took over 60 s (docs/testing.md)
    hookTimeout: 180000,
    pool: "forks",
    // machine coverage, only when the run asks for it (npm test; src/editor/inspector/suiteRun.ts)
    setupFiles: process.env.INKLESS_MACHINE_COVERAGE ? ["tests/machineCoverage.setup.ts"] : [],
  },
});
