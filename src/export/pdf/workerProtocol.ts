// Messages between the page and the export worker (structured-cloneable only).
import type { Sheets } from "../../data";
import type { LabelDocument } from "../../model/types";
import type { PageMode, RecordRange, SheetOffset } from "../layout";
import type { ProgressEstimate } from "../yielder";

export interface WorkerPdfOptions {
  readonly pageMode?: PageMode;
  readonly sheetOffset?: SheetOffset;
  readonly range?: RecordRange;
  readonly sheets?: Sheets;
  readonly now?: Date;
}

export type ToWorker =
  | { type: "fonts"; id: 0; faces: { family: string; bold: boolean; bytes: ArrayBuffer }[] }
  | { type: "pdf"; id: number; doc: LabelDocument; opts: WorkerPdfOptions }
  | {
      type: "images";
      id: number;
      doc: LabelDocument;
      opts: WorkerPdfOptions & { format: "png" | "jpeg"; zip?: boolean };
    }
  | { type: "abort"; id: number };

export type FromWorker =
  | { type: "progress"; id: number; done: number; total: number; estimate?: ProgressEstimate }
  | { type: "done"; id: number; blob: Blob; fileName: string; count: number }
  | { type: "error"; id: number; name: string; message: string }
  | { type: "crash"; id: number }
  /** the worker cannot do this job (no OffscreenCanvas or worker fonts): do it in the page */
  | { type: "unsupported"; id: number };
