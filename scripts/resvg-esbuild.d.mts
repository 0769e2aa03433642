import type { Plugin } from "esbuild";
export function resvgInlinePlugin(): Plugin;
