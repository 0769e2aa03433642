// esbuild plugin for bundles that cannot hold harfbuzzjs's own loader: the CommonJS bundle of the
// downloaded print assistant (a single executable runs CommonJS) and the classic script the Node
// export runs in Chromium (src/export/node/chromium.ts). harfbuzzjs's entry ends with
// `init(await createHarfBuzz())`, a top-level await neither format allows, and its factory
// (`harfbuzz.js`) finds its .wasm beside itself through `import.meta.url`. Here the entry exports that
// instantiation as a promise, `ready` (src/render/text/shaper.ts awaits it), the .wasm is embedded in
// the bundle and handed to the factory, and `import.meta.url` becomes a fixed URL (only used to find
// files, which the embedded bytes make unnecessary). Everywhere else (Vite, tsx, vitest) the package
// loads as published.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const TOP_LEVEL_INIT = "init(await createHarfBuzz());";

export function harfbuzzPlugin() {
  const dir = dirname(createRequire(import.meta.url).resolve("harfbuzzjs/dist/harfbuzz.wasm"));
  const wasm = join(dir, "harfbuzz.wasm");
  return {
    name: "harfbuzz-without-top-level-await",
    setup(b) {
      b.onLoad({ filter: /harfbuzzjs[\\/]dist[\\/]index\.mjs$/ }, (args) => {
        const src = readFileSync(args.path, "utf8");
        // a new harfbuzzjs that loads itself differently must fail the build, not ship unshaped
        if (!src.includes(TOP_LEVEL_INIT))
          throw new Error(
            `harfbuzzjs: "${TOP_LEVEL_INIT}" not found in its entry; update scripts/harfbuzz-esbuild.mjs`,
          );
        const contents = src.replace(
          TOP_LEVEL_INIT,
          `import harfbuzzWasm from ${JSON.stringify(wasm)};\n` +
            "export const ready = createHarfBuzz({ wasmBinary: harfbuzzWasm }).then(init);",
        );
        return { contents, loader: "js", resolveDir: dir };
      });
      b.onLoad({ filter: /harfbuzzjs[\\/]dist[\\/]harfbuzz\.js$/ }, (args) => ({
        contents: readFileSync(args.path, "utf8").replaceAll(
          "import.meta.url",
          '"file:///harfbuzzjs/harfbuzz.js"',
        ),
        loader: "js",
        resolveDir: dir,
      }));
      b.onLoad({ filter: /harfbuzzjs[\\/]dist[\\/]harfbuzz\.wasm$/ }, (args) => ({
        contents: readFileSync(args.path),
        loader: "binary",
      }));
      // the factory imports `module` only when it runs in Node: a browser bundle keeps the import
      b.onResolve({ filter: /^module$/ }, (args) =>
        /harfbuzzjs/.test(args.importer) ? { path: "module", external: true } : undefined,
      );
    },
  };
}
