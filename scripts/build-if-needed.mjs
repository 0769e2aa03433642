// Builds the front end when dist/client is missing or older than any source file, the print
// assistant's download packages when their inputs changed (scripts/build-assistant.mjs, cached) and
// the Node programs, the server among them, when theirs did (scripts/build-node.mjs, cached).
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

function newest(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** The command that builds the web app into dist/client. */
export const CLIENT_BUILD = ["npx", "vite", "build", "--logLevel", "warn"];

/** Is dist/client missing or older than any of its sources? */
export function clientOutOfDate() {
  const out = "dist/client/index.html";
  const srcTime = Math.max(
    ...["src", "machines", "locales", "public", "help"].map(newest),
    ...["index.html", "vite.config.ts", "package-lock.json"].map((f) =>
      existsSync(f) ? statSync(f).mtimeMs : 0,
    ),
  );
  return !existsSync(out) || statSync(out).mtimeMs < srcTime;
}

export function buildIfNeeded() {
  if (clientOutOfDate()) {
    console.log("[inkless] building the web app…");
    execSync(CLIENT_BUILD.join(" "), { stdio: "inherit" });
  }
  execSync("node scripts/build-assistant.mjs", { stdio: "inherit" });
  execSync("node scripts/build-node.mjs", { stdio: "inherit" });
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfNeeded();
