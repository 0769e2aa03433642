import { defineConfig } from "vitest/config";

// End-to-end specs: each file starts its own server (own port, own data folder) and its own Chromium.
export default defineConfig({
  test: {
    include: ["e2e/**/*.spec.ts"],
    environment: "node",
    testTimeout: 60000,
    // a spec's beforeAll starts its server and Chromium (e2e/support/server.ts START_TIMEOUT_MS)
    hookTimeout: 180000,
    pool: "forks",
    maxWorkers: 2,
    fileParallelism: true,
    // machine coverage, only when the run asks for it (npm test; src/editor/inspector/suiteRun.ts)
    setupFiles: [
      ...(process.env.INKLESS_MACHINE_COVERAGE ? ["e2e/support/machineCoverage.setup.ts"] : []),
      // the phase log (e2e/support/timing.ts), only when the run asks for it
      ...(process.env.INKLESS_E2E_TIMING ? ["e2e/support/timing.setup.ts"] : []),
    ],
  },
});
