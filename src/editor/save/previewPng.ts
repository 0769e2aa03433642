// The PNG preview of a label's first record, saved with it as the template's cover picture.
import type { LabelDocument } from "../../model/types";

export async function previewPng(doc: LabelDocument): Promise<Uint8Array | null> {
  const { exportImages } = await import("../../export/raster");
  const r = await exportImages(doc, { format: "png", range: { from: 0, to: 0 } });
  return new Uint8Array(await r.blob.arrayBuffer());
}
