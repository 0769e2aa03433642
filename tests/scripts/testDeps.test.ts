// `npm test`'s set-up on a machine that lacks a package: a scratch PATH with a fake dpkg-query (the
// package list lives in a file) and a fake apt-get that records its calls and "installs".
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without types
import { ensureTestDeps, missingPackages } from "../../scripts/test-deps.mjs";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/**
 * A bin folder where `installed` are the packages dpkg knows (bsdutils, part of every Debian
 * system, and qpdf, wine64 and mariadb-server always among them unless `always` says otherwise); `apt` adds a
 * recording apt-get.
 */
function scratch(listed: string[], apt = true, always = ["bsdutils", "qpdf", "wine64", "mariadb-server"]) {
  const installed = [...listed, ...always];
  const dir = mkdtempSync(join(tmpdir(), "inkless-deps-"));
  dirs.push(dir);
  const list = join(dir, "installed");
  const calls = join(dir, "apt-calls");
  writeFileSync(list, installed.map((p) => `${p}\n`).join(""));
  writeFileSync(
    join(dir, "dpkg-query"),
    `#!/bin/sh\nfor last; do :; done\nwhile read p; do [ "$p" = "$last" ] && { printf 'install ok installed'; exit 0; }; done < ${list}\necho "dpkg-query: no packages found matching $last" >&2\nexit 1\n`,
  );
  if (apt)
    writeFileSync(
      join(dir, "apt-get"),
      `#!/bin/sh\necho "$DEBIAN_FRONTEND $*" >> ${calls}\n[ "$1" = install ] && for a; do case "$a" in -*|install) ;; *) echo "$a" >> ${list};; esac; done\nexit 0\n`,
    );
  for (const f of ["dpkg-query", "apt-get"]) if (existsSync(join(dir, f))) chmodSync(join(dir, f), 0o755);
  const aptCalls = () => (existsSync(calls) ? readFileSync(calls, "utf8").trim().split("\n") : []);
  return { env: { PATH: dir }, aptCalls };
}

function logger() {
  const lines: string[] = [];
  return { lines, log: { log: (s: string) => lines.push(s), error: (s: string) => lines.push(s) } };
}

/** LibreOffice (document printing's office conversion); present in the scratches unless a test leaves it out */
const OFFICE = ["libreoffice-writer-nogui", "libreoffice-calc-nogui", "libreoffice-impress-nogui"];
const BASE = ["chromium", "fonts-noto-cjk", "poppler-utils", "postgresql"];
const ALL = [...BASE, ...OFFICE];

describe("npm test's system packages (scripts/test-deps.mjs)", () => {
  it("names the packages dpkg does not have", () => {
    expect(missingPackages(scratch(ALL).env)).toEqual([]);
    expect(missingPackages(scratch(["chromium", "postgresql", ...OFFICE]).env)).toEqual([
      "fonts-noto-cjk",
      "poppler-utils",
    ]);
    // LibreOffice's three parts are named when they are missing
    expect(missingPackages(scratch(BASE).env)).toEqual(OFFICE);
    // and qpdf (the PDF structure checks)
    expect(missingPackages(scratch(ALL, true, ["bsdutils", "wine64", "mariadb-server"]).env)).toEqual([
      "qpdf",
    ]);
    // and Wine (the Windows print assistant's e2e)
    expect(missingPackages(scratch(ALL, true, ["bsdutils", "qpdf", "mariadb-server"]).env)).toEqual([
      "wine64",
    ]);
    // and MariaDB (the database sources' MySQL/MariaDB tests)
    expect(missingPackages(scratch(ALL, true, ["bsdutils", "qpdf", "wine64"]).env)).toEqual([
      "mariadb-server",
    ]);
  });

  it("as root with apt: apt-get update, then install -y of the missing ones, non-interactive", () => {
    const s = scratch(["chromium", "fonts-noto-cjk", "postgresql", ...OFFICE]);
    const { lines, log } = logger();
    expect(ensureTestDeps({ env: s.env, uid: 0, log })).toBe(0);
    expect(s.aptCalls()).toEqual([
      "noninteractive update -qq",
      "noninteractive install -y -qq poppler-utils",
    ]);
    expect(lines).toEqual(["[inkless] installing the test packages: poppler-utils"]);
    // installed now: a second run does nothing
    expect(ensureTestDeps({ env: s.env, uid: 0, log })).toBe(0);
    expect(s.aptCalls()).toHaveLength(2);
  });

  it("not root: stops at once with one line naming the packages and the command, installs nothing", () => {
    const s = scratch(["chromium", ...OFFICE]);
    const { lines, log } = logger();
    expect(ensureTestDeps({ env: s.env, uid: 1000, log })).toBe(1);
    expect(s.aptCalls()).toEqual([]);
    expect(lines).toEqual([
      "[inkless] npm test needs fonts-noto-cjk, poppler-utils, postgresql; install them with: sudo apt-get update && sudo apt-get install -y fonts-noto-cjk poppler-utils postgresql",
    ]);
  });

  it("root without apt-get: the one line too", () => {
    const s = scratch(["chromium", "fonts-noto-cjk", "poppler-utils", ...OFFICE], false);
    const { lines, log } = logger();
    expect(ensureTestDeps({ env: s.env, uid: 0, log })).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/needs postgresql; .*apt-get install -y postgresql$/);
  });

  it("an apt-get that fails stops with the install command", () => {
    const s = scratch(["chromium", "fonts-noto-cjk", "poppler-utils", ...OFFICE]);
    writeFileSync(join(s.env.PATH, "apt-get"), "#!/bin/sh\nexit 100\n");
    const { lines, log } = logger();
    expect(ensureTestDeps({ env: s.env, uid: 0, log })).toBe(1);
    expect(lines.at(-1)).toBe(
      "[inkless] apt-get update failed (exit 100); run: apt-get install -y postgresql",
    );
  });

  it("the script itself, as npm test runs it: exit 1 and the line on stderr when it cannot install", () => {
    const s = scratch(["chromium", "fonts-noto-cjk", "postgresql", ...OFFICE], false);
    const r = spawnSync(process.execPath, ["scripts/test-deps.mjs"], { env: s.env, encoding: "utf8" });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain("apt-get install -y poppler-utils");
  });
});
