import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./scripts/precompress.mjs";
import { helpIndexPlugin } from "./src/help/indexPlugin";

// The app is served under /label/ (spec: router base path /label).
export default defineConfig({
  base: "/label/",
  // the help search's index is made at build time from help/<lang>/*.md (src/help/indexPlugin.ts)
  // after the build, a .br and a .gz beside each text asset (scripts/precompress.mjs)
  plugins: [
    react(),
    helpIndexPlugin(fileURLToPath(new URL("./help", import.meta.url))),
    {
      name: "inkless-precompress",
      apply: "build",
      closeBundle: () => void precompress(fileURLToPath(new URL("./dist/client", import.meta.url))),
    },
  ],
  // one language's messages per page: src/i18n/messages.ts (all five, for Node) is replaced by
  // messages.browser.ts (same API, each language a chunk loaded when chosen)
  // the resvg wasm's bytes are read from node_modules in Node, fetched as an asset in the browser
  resolve: {
    alias: [
      { find: /^(.*\/i18n)\/messages$/, replacement: "$1/messages.browser" },
      { find: /^(.*)\/resvgWasm$/, replacement: "$1/resvgWasm.browser" },
    ],
  },
  build: {
    outDir: "dist/client",
    sourcemap: true,
    chunkSizeWarningLimit: 2000,
  },
  // every worker is created with { type: "module" }; ES workers may import HarfBuzz (top-level await)
  worker: { format: "es" },
  server: {
    port: 5173,
    proxy: {
      "/interface": "http://127.0.0.1:8080",
      "/hanma": "http://127.0.0.1:8080",
      "/net": "http://127.0.0.1:8080",
      "/files": "http://127.0.0.1:8080",
    },
  },
});
