// The export region of the save flow (machines/saveFlow.machine.ts): its kinds, the job it runs, the
// progress it shows and what a failed export says. Pure: the runner itself is injected.
import type { RecordRange } from "../src/export/layout";
import { isAbort } from "../src/export/yielder";
import { isImageTooLarge, MAX_IMAGE_PIXELS } from "../src/image/guard";
import type { LabelDocument } from "../src/model/types";

export type ExportKind = "png" | "jpeg" | "pdf" | "pdf-label" | "pdf-tiled" | "zpl" | "tspl";

/** The printer template kinds (issue 36): the label as a ZPL stored format or a TSPL program. */
export const TEMPLATE_KINDS: Readonly<Partial<Record<ExportKind, "ZPL" | "TSPL">>> = {
  zpl: "ZPL",
  tspl: "TSPL",
};

/** What the read-me of a printer template export says: the template's name, fields and gaps. */
export interface TemplateNotes {
  /** the downloaded file's name */
  readonly fileName: string;
  readonly language: "ZPL" | "TSPL";
  readonly dpi: number;
  /** the stored format's or program's name on the printer */
  readonly name: string;
  /** the fields in ^FN / variable order: the label's data sources' names */
  readonly fields: readonly string[];
  /** changing elements the template leaves out */
  readonly left: readonly string[];
  /** changing texts with characters the printer's own font may not draw */
  readonly outsideFont: readonly { readonly name: string; readonly chars: string }[];
}

/** What opening an export found: how many records the label gives, the characters no font draws. */
export interface ExportCheck {
  readonly total: number;
  readonly unprintable: string;
}

/** The export the region holds, from the menu to the download. */
export interface ExportJob extends ExportCheck {
  readonly kind: ExportKind;
  readonly doc: LabelDocument;
  /** the records chosen in the range dialog (undefined: all) */
  readonly range?: RecordRange;
  /** a printer template's resolution, chosen in its dialog */
  readonly dpi?: number;
  /** a printer template's read-me, once it is made */
  readonly notes?: TemplateNotes;
}

/** What the runner needs: the kind, the document as it was when the export was asked, the range, the dpi. */
export type ExportRun = Pick<ExportJob, "kind" | "doc" | "range" | "dpi">;

export interface ProgressState {
  readonly done: number;
  readonly total: number;
  readonly startedAt: number;
  /** the exporter's own estimate of the time left, when it gives one */
  readonly remainingMs?: number;
}

/** The file an export made, for the download. */
export interface ExportFile {
  readonly blob: Blob;
  readonly fileName: string;
  /** a printer template's read-me */
  readonly notes?: TemplateNotes;
}

/** What the runner sends back to the machine while it runs. */
export type ExportRunnerEvent =
  | { type: "export.progress"; progress: ProgressState }
  | { type: "export.finished"; file: ExportFile }
  | { type: "export.failed"; key: string; vars?: Record<string, string | number> };

/**
 * The message a failed export shows (null: a cancel, which says nothing): a picture too large to
 * decode names the limit, anything else is "the export failed" (and the user may try again).
 */
export function exportFailure(e: unknown): Extract<ExportRunnerEvent, { type: "export.failed" }> | null {
  if (isAbort(e)) return null;
  if (isImageTooLarge(e))
    return {
      type: "export.failed",
      key: "image.error.tooLarge",
      vars: { megapixels: MAX_IMAGE_PIXELS / 1e6 },
    };
  return { type: "export.failed", key: "editor.export.failed" };
}
