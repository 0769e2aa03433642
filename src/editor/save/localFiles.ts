// Local files: download the label as .tprts (Ctrl+Shift+S), open a .tprt/.tprts the user picks or
// drops on the canvas, and open a cloud label from its file URL (/editLabel with labelAttr.file).
import { fileBaseName } from "../../export/layout";
import { TIP } from "../../i18n/tips";
import { LABEL_FILE_MAX_BYTES, type ParseResult, parseLabelFile, serializeTprts } from "../../model/file";
import type { LabelDocument } from "../../model/types";
import { isZplFileName } from "../../zpl/fileName";

export { isZplFileName };

/** Starts a browser download of `blob` named `name` (the "download link" of the spec). */
export function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.rel = "noopener";
  a.style.display = "none";
  document.body.appendChild(a);
  a.click();
  a.remove();
  // the download has started from the object URL; free it once the click has been handled
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The label as a local .tprts file named by the label. */
export function localFileOf(doc: LabelDocument): { blob: Blob; name: string } {
  return {
    blob: new Blob([serializeTprts(doc) as BlobPart], { type: "application/octet-stream" }),
    name: `${fileBaseName(doc.attrs.name)}.tprts`,
  };
}

/** What the editor's open picker offers: label files and ZPL printer files. */
export const LABEL_FILE_ACCEPT = ".tprt,.tprts,.zpl,.prn";

export function isLabelFileName(name: string): boolean {
  return /\.tprts?$/i.test(name);
}

/** A file the editor opens: a label file or a ZPL file. */
export const isOpenableFileName = (name: string) => isLabelFileName(name) || isZplFileName(name);

/** Reads a local file; every failure is a file-format error key (never throws). */
export async function readLocalLabel(file: File): Promise<ParseResult> {
  if (!isLabelFileName(file.name)) return { ok: false, error: { key: "file.error.notLabel" } };
  if (file.size > LABEL_FILE_MAX_BYTES) return { ok: false, error: { key: "file.error.tooLarge" } };
  try {
    return parseLabelFile(new Uint8Array(await file.arrayBuffer()), file.name);
  } catch {
    return { ok: false, error: { key: "file.error.malformed" } };
  }
}

export type RemoteResult =
  | ParseResult
  | { ok: false; error: { key: typeof TIP.noLabelFile | typeof TIP.networkError; detail?: string } };

/** Fetches a label file by URL (.tprts as a blob, then decrypted) and parses it. */
export async function fetchLabelFile(url: string, fetcher: typeof fetch = fetch): Promise<RemoteResult> {
  if (!url) return { ok: false, error: { key: TIP.noLabelFile } };
  let res: Response;
  try {
    res = await fetcher(url, { credentials: "include" });
  } catch {
    return { ok: false, error: { key: TIP.networkError } };
  }
  if (!res.ok) return { ok: false, error: { key: TIP.noLabelFile, detail: `HTTP ${res.status}` } };
  const name = decodeURIComponent(url.split("?")[0].split("/").pop() ?? "");
  const bytes = new Uint8Array(await (await res.blob()).arrayBuffer());
  return parseLabelFile(bytes, name);
}
