import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The app is served under /label/ (spec: router base path /label).
export default defineConfig({
  base: "/label/",
  plugins: [react()],
  build: {
    outDir: "dist/client",
    sourcemap: true,
    chunkSizeWarningLimit: 2000,
  },
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
