// Builds the print assistant for download (docs/assistant.md) into dist/downloads/:
//  - inkless-assistant.cjs: src/assistant/main.ts bundled by esbuild into one CommonJS file (the
//    resvg wasm inside it), runnable by any Node 20+;
//  - inkless-assistant-linux-x64 and inkless-assistant-windows-x64.exe: single executables (Node's
//    single-executable-application support: the bundle's SEA blob injected with postject into a copy
//    of the official Node 22 binary for that system, scripts/node-runtimes.mjs);
//  - inkless-assistant-macos-arm64.zip / -x64.zip: the bundle, the official signed Node binary and
//    a .command starter (a Mac binary cannot be injected without breaking its signature);
//  - inkless-assistant-node.zip: the bundle with start scripts for an installed Node;
//  - manifest.json: version, size and SHA-256 of each package, and the hash of the inputs.
// Cached: when the inputs (src/, package-lock.json, these scripts, the Node version) hash as the
// manifest says, nothing is rebuilt; the runtimes are fetched once (node_modules/.cache). A package
// that cannot be made here is skipped with one clear line. A build prints every package's size.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { harfbuzzPlugin } from "./harfbuzz-esbuild.mjs";
import { NODE_RUNTIME_VERSION, RUNTIMES, runtimeDir } from "./node-runtimes.mjs";
import { resvgInlinePlugin } from "./resvg-esbuild.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const DOWNLOADS_DIR = join(ROOT, "dist", "downloads");
const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";
const say = (line) => console.log(`[inkless] ${line}`);

function filesUnder(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...filesUnder(p));
    else if (!/\.test\.tsx?$/.test(e.name)) out.push(p);
  }
  return out.sort();
}

const BUILD_SCRIPTS = [
  fileURLToPath(import.meta.url),
  join(ROOT, "scripts/harfbuzz-esbuild.mjs"),
  join(ROOT, "scripts/resvg-esbuild.mjs"),
  join(ROOT, "scripts/node-runtimes.mjs"),
];

/** Hash of everything the packages are made from. */
export function inputHash() {
  return hashOf([...filesUnder(join(ROOT, "src")), join(ROOT, "package-lock.json"), ...BUILD_SCRIPTS]);
}

/** Hash of how the packages are made (these scripts, the runtimes they name, the building Node). */
const toolsHash = () => hashOf(BUILD_SCRIPTS);

function hashOf(files) {
  const h = createHash("sha256");
  h.update(process.version);
  for (const f of files) {
    h.update(relative(ROOT, f));
    h.update(readFileSync(f));
  }
  return h.digest("hex");
}

const sha256 = (file) => createHash("sha256").update(readFileSync(file)).digest("hex");

/**
 * esbuild: the bundle, with the resvg and HarfBuzz wasm read from the bundle instead of
 * node_modules. `entry` is the assistant's main module (tests bundle their own entry the same way).
 */
export async function bundle(out, entry = join(ROOT, "src/assistant/main.ts")) {
  const esbuild = await import("esbuild");
  await esbuild.build({
    entryPoints: [entry],
    outfile: out,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    minify: true,
    legalComments: "none",
    logLevel: "error",
    loader: { ".wasm": "binary" },
    // ws would try to require its optional native helpers, which a single executable cannot load
    define: { "process.env.WS_NO_BUFFER_UTIL": '"1"', "process.env.WS_NO_UTF_8_VALIDATE": '"1"' },
    plugins: [
      // HarfBuzz (complex scripts) without its top-level await, which CommonJS cannot hold
      harfbuzzPlugin(),
      resvgInlinePlugin(),
    ],
  });
}

/**
 * The SEA blob of the bundle, made by the packaged Node itself (a blob is read only by the Node
 * version that wrote it; it holds no machine code, so the Linux build serves Windows too).
 */
function seaBlob(script, work) {
  const node = join(runtimeDir("linux-x64"), RUNTIMES["linux-x64"].bin);
  const blob = join(work, "sea-prep.blob");
  const config = join(work, "sea-config.json");
  writeFileSync(config, JSON.stringify({ main: script, output: blob, disableExperimentalSEAWarning: true }));
  execFileSync(node, ["--experimental-sea-config", config], { stdio: "pipe" });
  return blob;
}

/** A single executable: the blob injected with postject into a copy of one official Node binary. */
function seaExecutable(blob, runtime, out, work) {
  const node = join(runtimeDir(runtime), RUNTIMES[runtime].bin);
  if (!readFileSync(node).includes(SEA_FUSE))
    throw new Error(`the Node binary for ${runtime} has no SEA fuse`);
  const tmp = join(work, `sea-${runtime}`);
  copyFileSync(node, tmp);
  chmodSync(tmp, 0o755);
  const postject = createRequire(import.meta.url).resolve("postject/dist/cli.js");
  execFileSync(process.execPath, [postject, tmp, "NODE_SEA_BLOB", blob, "--sentinel-fuse", SEA_FUSE], {
    stdio: "pipe",
  });
  renameSync(tmp, out);
}

