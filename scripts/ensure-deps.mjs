// Installs dependencies when they are missing or differ from package-lock.json, so `npm start` and
// `npm test` work on a fresh clone with no separate install step. The check compares what is
// installed (npm's node_modules/.package-lock.json) with the lock file by content, not by file
// times: a fresh checkout (or a git worktree sharing node_modules) has a newer lock file with the
// same packages, and `npm ci` would wipe and reinstall a node_modules that is already right.
import { execSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

/** Why node_modules does not match the lock (a package name), or null when it does. */
export function staleReason(lockText, installedText) {
  if (installedText == null) return "node_modules";
  const want = JSON.parse(lockText).packages ?? {};
  const have = JSON.parse(installedText).packages ?? {};
  for (const [path, p] of Object.entries(want)) {
    if (path === "" || p.link) continue;
    const got = have[path];
    // optional packages for other platforms are not installed, and that is right
    if (!got) {
      if (!p.optional && !p.devOptional) return path;
      continue;
    }
    if (got.version !== p.version) return path;
  }
  return null;
}

const read = (file) => {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  let reason;
  try {
    reason = staleReason(readFileSync("package-lock.json", "utf8"), read("node_modules/.package-lock.json"));
  } catch {
    reason = "package-lock.json";
  }
  if (reason) {
    console.log(`[inkless] installing dependencies (npm ci; ${reason} differs)…`);
    execSync("npm ci --no-audit --no-fund", { stdio: "inherit" });
  }
}
