// The PDF made in the calling thread (page, worker or Node): the writer with the image decoder the
// environment has, the chunks joined into a Blob.
import type { LabelDocument } from "../../model/types";
import type { SheetOptions } from "../sheets";
import type { Progress } from "../yielder";
import { writePdfOf } from "./document";
import { browserDecoder, nodeDecoder } from "./images";

export interface PdfHereOptions extends SheetOptions {
  readonly onProgress?: Progress;
  readonly signal?: AbortSignal;
  /** ms of work between yields (progress paint, cancel); default 12 */
  readonly sliceMs?: number;
}

export interface PdfHereResult {
  readonly blob: Blob;
  readonly fileName: string;
  readonly count: number;
}

const hasBitmaps = () => typeof createImageBitmap !== "undefined" && typeof OffscreenCanvas !== "undefined";

export function exportPdfHere(doc: LabelDocument, opts: PdfHereOptions = {}): Promise<PdfHereResult> {
  return exportPdfOfHere([doc], opts);
}

/** Several documents in one PDF, one after the other (a ZPL file's labels). */
export async function exportPdfOfHere(
  docs: readonly LabelDocument[],
  opts: PdfHereOptions = {},
): Promise<PdfHereResult> {
  const r = await writePdfOf(docs, { ...opts, decoder: hasBitmaps() ? browserDecoder : nodeDecoder });
  return {
    blob: new Blob(r.chunks as BlobPart[], { type: "application/pdf" }),
    fileName: r.fileName,
    count: r.count,
  };
}
