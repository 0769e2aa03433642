// esbuild plugin for bundles that carry the resvg wasm inside them instead of reading it from
// node_modules (src/print/resvgWasm.ts): the downloaded print assistant (scripts/build-assistant.mjs)
// and the printer template worker the tests run in Chromium (tests/print/templateBrowser.test.ts).
// The app's own build fetches the file as an asset instead (src/print/resvgWasm.browser.ts).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

export function resvgInlinePlugin() {
  const wasm = createRequire(import.meta.url).resolve("@resvg/resvg-wasm/index_bg.wasm");
  return {
    name: "resvg-wasm-inline",
    setup(b) {
      b.onResolve({ filter: /\/resvgWasm$/ }, () => ({ path: "resvgWasm", namespace: "inline" }));
      b.onLoad({ filter: /.*/, namespace: "inline" }, () => ({
        contents: `import wasm from ${JSON.stringify(wasm)}; export const resvgWasmBytes = () => wasm;`,
        resolveDir: ROOT,
        loader: "js",
      }));
      // the bytes themselves, whatever loaders the bundle sets
      b.onLoad({ filter: /resvg-wasm[\\/]index_bg\.wasm$/ }, (args) => ({
        contents: readFileSync(args.path),
        loader: "binary",
      }));
    },
  };
}
