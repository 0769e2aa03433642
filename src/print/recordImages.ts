// The print API's labels (issue 39): a cloud template drawn once per record, one PNG each, text as
// outlines (no system fonts). Runs on whichever thread calls it: a raster worker (task "records" of
// ./rasterPool.ts) or, where workers cannot start, the server's own thread.
import { createResolver } from "../data";
import { type FieldRecord, recordSheets } from "../data/recordSheets";
import type { LabelDocument } from "../model/types";

/** Records `from`…`to` (exclusive) of a job; every task gets all its records and counter numbers
 * (a record's values may depend on its index), and the request's time (one date for the job). */
export interface RecordsTask {
  readonly doc: LabelDocument;
  readonly records: readonly FieldRecord[];
  /** reserved counter numbers by counter id, one per record */
  readonly counters: readonly (readonly [string, readonly string[]])[];
  readonly from: number;
  readonly to: number;
  readonly dpi: number;
  /** the request's time, ms since 1970 */
  readonly now: number;
}

export async function drawRecordImages(t: RecordsTask): Promise<Uint8Array[]> {
  const [{ initRaster, printSvg }, { getFontRegistry, prepareRender }, { drawImage }] = await Promise.all([
    import("./raster"),
    import("../render"),
    import("../export/node/drawImage"),
  ]);
  await initRaster();
  const sheets = recordSheets(t.doc, t.records);
  const counters = new Map(t.counters.map(([id, n]) => [id, n] as const));
  const valuesOf = createResolver(t.doc, sheets, new Date(t.now), { counters });
  const fonts = getFontRegistry();
  const pngs: Uint8Array[] = [];
  for (let i = t.from; i < t.to; i++) {
    // drawn on the server's thread (no workers), other requests are served between two labels
    if (i > t.from) await new Promise((go) => setImmediate(go));
    const values = new Map(valuesOf(i));
    await prepareRender(t.doc, { values, fonts });
    const svg = printSvg(t.doc, [i], () => values, { dpi: t.dpi, fonts });
    pngs.push(drawImage(svg, "png", t.dpi));
  }
  return pngs;
}
