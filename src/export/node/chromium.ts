// Node side of the export (CLI, tests, benchmark): the same export modules the app uses run in
// headless Chromium, for what needs a browser: PNG/JPEG (OffscreenCanvas in the export worker, canvg
// in the page) and PDFs whose images Node cannot decode (our PDF writer itself needs no DOM and also
// runs in Node). They are bundled with esbuild (present with tsx) and served, with the shipped
// fonts, from a routed origin: no server, no port.
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "esbuild";
import { type Browser, chromium, type Page } from "playwright-core";
import { harfbuzzPlugin } from "../../../scripts/harfbuzz-esbuild.mjs";
import type { LabelDocument } from "../../model/types";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const ENTRY = fileURLToPath(new URL("./pageEntry.ts", import.meta.url));
const WORKER = fileURLToPath(new URL("../pdf/worker.ts", import.meta.url));
const ORIGIN = "http://inkless.test";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export interface ExportPage {
  readonly browser: Browser;
  readonly page: Page;
  /** runs exportPdf / exportImages in the page; answers the file bytes and name */
  run(
    kind: "pdf" | "png" | "jpeg",
    doc: LabelDocument,
    opts?: Record<string, unknown>,
    sheets?: [string, unknown][],
  ): Promise<{ bytes: Uint8Array; fileName: string; count: number; ms: number; type: string }>;
  close(): Promise<void>;
}

/** `entry` bundled as a classic script for a Chromium page; `plugins` go after HarfBuzz's. */
export async function bundle(entry = ENTRY, plugins: Plugin[] = []): Promise<string> {
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    format: "iife",
    platform: "browser",
    write: false,
    target: "chrome120",
    define: { "import.meta.env": "{}" },
    // HarfBuzz without its top-level await (which a classic script cannot hold), its .wasm inside:
    // the page shapes complex scripts into the same glyphs as every other path (docs/rendering.md)
    plugins: [harfbuzzPlugin(), ...plugins],
    logLevel: "silent",
  });
  return out.outputFiles[0].text;
}

export async function openExportPage(): Promise<ExportPage> {
  const [code, worker] = await Promise.all([bundle(), bundle(WORKER)]);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  const page = await browser.newPage();
  await page.route(`${ORIGIN}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === "/")
      return route.fulfill({ contentType: "text/html", body: "<!doctype html><body></body>" });
    if (path === "/bundle.js") return route.fulfill({ contentType: "text/javascript", body: code });
    if (path === "/pdf-worker.js") return route.fulfill({ contentType: "text/javascript", body: worker });
    const m = /^\/fonts\/([A-Za-z0-9._-]+)$/.exec(path);
    if (m)
      return route.fulfill({ contentType: "font/ttf", body: await readFile(`${ROOT}public/fonts/${m[1]}`) });
    return route.fulfill({ status: 404, body: "" });
  });
  await page.goto(`${ORIGIN}/`);
  await page.addScriptTag({ url: `${ORIGIN}/bundle.js` });
  return {
    browser,
    page,
    async run(kind, doc, opts = {}, sheets = []) {
      const r = await page.evaluate(
        async ({ kind, doc, opts, sheets }) => {
          const api = (
            globalThis as never as {
              inklessExport: Record<
                string,
                (...a: unknown[]) => Promise<{ blob: Blob; fileName: string; count: number }>
              >;
            }
          ).inklessExport;
          const t0 = performance.now();
          const o = { ...opts, sheets: new Map(sheets) };
          const res =
            kind === "pdf"
              ? await api.exportPdf(doc, o)
              : await api.exportImages(doc, { ...o, format: kind });
          const ms = performance.now() - t0;
          const buf = new Uint8Array(await res.blob.arrayBuffer());
          let bin = "";
          for (let i = 0; i < buf.length; i += 0x8000)
            bin += String.fromCharCode(...buf.subarray(i, i + 0x8000));
          return { b64: btoa(bin), fileName: res.fileName, count: res.count, ms, type: res.blob.type };
        },
        { kind, doc, opts, sheets },
      );
      return {
        bytes: new Uint8Array(Buffer.from(r.b64, "base64")),
        fileName: r.fileName,
        count: r.count,
        ms: r.ms,
        type: r.type,
      };
    },
    close: () => browser.close(),
  };
}

/** Decodes an image file in the page and answers its RGBA pixels (for zxing in Node). */
export async function pixelsOf(
  page: Page,
  bytes: Uint8Array,
  type: string,
  /** drawn over white paper (a transparent picture then reads as white, not as black) */
  onWhite = false,
): Promise<{ data: Uint8ClampedArray; width: number; height: number }> {
  const r = await page.evaluate(
    async ({ b64, type, onWhite }) => {
      const bin = atob(b64);
      const u8 = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) u8[i] = bin.charCodeAt(i);
      const bmp = await createImageBitmap(new Blob([u8], { type }));
      const c = document.createElement("canvas");
      c.width = bmp.width;
      c.height = bmp.height;
      const ctx = c.getContext("2d") as CanvasRenderingContext2D;
      if (onWhite) {
        ctx.fillStyle = "#fff";
        ctx.fillRect(0, 0, c.width, c.height);
      }
      ctx.drawImage(bmp, 0, 0);
      const d = ctx.getImageData(0, 0, c.width, c.height).data;
      let s = "";
      for (let i = 0; i < d.length; i += 0x8000) s += String.fromCharCode(...d.subarray(i, i + 0x8000));
      return { b64: btoa(s), width: c.width, height: c.height };
    },
    { b64: Buffer.from(bytes).toString("base64"), type, onWhite },
  );
  return { data: new Uint8ClampedArray(Buffer.from(r.b64, "base64")), width: r.width, height: r.height };
}
