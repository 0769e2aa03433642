// Builds the Node programs (the server `npm start` runs, the `label` CLI, the print assistant,
// `admin`, `backup`/`restore`) into dist/node/ as plain JavaScript with esbuild, so they start
// without compiling TypeScript (tsx is for development and tests only). One flat folder: an entry file per program, shared chunks beside
// them, npm packages left as imports of node_modules.
//
// Source-relative URLs keep working: each module's `import.meta.url` becomes the URL of its source
// file, so `new URL("../../public/fonts/…", import.meta.url)` and `createRequire(import.meta.url)`
// find what they found before. A worker started from a tsx wrapper (`new URL("./x.mjs",
// import.meta.url)` next to x.ts) is built as an entry of its own and started from there.
//
// Cached: dist/node/inputs.json lists the files the build read; a build is redone only when one of
// them (or package-lock.json, or this script) is newer than that list.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const NODE_DIR = join(ROOT, "dist", "node");
const INPUTS = join(NODE_DIR, "inputs.json");

/** The programs: output name → source entry. */
export const PROGRAMS = {
  server: "src/server/main.ts",
  label: "src/cli/main.ts",
  assistant: "src/assistant/main.ts",
  admin: "src/server/admin/main.ts",
  ops: "src/server/ops/main.ts",
};

// Small pure-JS packages every command loads are bundled in: one file read instead of many module
// resolutions (and no CommonJS export scan) at each start. The text and code packages too (issue 41):
// Node's scan of opentype.js's 0.5 MB CommonJS file for its exports and jsbarcode's and qrcode's ~65
// files were most of a small `label render`'s start; papaparse, the CSV reader, is one CommonJS file
// Node scanned the same way at each job with a CSV. Every other package stays an import of
// node_modules (several find their wasm or data files next to themselves).
const INLINE = /^(crypto-js|fflate|opentype\.js|jsbarcode|qrcode|dijkstrajs|bidi-js|papaparse)(\/|$)/;
// qrcode's main also loads its PNG and terminal renderers (and pngjs, zlib, streams) that we never
// use; its encoder alone has the same `create`
const ALIAS = { qrcode: "qrcode/lib/core/qrcode.js" };

/**
 * Node's ESM loader needs the extension of a deep import into a package with no "exports"
 * (crypto-js/aes → crypto-js/aes.js), which bundlers and tsx guess.
 */
function withExtension(specifier) {
  const m = /^((?:@[^/]+\/)?[^/]+)\/(.+)$/.exec(specifier);
  if (!m || /\.(c|m)?js$|\.json$/.test(m[2])) return specifier;
  const pkg = join(ROOT, "node_modules", m[1]);
  try {
    if (JSON.parse(readFileSync(join(pkg, "package.json"), "utf8")).exports) return specifier;
  } catch {
    return specifier;
  }
  return existsSync(join(pkg, `${m[2]}.js`)) ? `${specifier}.js` : specifier;
}

const ALWAYS = ["package-lock.json", "scripts/build-node.mjs"];

/** True when dist/node holds a build at least as new as every file it was made from. */
export function isFresh() {
  let list;
  try {
    list = JSON.parse(readFileSync(INPUTS, "utf8"));
  } catch {
    return false;
  }
  const built = statSync(INPUTS).mtimeMs;
  // one stat a file (no separate existence check): run at every start of a program (issue 41)
  for (const f of [...list.inputs, ...ALWAYS]) {
    const st = statSync(join(ROOT, f), { throwIfNoEntry: false });
    if (!st || st.mtimeMs > built) return false;
  }
  return Object.keys(PROGRAMS).every((name) => existsSync(join(NODE_DIR, `${name}.js`)));
}

