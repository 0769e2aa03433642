// The system packages `npm test` needs on a fresh Debian machine: Chromium (browser and e2e tests),
// the CJK fonts it draws with, poppler-utils (PDFs are read back with pdftoppm/pdftotext/pdfinfo),
// qpdf (their structure checked), Wine (the Windows print assistant runs under it), PostgreSQL (the storage tests run on it as well as on PGlite), MariaDB (database sources query it) and LibreOffice (document printing
// converts office files with it). Run by scripts/test.mjs before
// anything else: as root with apt, the missing ones are installed (apt-get update + install -y);
// otherwise it stops at once with one line naming them and the command that installs them.
// `npm start` needs none of these.
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import { pathToFileURL } from "node:url";

/** Debian package → how to tell it is there where dpkg cannot say (another distribution). */
export const TEST_PACKAGES = [
  { name: "chromium", files: [process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"] },
  { name: "fonts-noto-cjk", files: ["/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"] },
  { name: "poppler-utils", commands: ["pdftoppm", "pdftotext", "pdfinfo", "pdffonts"] },
  // qpdf --check reads a written PDF's structure (object and cross-reference streams)
  { name: "qpdf", commands: ["qpdf"] },
  { name: "postgresql", commands: ["pg_ctlcluster", "pg_lsclusters"] },
  // database sources query MySQL/MariaDB: scripts/test-mariadb.mjs starts a throwaway server
  { name: "mariadb-server", commands: ["mariadbd", "mariadb-install-db", "mariadb"] },
  // document printing converts office files with LibreOffice (docs/docprint.md)
  { name: "libreoffice-writer-nogui", files: ["/usr/lib/libreoffice/program/libswlo.so"] },
  { name: "libreoffice-calc-nogui", files: ["/usr/lib/libreoffice/program/libsclo.so"] },
  { name: "libreoffice-impress-nogui", files: ["/usr/lib/libreoffice/program/libsdlo.so"] },
  // `script` gives the print assistant a terminal in e2e, where it asks to allow a pairing page
  { name: "bsdutils", commands: ["script"] },
  // the Windows print assistant (official Node 22 for Windows) runs under Wine in e2e
  { name: "wine64", files: ["/usr/lib/wine/wine64"] },
];

/** The executable `cmd` on `PATH`, or null. */
export function which(cmd, env = process.env) {
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (!dir) continue;
    const p = join(dir, cmd);
    try {
      accessSync(p, constants.X_OK);
      return p;
    } catch {}
  }
  return null;
}

const exists = (file) => {
  try {
    accessSync(file, constants.R_OK);
    return true;
  } catch {
    return false;
  }
};

/** Packages of `TEST_PACKAGES` that are not installed (dpkg's word where there is a dpkg). */
export function missingPackages(env = process.env) {
  const dpkg = which("dpkg-query", env);
  return TEST_PACKAGES.filter((p) => {
    if (dpkg) {
      const r = spawnSync(dpkg, ["-W", `-f=\${Status}`, p.name], { encoding: "utf8", env });
      return !(r.status === 0 && /\binstalled\b/.test(r.stdout) && !/not-installed/.test(r.stdout));
    }
    if (p.files) return !p.files.every(exists);
    return !p.commands.every((c) => which(c, env));
  }).map((p) => p.name);
}

/**
 * Makes sure the test packages are there. Returns 0 when they are (installing them first as root
 * with apt-get), else prints one line and returns 1.
 */
export function ensureTestDeps({ env = process.env, uid = process.getuid?.() ?? -1, log = console } = {}) {
  const missing = missingPackages(env);
  if (missing.length === 0) return 0;
  const apt = which("apt-get", env);
  const install = `apt-get install -y ${missing.join(" ")}`;
  if (uid !== 0 || !apt) {
    const how = apt
      ? `sudo apt-get update && sudo ${install}`
      : `(Debian/Ubuntu) apt-get update && ${install}`;
    log.error(`[inkless] npm test needs ${missing.join(", ")}; install them with: ${how}`);
    return 1;
  }
  log.log(`[inkless] installing the test packages: ${missing.join(" ")}`);
  const aptEnv = { ...env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", ...missing],
  ]) {
    const r = spawnSync(apt, args, { stdio: "inherit", env: aptEnv });
    if (r.status !== 0) {
      log.error(`[inkless] apt-get ${args[0]} failed (exit ${r.status ?? r.signal}); run: ${install}`);
      return 1;
    }
  }
  const still = missingPackages(env);
  if (still.length) {
    log.error(`[inkless] still missing after apt-get: ${still.join(", ")}; run: ${install}`);
    return 1;
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) process.exit(ensureTestDeps());
