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
    // two files at once: most unit files wait on servers, sockets and child processes, so a second
    // worker on a 2-core machine fills the idle time (vitest's default is cores − 1, one worker here);
    // each file has its own PostgreSQL database (tests/server/helpers.ts)
    maxWorkers: 2,
    // machine coverage, only when the run asks for it (npm test; src/editor/inspector/suiteRun.ts)
    // the run's PostgreSQL databases are dropped when it ends (tests/server/database.ts)
    globalSetup: ["tests/server/databases.globalSetup.ts"],
    setupFiles: process.env.INKLESS_MACHINE_COVERAGE ? ["tests/machineCoverage.setup.ts"] : [],
  },
});
