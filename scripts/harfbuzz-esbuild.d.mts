import type { Plugin } from "esbuild";

/** esbuild plugin: harfbuzzjs with its .wasm embedded and no top-level await (scripts/harfbuzz-esbuild.mjs). */
export function harfbuzzPlugin(): Plugin;
