// Builds the print assistant for download (docs/assistant.md) into dist/downloads/:
//  - inkless-assistant.cjs: src/assistant/main.ts bundled by esbuild into one CommonJS file (the
//    resvg wasm inside it), runnable by any Node 20+;
//  - inkless-assistant-linux-x64: a single executable (Node's single-executable-application
//    support: the bundle injected into a copy of this Node binary with postject), built only on
//    Linux x64 with a Node that carries the SEA fuse;
//  - inkless-assistant-node.zip: the bundle with start scripts for Windows and macOS (and Linux);
//  - manifest.json: version, size and SHA-256 of each package, and the hash of the inputs.
// Cached: when the inputs (src/, package-lock.json, this script, the Node version) hash as the
// manifest says, nothing is rebuilt. A step that cannot run here is skipped with one clear line.
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

/** Hash of everything the packages are made from. */
export function inputHash() {
  const h = createHash("sha256");
  h.update(process.version);
  for (const f of [
    ...filesUnder(join(ROOT, "src")),
    join(ROOT, "package-lock.json"),
    fileURLToPath(import.meta.url),
    join(ROOT, "scripts/harfbuzz-esbuild.mjs"),
  ]) {
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
  const wasm = createRequire(import.meta.url).resolve("@resvg/resvg-wasm/index_bg.wasm");
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
      {
        name: "resvg-wasm-inline",
        setup(b) {
          b.onResolve({ filter: /\/resvgWasm$/ }, () => ({ path: "resvgWasm", namespace: "inline" }));
          b.onLoad({ filter: /.*/, namespace: "inline" }, () => ({
            contents: `import wasm from ${JSON.stringify(wasm)}; export const resvgWasmBytes = () => wasm;`,
            resolveDir: ROOT,
            loader: "js",
          }));
        },
      },
    ],
  });
}

/** The Linux x64 single executable, or the reason it cannot be made here. */
function seaExecutable(script, out, work) {
  if (process.platform !== "linux" || process.arch !== "x64") return "this is not Linux x64";
  const [major, minor] = process.versions.node.split(".").map(Number);
  if (major < 20 && !(major === 18 && minor >= 16))
    return `Node ${process.version} has no single-executable support`;
  if (!readFileSync(process.execPath).includes(SEA_FUSE)) return "this Node binary has no SEA fuse";
  const blob = join(work, "sea-prep.blob");
  const config = join(work, "sea-config.json");
  writeFileSync(config, JSON.stringify({ main: script, output: blob, disableExperimentalSEAWarning: true }));
  execFileSync(process.execPath, ["--experimental-sea-config", config], { stdio: "pipe" });
  const tmp = join(work, "sea-exe");
  copyFileSync(process.execPath, tmp);
  chmodSync(tmp, 0o755);
  const postject = createRequire(import.meta.url).resolve("postject/dist/cli.js");
  execFileSync(process.execPath, [postject, tmp, "NODE_SEA_BLOB", blob, "--sentinel-fuse", SEA_FUSE], {
    stdio: "pipe",
  });
  renameSync(tmp, out);
  return null;
}

const START_WINDOWS = `@echo off\r
rem Inkless print assistant: needs Node.js 20 or later (https://nodejs.org).\r
cd /d "%~dp0"\r
where node >nul 2>nul || (echo Node.js is not installed: get the LTS version from https://nodejs.org and run this file again. & pause & exit /b 1)\r
node inkless-assistant.cjs\r
pause\r
`;
const START_UNIX = `#!/bin/sh
# Inkless print assistant: needs Node.js 20 or later (https://nodejs.org).
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

Needs Node.js 20 or later: https://nodejs.org (the LTS version).
  Windows: double-click start-windows.cmd
  macOS:   double-click start-macos.command (first time: right-click, Open)
  Linux:   sh start-linux.sh
Then open the print dialog in the web app, type the pairing code this window shows, and answer y
here when it asks whether that site may print.
Settings: ~/.inkless-assistant.json (written by the assistant; see the web app's My printer page).
`;

async function zip(script, out, version) {
  const { zipSync, strToU8 } = await import("fflate");
  const x = (s) => [strToU8(s), { os: 3, attrs: (0o100755 << 16) >>> 0 }];
  const files = {
    "inkless-assistant/inkless-assistant.cjs": readFileSync(script),
    "inkless-assistant/start-windows.cmd": strToU8(START_WINDOWS),
    "inkless-assistant/start-macos.command": x(START_UNIX),
    "inkless-assistant/start-linux.sh": x(START_UNIX),
    "inkless-assistant/README.txt": strToU8(README(version)),
  };
  writeFileSync(out, zipSync(files, { level: 9, mtime: new Date("2026-01-01T00:00:00Z") }));
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
  say("building the print assistant for download…");
  const version = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version;
  const work = join(ROOT, "dist", ".assistant-build");
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const script = join(work, "inkless-assistant.cjs");
  await bundle(script);
  await zip(script, join(work, "inkless-assistant-node.zip"), version);
  const packages = [
    { id: "node", system: "node", file: "inkless-assistant-node.zip" },
    { id: "script", system: "node", file: "inkless-assistant.cjs" },
  ];
  let skipped = null;
  try {
    skipped = seaExecutable(script, join(work, "inkless-assistant-linux-x64"), work);
  } catch (e) {
    skipped = `it failed: ${
      String(e.stderr ?? e.message ?? e)
        .trim()
        .split("\n")[0]
    }`;
  }
  if (skipped) say(`print assistant: no Linux executable (${skipped}); the Node package is built`);
  else packages.unshift({ id: "linux-x64", system: "linux", file: "inkless-assistant-linux-x64" });
  mkdirSync(DOWNLOADS_DIR, { recursive: true });
  for (const f of readdirSync(DOWNLOADS_DIR)) rmSync(join(DOWNLOADS_DIR, f), { force: true });
  for (const p of packages) renameSync(join(work, p.file), join(DOWNLOADS_DIR, p.file));
  rmSync(work, { recursive: true, force: true });
  const manifest = {
    version,
    inputs: hash,
    built: new Date().toISOString(),
    packages: packages.map((p) => {
      const f = join(DOWNLOADS_DIR, p.file);
      return { ...p, size: statSync(f).size, sha256: sha256(f) };
    }),
  };
  writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const before = existsSync(join(DOWNLOADS_DIR, "manifest.json"));
  const m = await buildAssistant({ force: process.argv.includes("--force") });
  if (!before || process.argv.includes("--force") || process.argv.includes("--list"))
    for (const p of m.packages) say(`  ${p.file}: ${p.size} bytes, sha256 ${p.sha256}`);
}
