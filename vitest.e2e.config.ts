import { defineConfig } from "vitest/config";

// End-to-end specs: each file starts its own server (own port, own data folder) and its own Chromium.
export default defineConfig({
  test: {
    include: ["e2e/**/*.spec.ts"],
    environment: "node",
    testTimeout: 60000,
    hookTimeout: 120000,
    pool: "forks",
    maxWorkers: 2,
    fileParallelism: true,
  },
});
