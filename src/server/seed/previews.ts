// Preview images (SVG) of the sample labels and the industry library, drawn with the shared renderer
// and kept in the file store ($INKLESS_DATA/files/_seed/, _library/). Best effort: without them a
// label simply has no preview.
import { readFile } from "node:fs/promises";
import type { LabelDocument } from "../../model/types";
import type { FileStore } from "../files/store";
import { SAMPLES } from "./samples";

// Text is drawn as glyph outlines: an SVG shown through <img> cannot use the page's web fonts.
const previewKey = (file: string) => `_seed/previews/${file.replace(/\.tprts?$/, "")}.outlined.svg`;

/** The label (first record: sequences at their first value, dates of today) as an outlined SVG. */
export async function outlinedPreview(doc: LabelDocument): Promise<Uint8Array> {
  const { resolveValues } = await import("../../data");
  const { getFontRegistry, prepareRender, renderLabel } = await import("../../render");
  const { textToPaths } = await import("../../print/textPaths");
  const values = resolveValues(doc, 0, new Map());
  await prepareRender(doc, { values });
  return new TextEncoder().encode(textToPaths(renderLabel(doc, { values }), getFontRegistry()));
}

/** Runs `work` for at most `timeoutMs`; resolves (never rejects) when done or given up, logging why. */
export async function bestEffort(
  what: string,
  work: Promise<void>,
  log: (l: string) => void,
  timeoutMs: number,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((_, fail) => {
    timer = setTimeout(() => fail(new Error("timed out")), timeoutMs);
    timer.unref();
  });
  try {
    await Promise.race([work, timeout]);
  } catch (e) {
    log(`[inkless] ${what} not drawn: ${(e as Error)?.message ?? e}`);
  } finally {
    clearTimeout(timer);
  }
}

/** Renders the previews that are missing; resolves (never rejects) when done or given up. */
export function renderSamplePreviews(files: FileStore, log: (l: string) => void, timeoutMs = 60_000) {
  const work = (async () => {
    const { parseLabelFile } = await import("../../model/file");
    for (const s of SAMPLES) {
      if (await files.get(previewKey(s.file))) continue;
      const parsed = parseLabelFile(
        new Uint8Array(await readFile(new URL(`./samples/${s.file}`, import.meta.url))),
        s.file,
      );
      if (!parsed.ok) throw new Error(`${s.file}: ${parsed.error.key}`);
      await files.put(previewKey(s.file), await outlinedPreview(parsed.doc));
    }
  })();
  return bestEffort("sample previews", work, log, timeoutMs);
}

/** The stored preview of a sample, if it was drawn. */
export function samplePreview(files: FileStore, file: string): Promise<Uint8Array | null> {
  return files.get(previewKey(file));
}
