// Text in the straightened label with tesseract.js, offline: the worker, its wasm core and the
// language data all come from node_modules (@tesseract.js-data/<model>); nothing is downloaded.
// One worker, made on first use (or by warmOcr) for one language and kept; a picture in another
// language (src/model/ocrLanguages.ts) replaces it, so only the models of the language in use are
// ever loaded. Recognition requests run one at a time (the picture thread's queue).
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Worker } from "tesseract.js";
import { DEFAULT_OCR_LANGUAGE, ocrLanguageOf } from "../../model/ocrLanguages";
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

const CODE = /^[a-z_]{3,12}$/;

/** The server's default language: INKLESS_OCR_LANG (a language of the list, or any tesseract model
 * whose package @tesseract.js-data/<code> is installed), else English. */
export function ocrLanguage(): string {
  const lang = process.env.INKLESS_OCR_LANG?.trim() || DEFAULT_OCR_LANGUAGE;
  return CODE.test(lang) ? lang : DEFAULT_OCR_LANGUAGE;
}

/** The tesseract models read for a language id. */
export function ocrModels(language: string): readonly string[] {
  return ocrLanguageOf(language)?.models ?? (CODE.test(language) ? [language] : [DEFAULT_OCR_LANGUAGE]);
}

let modelDir: string | null = null;

/** The links' folder: node_modules/.cache/inkless-ocr beside the packages (kept and reused: the
 * links are the same every time), or a fresh temporary one where node_modules is read-only. */
function linkFolder(): string {
  if (modelDir) return modelDir;
  try {
    const dir = join(dirname(require.resolve("tesseract.js/package.json")), "..", ".cache", "inkless-ocr");
    mkdirSync(dir, { recursive: true });
    modelDir = dir;
  } catch {
    const dir = mkdtempSync(join(tmpdir(), "inkless-ocr-"));
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    modelDir = dir;
  }
  return modelDir;
}

/**
 * A folder holding a link to each model's traineddata in its npm package (where the package says it
 * is). tesseract.js reads every language of a worker from one folder (its `langPath`), and each
 * package has its own; it cannot take the bytes instead (7.0 names a language by its bytes then).
 */
function modelFolder(models: readonly string[]): string {
  const dir = linkFolder();
  for (const code of models) {
    const pkg = require(`@tesseract.js-data/${code}`) as { langPath: string; gzip: boolean };
    const file = join(pkg.langPath, `${code}.traineddata${pkg.gzip ? ".gz" : ""}`);
    // named as gzipped either way: tesseract.js tells gzipped data by its first bytes
    const link = join(dir, `${code}.traineddata.gz`);
    if (existsSync(link)) continue;
    try {
      symlinkSync(file, link);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "EEXIST") continue; // another process made it
      copyFileSync(file, link); // no symbolic links here (Windows without the right to make them)
    }
  }
  return dir;
}

let current: { key: string; worker: Promise<Worker> } | null = null;

async function getWorker(language: string): Promise<Worker> {
  const models = ocrModels(language);
  const key = models.join("+");
  if (current?.key === key) return current.worker;
  const old = current;
  const worker = (async () => {
    // the previous language's worker (and its models) goes before the next one is made
    if (old) await (await old.worker.catch(() => null))?.terminate().catch(() => undefined);
    const langPath = modelFolder(models);
    const { createWorker } = await import("tesseract.js");
    return createWorker([...models], 1, { langPath, gzip: true, cacheMethod: "none" });
  })();
  const entry = { key, worker };
  current = entry;
  worker.catch(() => {
    if (current === entry) current = null;
  });
  return worker;
}

/** Starts the worker now (the server's default language, unless one is running), so the first
 * picture does not wait for it. */
export async function warmOcr(): Promise<void> {
  await (current?.worker ?? getWorker(ocrLanguage()));
}

/** Stops the worker (server shutdown, tests). */
export async function stopOcr(): Promise<void> {
  const w = current?.worker;
  current = null;
  if (w) await (await w.catch(() => null))?.terminate().catch(() => undefined);
}

const CLEAN = /[^\S\n]+/g;

/** The text blocks of an encoded picture (PNG) in `language` (an id of src/model/ocrLanguages.ts).
 * Lines tesseract is unsure of are dropped. */
export async function readText(
  png: Uint8Array,
  language = ocrLanguage(),
  minConfidence = 45,
): Promise<OcrBlock[]> {
  const w = await getWorker(language);
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
