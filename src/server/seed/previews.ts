// Preview images (SVG) of the sample labels, drawn once per instance with the shared renderer and
// kept in $INKLESS_DATA/files/_seed/. Best effort: without them the samples simply have no preview.
import { readFile } from "node:fs/promises";
import type { FileStore } from "../files/store";
import { SAMPLES } from "./samples";

// Text is drawn as glyph outlines: an SVG shown through <img> cannot use the page's web fonts.
const previewKey = (file: string) => `_seed/previews/${file.replace(/\.tprts?$/, "")}.outlined.svg`;

/** Renders the previews that are missing; resolves (never rejects) when done or given up. */
export async function renderSamplePreviews(
  files: FileStore,
  log: (l: string) => void,
  timeoutMs = 60_000,
): Promise<void> {
  const work = (async () => {
    const { parseLabelFile } = await import("../../model/file");
    const { getFontRegistry, prepareRender, renderLabel } = await import("../../render");
    const { textToPaths } = await import("../../print/textPaths");
    for (const s of SAMPLES) {
      if (await files.get(previewKey(s.file))) continue;
      const parsed = parseLabelFile(
        new Uint8Array(await readFile(new URL(`./samples/${s.file}`, import.meta.url))),
        s.file,
      );
      if (!parsed.ok) throw new Error(`${s.file}: ${parsed.error.key}`);
      await prepareRender(parsed.doc);
      const svg = textToPaths(renderLabel(parsed.doc), getFontRegistry());
      await files.put(previewKey(s.file), new TextEncoder().encode(svg));
    }
  })();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((_, fail) => {
    timer = setTimeout(() => fail(new Error("timed out")), timeoutMs);
    timer.unref();
  });
  try {
    await Promise.race([work, timeout]);
  } catch (e) {
    log(`[inkless] sample previews not drawn: ${(e as Error)?.message ?? e}`);
  } finally {
    clearTimeout(timer);
  }
}

/** The stored preview of a sample, if it was drawn. */
export function samplePreview(files: FileStore, file: string): Promise<Uint8Array | null> {
  return files.get(previewKey(file));
}
