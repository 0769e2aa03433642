// Installs dependencies when they are missing or older than package-lock.json,
// so `npm start` and `npm test` work on a fresh clone with no separate install step.
import { execSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";

const marker = "node_modules/.package-lock.json";
const stale = !existsSync(marker) || statSync("package-lock.json").mtimeMs > statSync(marker).mtimeMs + 1000;
if (stale) {
  console.log("[inkless] installing dependencies (npm ci)…");
  execSync("npm ci --no-audit --no-fund", { stdio: "inherit" });
}
