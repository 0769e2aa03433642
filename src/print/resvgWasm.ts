// The resvg wasm module's bytes, read from node_modules. The assistant's download bundle
// (scripts/build-assistant.mjs) replaces this module with one holding the bytes inline.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

export function resvgWasmBytes(): Uint8Array {
  const require = createRequire(import.meta.url);
  return readFileSync(require.resolve("@resvg/resvg-wasm/index_bg.wasm"));
}
