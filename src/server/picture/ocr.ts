// Text in the straightened label with tesseract.js, offline: the worker, its wasm core and the
// language data all come from node_modules (@tesseract.js-data/<lang>); nothing is downloaded.
// One worker, made on first use (or by warmOcr) and kept (recognition requests queue on it).
import { createRequire } from "node:module";
import type { Worker } from "tesseract.js";
import type { Box } from "./codes";

const require = createRequire(import.meta.url);

export interface OcrLine {
  readonly text: string;
  readonly box: Box;
  /** tesseract's row height (ascender to descender), pixels */
  readonly rowHeight: number;
  /** y of the baseline at the line's middle, pixels */
  readonly baseline: number;
  readonly confidence: number;
}

/** Lines of one block (paragraph), kept together as one Text element. */
export interface OcrBlock {
  readonly lines: readonly OcrLine[];
}

/** The tesseract language (its data package @tesseract.js-data/<lang> must be installed). */
export function ocrLanguage(): string {
  const lang = process.env.INKLESS_OCR_LANG?.trim() || "eng";
  return /^[a-z_]{3,12}$/.test(lang) ? lang : "eng";
}

let worker: Promise<Worker> | null = null;

async function getWorker(): Promise<Worker> {
  if (!worker) {
    worker = (async () => {
      const lang = ocrLanguage();
      const data = require(`@tesseract.js-data/${lang}`) as { langPath: string; gzip: boolean };
      const { createWorker } = await import("tesseract.js");
      return createWorker(lang, 1, { langPath: data.langPath, gzip: data.gzip, cacheMethod: "none" });
    })();
    worker.catch(() => {
      worker = null;
    });
  }
  return worker;
}

/** Starts the worker now (and its model), so the first picture does not wait for it. */
export async function warmOcr(): Promise<void> {
  await getWorker();
}

/** Stops the worker (server shutdown, tests). */
export async function stopOcr(): Promise<void> {
  const w = worker;
  worker = null;
  if (w) await (await w).terminate().catch(() => undefined);
}

const CLEAN = /[^\S\n]+/g;

/** The text blocks of an encoded picture (PNG). Lines tesseract is unsure of are dropped. */
export async function readText(png: Uint8Array, minConfidence = 45): Promise<OcrBlock[]> {
  const w = await getWorker();
  const r = await w.recognize(Buffer.from(png), {}, { blocks: true, text: false });
  const out: OcrBlock[] = [];
  for (const block of r.data.blocks ?? [])
    for (const para of block.paragraphs) {
      const lines: OcrLine[] = [];
      for (const l of para.lines) {
        const text = l.text.replace(CLEAN, " ").trim();
        if (!text || l.confidence < minConfidence || !/[\p{L}\p{N}]/u.test(text)) continue;
        lines.push({
          text,
          box: { x: l.bbox.x0, y: l.bbox.y0, width: l.bbox.x1 - l.bbox.x0, height: l.bbox.y1 - l.bbox.y0 },
          rowHeight: l.rowAttributes?.rowHeight ?? l.bbox.y1 - l.bbox.y0,
          baseline: l.baseline
            ? (l.baseline.y0 + l.baseline.y1) / 2
            : l.bbox.y1 - (l.rowAttributes?.descenders ?? 0),
          confidence: l.confidence,
        });
      }
      if (lines.length) out.push({ lines });
    }
  return out;
}