const START_WINDOWS = `@echo off\r
rem Inkless print assistant: needs Node.js 22 or later (https://nodejs.org).\r
cd /d "%~dp0"\r
where node >nul 2>nul || (echo Node.js is not installed: get the LTS version from https://nodejs.org and run this file again. & pause & exit /b 1)\r
node inkless-assistant.cjs\r
pause\r
`;
const START_UNIX = `#!/bin/sh
# Inkless print assistant: needs Node.js 22 or later (https://nodejs.org).
cd "$(dirname "$0")"
if ! command -v node >/dev/null 2>&1; then
  echo "Node.js is not installed: get the LTS version from https://nodejs.org and run this file again."
  exit 1
fi
exec node inkless-assistant.cjs
`;
const README = (version) => `Inkless print assistant ${version}

It lets the Inkless web app print on the label printers of this computer and its network
(TSPL/ZPL printers on port 9100, CUPS queues). It listens on ws://127.0.0.1:9004 only (this
computer), and only pages you paired with it may use it.

Needs Node.js 22 or later: https://nodejs.org (the LTS version).
  Windows: double-click start-windows.cmd
  macOS:   double-click start-macos.command (first time: right-click, Open)
  Linux:   sh start-linux.sh
Then open the print dialog in the web app, type the pairing code this window shows, and answer y
here when it asks whether that site may print.
Settings: ~/.inkless-assistant.json (written by the assistant; see the web app's My printer page).
`;

const ZIP_TIME = new Date("2026-01-01T00:00:00Z");
/** A zip entry marked executable for macOS and Linux unzippers (Unix mode in the external attributes). */
const executable = (bytes) => [bytes, { os: 3, attrs: (0o100755 << 16) >>> 0 }];
const plain = (bytes) => [bytes, { os: 3, attrs: (0o100644 << 16) >>> 0 }];

async function zip(script, out, version) {
  const { zipSync, strToU8 } = await import("fflate");
  const files = {
    "inkless-assistant/inkless-assistant.cjs": readFileSync(script),
    "inkless-assistant/start-windows.cmd": strToU8(START_WINDOWS),
    "inkless-assistant/start-macos.command": executable(strToU8(START_UNIX)),
    "inkless-assistant/start-linux.sh": executable(strToU8(START_UNIX)),
    "inkless-assistant/README.txt": strToU8(README(version)),
  };
  writeFileSync(out, zipSync(files, { level: 9, mtime: ZIP_TIME }));
}

/** The macOS package's starter: a double-clickable Terminal script that runs our bundle with the Node inside. */
export const MAC_STARTER = "Inkless Assistant.command";
const START_MAC = `#!/bin/sh
# Inkless print assistant for macOS: runs the assistant with the Node.js that comes with it
# (node/bin/node, the official signed binary), in this Terminal window.
cd "$(dirname "$0")" || exit 1
exec ./node/bin/node inkless-assistant.cjs "$@"
`;
const README_MAC = (version, arch) => `Inkless print assistant ${version} for macOS (${arch})

It lets the Inkless web app print on the label printers of this Mac and its network (TSPL/ZPL
printers on port 9100, CUPS queues). It listens on ws://127.0.0.1:9004 only (this computer), and
only pages you paired with it may use it. Nothing to install: Node.js ${NODE_RUNTIME_VERSION} (the official
binary from nodejs.org, signed by its makers; its licence in node/LICENSE) comes with it.

Start: double-click "${MAC_STARTER}". The first time macOS says it cannot check the developer:
right-click (or Control-click) the file, choose Open, then Open again; or open System Settings >
Privacy & Security and press "Open Anyway" next to its name.
Then open the print dialog in the web app, type the pairing code the Terminal window shows, and
answer y there when it asks whether that site may print.

Start at login (after pairing): move this folder where it will stay (e.g. Applications), open
Terminal, type cd and a space, drag this folder into the window, press Return, then run
  ./node/bin/node inkless-assistant.cjs --install-startup
(--remove-startup undoes it). At login it runs without a window; its log, with the pairing code,
is in ~/Library/Logs/Inkless print assistant.log.
Settings: ~/.inkless-assistant.json (written by the assistant; see the web app's My printer page).
`;

/** The macOS package for one architecture: the bundle, the official Node binary and the starter. */
async function macZip(script, runtime, out, version) {
  const { zipSync, strToU8 } = await import("fflate");
  const dir = runtimeDir(runtime);
  const files = {
    "inkless-assistant/inkless-assistant.cjs": plain(readFileSync(script)),
    [`inkless-assistant/${MAC_STARTER}`]: executable(strToU8(START_MAC)),
    "inkless-assistant/node/bin/node": executable(readFileSync(join(dir, "bin/node"))),
    "inkless-assistant/node/LICENSE": plain(readFileSync(join(dir, "LICENSE"))),
    "inkless-assistant/README.txt": plain(strToU8(README_MAC(version, runtime.replace("darwin-", "")))),
  };
  writeFileSync(out, zipSync(files, { level: 6, mtime: ZIP_TIME }));
}

