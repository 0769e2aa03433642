// ZPL files in the browser (the editor's open dialog, the template upload): read from a File at a
// resolution, every failure a message key (the reader's own, never a thrown error).
import type { LabelDocument } from "../../model/types";
import type { ZplRead } from "../../zpl";
import { ZPL_DEFAULT_DPI } from "../../zpl/limits";

export type ZplState =
  | { readonly status: "reading" }
  | { readonly status: "read"; readonly read: ZplRead; readonly list: string }
  | {
      readonly status: "error";
      readonly key: string;
      readonly vars: Readonly<Record<string, string | number>>;
    };

/** The file's base name, the labels' name. */
const baseName = (name: string) => name.replace(/\.(zpl|prn|txt)$/i, "").trim() || "ZPL";

/** Reads a ZPL file at `dpi` (the reader is loaded on first use). */
export async function zplStateOf(file: File, dpi: number): Promise<ZplState> {
  const { readZpl, unknownList, ZPL_MAX_BYTES, ZplError } = await import("../../zpl");
  if (file.size > ZPL_MAX_BYTES)
    return {
      status: "error",
      key: "zpl.error.tooLarge",
      vars: { limit: Math.round(ZPL_MAX_BYTES / 1024 / 1024) },
    };
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const read = await readZpl(bytes, { dpi, name: baseName(file.name) });
    return { status: "read", read, list: unknownList(read.unknown) };
  } catch (e) {
    if (e instanceof ZplError) return { status: "error", key: e.key, vars: e.vars };
    return {
      status: "error",
      key: "zpl.error.unreadable",
      vars: { reason: e instanceof Error ? e.message : String(e) },
    };
  }
}

/** Every label of a ZPL file at the default resolution, for uploading them as templates. */
export async function zplLabelsOf(file: File): Promise<{ docs: readonly LabelDocument[]; list: string }> {
  const s = await zplStateOf(file, ZPL_DEFAULT_DPI);
  if (s.status === "error") throw Object.assign(new Error(s.key), { key: s.key, vars: s.vars });
  if (s.status !== "read") throw new Error("unreachable");
  return { docs: s.read.docs, list: s.list };
}

/** Every label the file prints (^PQ copies included) as one PDF, a page each, downloaded. */
export async function zplToPdf(
  read: ZplRead,
  fileName: string,
  onProgress: (done: number, total: number) => void,
): Promise<{ ok: true; pages: number } | { ok: false; key: string; vars: Record<string, string | number> }> {
  const [{ printedLabels, ZplError }, { exportPdfOfHere }, { downloadBlob }] = await Promise.all([
    import("../../zpl"),
    import("../../export/pdf/here"),
    import("./localFiles"),
  ]);
  try {
    const docs = printedLabels(read);
    // a printer's label is its page
    const r = await exportPdfOfHere(docs, { pageMode: "label", onProgress });
    // named after the file ("carrier.zpl" → "carrier.pdf"), not its first label ("carrier 1")
    downloadBlob(r.blob, `${baseName(fileName)}.pdf`);
    return { ok: true, pages: r.count };
  } catch (e) {
    if (e instanceof ZplError) return { ok: false, key: e.key, vars: { ...e.vars } };
    return {
      ok: false,
      key: "zpl.open.convertFailed",
      vars: { reason: e instanceof Error ? e.message : String(e) },
    };
  }
}
