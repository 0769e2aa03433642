// `label render <file> --out x.pdf|x.png|x.jpg|x.zip [--sheet data.xlsx] [--record a-b]`: the
// browser's export, the same code. PDFs are written here in Node by the same DOM-free writer the
// browser's worker runs (src/export/pdf/); only a label whose images Node cannot decode (GIF, WebP,
// BMP, interlaced PNG, a black/white JPEG) goes through headless Chromium like PNG/JPEG/ZIP do
// (src/export/node/chromium.ts). PDFs hold every record of the range (label-size pages for
// x.label.pdf, A4 at actual size with the labels tiled and cut marks for x.tiled.pdf); images of
// several sheets need a .zip.
import { recordCount } from "../data";
import { clampRange, type PageMode, parseRange, type RecordRange } from "../export/layout";
import type { PdfWriteOptions } from "../export/pdf/document";
import type { PixelDecoder } from "../export/pdf/images";
import type { LabelDocument } from "../model/types";
import type { Args } from "./args";
import { CliError } from "./errors";
import { readLabel, writeOutput } from "./io";
import { sheetsFor } from "./render";

export const EXPORT_OUT = /\.(pdf|png|jpe?g|zip)$/i;

/** x.label.pdf: label-size pages · x.tiled.pdf: A4 at actual size, labels tiled · x.pdf: A4 fitted. */
export function pdfPageModeOf(out: string): PageMode {
  if (/\.label\.pdf$/i.test(out)) return "label";
  if (/\.tiled\.pdf$/i.test(out)) return "tiled";
  return "a4";
}

function rangeOf(text: string | undefined, total: number): RecordRange {
  if (text === undefined) return clampRange(total);
  const r = parseRange(text);
  if (!r || r.from >= total) throw new CliError("cli.error.record", { max: total });
  return clampRange(total, r);
}

/** The PDF written in Node; null when an image needs the browser's decoder. */
async function pdfInNode(
  doc: LabelDocument,
  opts: Omit<PdfWriteOptions, "decoder">,
): Promise<Uint8Array | null> {
  const [{ writePdf }, { nodeDecoder }, { concat }] = await Promise.all([
    import("../export/pdf/document"),
    import("../export/pdf/images"),
    import("../export/pdf/writer"),
  ]);
  let missed = false;
  const decoder: PixelDecoder = async (bytes, mime) => {
    const px = await nodeDecoder(bytes, mime);
    if (!px) missed = true;
    return px;
  };
  const r = await writePdf(doc, { ...opts, decoder });
  return missed ? null : concat(r.chunks);
}

export async function renderExport(args: Args): Promise<string> {
  const out = args.out as string;
  const doc = await readLabel(args.file as string);
  const sheets = await sheetsFor(doc, args.sheet);
  const total = Math.max(1, recordCount(doc, sheets));
  const range = rangeOf(args.record, total);
  const ext = (EXPORT_OUT.exec(out)?.[1] ?? "").toLowerCase();
  const pageMode = pdfPageModeOf(out);
  if (ext === "pdf") {
    let bytes: Uint8Array | null;
    try {
      bytes = await pdfInNode(doc, { range, sheets, pageMode });
    } catch (e) {
      throw new CliError("cli.error.render", { reason: e instanceof Error ? e.message : String(e) });
    }
    if (bytes) {
      await writeOutput(out, bytes);
      return "";
    }
  }
  const { openExportPage } = await import("../export/node/chromium");
  let ui: Awaited<ReturnType<typeof openExportPage>> | null = null;
  try {
    ui = await openExportPage();
    const opts: Record<string, unknown> = { range };
    const kind = ext === "pdf" ? "pdf" : ext === "zip" || ext === "png" ? "png" : "jpeg";
    if (kind === "pdf") opts.pageMode = pageMode;
    if (ext === "zip") opts.zip = true;
    const r = await ui.run(kind, doc, opts, [...sheets.entries()]);
    if (ext !== "zip" && kind !== "pdf" && r.type === "application/zip")
      throw new CliError("cli.error.outFormat", { extensions: ".zip" });
    await writeOutput(out, r.bytes);
  } catch (e) {
    if (e instanceof CliError) throw e;
    throw new CliError("cli.error.render", { reason: e instanceof Error ? e.message : String(e) });
  } finally {
    await ui?.close();
  }
  return "";
}
