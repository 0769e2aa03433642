// Messages between the page and the printer template worker (structured-cloneable only).
import type { Sheets } from "../../data";
import type { LabelDocument } from "../../model/types";
import type { SharedFace } from "../../render/workerFaces";
import type { PrinterLanguage } from "../job";
import type { PrinterTemplate, TemplateOptions } from "./template";

/** What a template job takes besides the label: no font registry (the worker has its own). */
export interface TemplateJobOptions {
  readonly dpi: number;
  readonly sheets?: Sheets;
  readonly records?: TemplateOptions["records"];
  readonly now?: Date;
}

export type ToTemplateWorker =
  | { type: "fonts"; faces: readonly SharedFace[] }
  | { type: "template"; id: number; doc: LabelDocument; language: PrinterLanguage; opts: TemplateJobOptions };

export type FromTemplateWorker =
  | { type: "done"; id: number; template: PrinterTemplate }
  | { type: "error"; id: number; name: string; message: string };
