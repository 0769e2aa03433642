// Messages between the page and the PDF worker (structured-cloneable only).
import type { Sheets } from "../../data";
import type { LabelDocument } from "../../model/types";
import type { PageMode, RecordRange } from "../layout";
import type { ProgressEstimate } from "../yielder";

export interface WorkerPdfOptions {
  readonly pageMode?: PageMode;
  readonly range?: RecordRange;
  readonly sheets?: Sheets;
  readonly now?: Date;
}

export type ToWorker =
  | { type: "fonts"; id: 0; faces: { family: string; bold: boolean; bytes: ArrayBuffer }[] }
  | { type: "pdf"; id: number; doc: LabelDocument; opts: WorkerPdfOptions }
  | { type: "abort"; id: number };

export type FromWorker =
  | { type: "progress"; id: number; done: number; total: number; estimate?: ProgressEstimate }
  | { type: "done"; id: number; blob: Blob; fileName: string; count: number }
  | { type: "error"; id: number; name: string; message: string }
  | { type: "crash"; id: number };
