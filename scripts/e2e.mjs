// `npm run test:e2e`: build if needed, then run only the Playwright specs.
import { spawnSync } from "node:child_process";
import { buildIfNeeded } from "./build-if-needed.mjs";

buildIfNeeded();
const r = spawnSync("npx", ["vitest", "run", "--config", "vitest.e2e.config.ts", ...process.argv.slice(2)], {
  stdio: "inherit",
});
process.exit(r.status ?? 1);