/** The packages made from an official Node runtime: id, system, file and how it is made (the help
 * centre's print assistant article names each file: tests/help/catalog.test.ts). */
export const RUNTIME_PACKAGES = [
  {
    id: "linux-x64",
    system: "linux",
    file: "inkless-assistant-linux-x64",
    runtime: "linux-x64",
    kind: "sea",
  },
  {
    id: "windows-x64",
    system: "windows",
    file: "inkless-assistant-windows-x64.exe",
    runtime: "win-x64",
    kind: "sea",
  },
  { id: "macos-arm64", system: "macos", file: "inkless-assistant-macos-arm64.zip", runtime: "darwin-arm64" },
  { id: "macos-x64", system: "macos", file: "inkless-assistant-macos-x64.zip", runtime: "darwin-x64" },
];

const firstLine = (e) =>
  String(e.stderr?.length ? e.stderr : (e.message ?? e))
    .trim()
    .split("\n")[0];

const mb = (n) => `${(n / 1048576).toFixed(1)} MB`;

/** The manifest when its packages hold this very bundle and were made the same way, else null. */
function unchanged(manifestFile, bundleSha, version) {
  try {
    const m = JSON.parse(readFileSync(manifestFile, "utf8"));
    const ok =
      m.version === version &&
      m.tools === toolsHash() &&
      m.packages.find((p) => p.id === "script")?.sha256 === bundleSha &&
      m.packages.every((p) => existsSync(join(DOWNLOADS_DIR, p.file)));
    return ok ? m : null;
  } catch {
    return null;
  }
}

/** Builds what is missing or stale; returns the manifest. */
export async function buildAssistant({ force = false } = {}) {
  const hash = inputHash();
  const manifestFile = join(DOWNLOADS_DIR, "manifest.json");
  if (!force && existsSync(manifestFile)) {
    try {
      const m = JSON.parse(readFileSync(manifestFile, "utf8"));
      if (m.inputs === hash && m.packages.every((p) => existsSync(join(DOWNLOADS_DIR, p.file)))) return m;
    } catch {
      // unreadable: build again
    }
  }
  const version = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version;
  const work = join(ROOT, "dist", ".assistant-build");
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const script = join(work, "inkless-assistant.cjs");
  await bundle(script);
  // a change elsewhere in src/ (the web app) leaves the bundle as it was: the packages stay
  const same = !force && unchanged(manifestFile, sha256(script), version);
  if (same) {
    rmSync(work, { recursive: true, force: true });
    writeFileSync(manifestFile, `${JSON.stringify({ ...same, inputs: hash }, null, 2)}\n`);
    return same;
  }
  say("building the print assistant for download…");
  await zip(script, join(work, "inkless-assistant-node.zip"), version);
  const packages = [];
  let blob = null;
  for (const p of RUNTIME_PACKAGES) {
    try {
      if (p.kind === "sea") {
        blob ??= seaBlob(script, work);
        seaExecutable(blob, p.runtime, join(work, p.file), work);
      } else await macZip(script, p.runtime, join(work, p.file), version);
      packages.push({ id: p.id, system: p.system, file: p.file });
    } catch (e) {
      // no network for the runtime, a changed tarball, postject failing: the rest is still built
      say(`print assistant: no ${p.file} (${firstLine(e)}); the other packages are built`);
    }
  }
  packages.push(
    { id: "node", system: "node", file: "inkless-assistant-node.zip" },
    { id: "script", system: "node", file: "inkless-assistant.cjs" },
  );
  mkdirSync(DOWNLOADS_DIR, { recursive: true });
  for (const f of readdirSync(DOWNLOADS_DIR)) rmSync(join(DOWNLOADS_DIR, f), { force: true });
  for (const p of packages) renameSync(join(work, p.file), join(DOWNLOADS_DIR, p.file));
  rmSync(work, { recursive: true, force: true });
  const manifest = {
    version,
    node: NODE_RUNTIME_VERSION,
    inputs: hash,
    tools: toolsHash(),
    built: new Date().toISOString(),
    packages: packages.map((p) => {
      const f = join(DOWNLOADS_DIR, p.file);
      return { ...p, size: statSync(f).size, sha256: sha256(f) };
    }),
  };
  writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  for (const p of manifest.packages) say(`  ${p.file}: ${mb(p.size)} (${p.size} bytes), sha256 ${p.sha256}`);
  return manifest;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const m = await buildAssistant({ force: process.argv.includes("--force") });
  // a build prints the sizes itself; --list prints them from a cached one too
  if (process.argv.includes("--list") && Date.now() - Date.parse(m.built) > 60_000)
    for (const p of m.packages) say(`  ${p.file}: ${mb(p.size)} (${p.size} bytes), sha256 ${p.sha256}`);
}