const toPosix = (p) => p.split("\\").join("/");
const workerName = (file) =>
  toPosix(relative(join(ROOT, "src"), file))
    .replace(/\.ts$/, "")
    .replace(/\//g, "-");

/** Rewrites import.meta.url (see the header) in one source file. */
function rewrite(source, file, workers) {
  const KEEP = "__inklessOwnUrl__";
  // a worker wrapper next to this file: start the built worker instead
  let out = source.replace(
    /new URL\(\s*"\.\/([\w.-]+)\.mjs"\s*,\s*import\.meta\.url\s*\)/g,
    (whole, name) => {
      const ts = join(dirname(file), `${name}.ts`);
      if (!existsSync(ts)) return whole;
      workers.add(ts);
      return `new URL(${JSON.stringify(`./${workerName(ts)}.js`)}, ${KEEP})`;
    },
  );
  // a program's own "am I the main module" check keeps the real URL (`import.meta.url === …`)
  const srcUrl = `new URL(${JSON.stringify(toPosix(relative(NODE_DIR, file)))}, import.meta.url).href`;
  out = out.replace(/import\.meta\.url(?!\s*===)/g, srcUrl);
  return out.replaceAll(KEEP, "import.meta.url");
}

async function buildInto(outDir) {
  const esbuild = await import("esbuild");
  const workers = new Set();
  const plugin = {
    name: "source-urls",
    setup(b) {
      // bare imports: Node's built-ins and INLINE packages resolved by esbuild, the rest external
      b.onResolve({ filter: /^(@[^/]+\/)?[^./]/ }, (a) => {
        if (a.path.startsWith("node:")) return undefined;
        if (INLINE.test(a.path))
          return ALIAS[a.path] ? { path: join(ROOT, "node_modules", ALIAS[a.path]) } : undefined;
        return { path: ALIAS[a.path] ?? withExtension(a.path), external: true };
      });
      b.onLoad({ filter: /\.tsx?$/ }, (a) => {
        if (a.path.includes("node_modules")) return undefined;
        const source = readFileSync(a.path, "utf8");
        if (!source.includes("import.meta.url")) return undefined;
        return { contents: rewrite(source, a.path, workers), loader: a.path.endsWith("x") ? "tsx" : "ts" };
      });
    },
  };
  const common = {
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    splitting: true,
    outdir: outDir,
    entryNames: "[name]",
    chunkNames: "chunk-[hash]",
    logLevel: "error",
    metafile: true,
    plugins: [plugin],
  };
  const entries = Object.entries(PROGRAMS).map(([out, src]) => ({ in: join(ROOT, src), out }));
  // first pass finds the workers; a second one builds them with the programs so they share chunks
  let result = await esbuild.build({ ...common, entryPoints: entries, write: false });
  if (workers.size > 0) {
    const workerEntries = [...workers].map((f) => ({ in: f, out: workerName(f) }));
    result = await esbuild.build({ ...common, entryPoints: [...entries, ...workerEntries] });
  } else {
    result = await esbuild.build({ ...common, entryPoints: entries });
  }
  return Object.keys(result.metafile.inputs)
    .map((f) => toPosix(relative(ROOT, join(ROOT, f))))
    .filter((f) => !f.startsWith("node_modules/") && !f.includes(":"));
}

/**
 * Builds dist/node when it is missing or stale. Files are moved in one by one (each rename atomic),
 * the file list last: chunk names are content hashes, so a program already running keeps finding
 * the chunks it loads later, and concurrent starts never see half a build.
 */
export async function buildNode({ force = false, quiet = false } = {}) {
  if (!force && isFresh()) return;
  if (!quiet) process.stderr.write("[inkless] building the command-line programs…\n");
  const tmp = join(ROOT, "dist", `.node-build-${process.pid}`);
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  try {
    const inputs = await buildInto(tmp);
    writeFileSync(join(tmp, "package.json"), '{ "type": "module" }\n');
    mkdirSync(NODE_DIR, { recursive: true });
    const built = readdirSync(tmp);
    for (const f of built) renameSync(join(tmp, f), join(NODE_DIR, f));
    // chunks of older builds go once no running program can still want them
    for (const f of readdirSync(NODE_DIR))
      if (
        !built.includes(f) &&
        f !== "inputs.json" &&
        statSync(join(NODE_DIR, f)).mtimeMs < Date.now() - 3_600_000
      )
        rmSync(join(NODE_DIR, f), { force: true });
    const list = join(tmp, "inputs.json");
    writeFileSync(list, `${JSON.stringify({ inputs }, null, 1)}\n`);
    renameSync(list, INPUTS);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Runs a built program in this process, as if started as `node dist/node/<name>.js args…`. */
export async function runProgram(name, args) {
  await buildNode({ quiet: false });
  const file = join(NODE_DIR, `${name}.js`);
  process.argv = [process.argv[0], file, ...args];
  // Node 22.1 and later keep the compiled code of the modules on disk between runs (a short
  // command's start is mostly compiling them); Node 20 has no such call and compiles each time
  const { default: mod } = await import("node:module");
  mod.enableCompileCache?.();
  await import(pathToFileURL(file).href);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await buildNode({ force: process.argv.includes("--force") });
}
