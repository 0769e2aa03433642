import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { helpIndexPlugin } from "./src/help/indexPlugin";

// The app is served under /label/ (spec: router base path /label).
export default defineConfig({
  base: "/label/",
  // the help search's index is made at build time from help/<lang>/*.md (src/help/indexPlugin.ts)
  plugins: [react(), helpIndexPlugin(fileURLToPath(new URL("./help", import.meta.url)))],
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
