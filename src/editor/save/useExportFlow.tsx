// The save menu's exports (issue 8): PNG / JPEG / PDF of the label; a label whose data sources
// give several records first asks which ones (all or from–to), then the export runs with a
// progress dialog (bar, time left, Cancel) and downloads the file. Characters no installed font draws
// are named before anything is exported (issue 35): in the range dialog, or in a dialog of their own
// (Cancel / Export anyway) for a single label. Which export runs, its progress, its cancel and its
// failure are the export region of the save-flow machine (machines/saveFlow.machine.ts); this file
// gives it its two effects (the check and the runner) and draws its dialogs.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { fromCallback, fromPromise } from "xstate";
import {
  type ExportCheck,
  type ExportFile,
  type ExportJob,
  type ExportKind,
  type ExportRun,
  type ExportRunnerEvent,
  exportFailure,
  type ProgressState,
  TEMPLATE_KINDS,
} from "../../../machines/saveFlow.export";
import type { SaveFlowEvent } from "../../../machines/saveFlow.machine";
import { userSettings } from "../../app/settings/userSettings";
import { recordCount } from "../../data";
import { exportGeometry, fileBaseName, type PageMode } from "../../export/layout";
import type { Progress } from "../../export/yielder";
import { DEFAULT_TARGET_DPI } from "../../model/constants";
import type { LabelDocument } from "../../model/types";
import type { WorkbookState } from "../data/store";
import { BatchExportDialog } from "./BatchExportDialog";
import { CalibrationDialog } from "./CalibrationDialog";
import { ChoiceDialog } from "./ModalShell";
import { ExportProgress } from "./SaveDialogs";
import { TemplateOptionsDialog, TemplateReadmeDialog } from "./TemplateDialogs";
import { UnprintableNote } from "./UnprintableNote";
import { exportUnprintable } from "./unprintable";

export type { ExportKind } from "../../../machines/saveFlow.export";

/** The PDF page layout of a PDF export kind (undefined: an image export). */
const PDF_PAGES: Partial<Record<ExportKind, PageMode>> = {
  pdf: "a4",
  "pdf-label": "label",
  "pdf-tiled": "tiled",
};

/**
 * The export region's effects. `sheets()`: the spreadsheets the label's sources link (loaded by the
 * editor's data store), read when an export starts: batch exports then hold every record, as printing
 * does.
 */
export function exportServices(sheets: () => WorkbookState["sheets"]) {
  return {
    checkExport: fromPromise<ExportCheck, { doc: LabelDocument }>(async ({ input }) => {
      const total = recordCount(input.doc, sheets());
      // never blocks the export: a failure to look is as if every character were drawn
      const unprintable = await exportUnprintable(input.doc, sheets(), total).catch(() => "");
      return { total, unprintable };
    }),
    runExport: fromCallback<ExportRunnerEvent, ExportRun>(({ sendBack, input }) => {
      const ctrl = new AbortController();
      void runExport(input, sheets(), ctrl.signal, sendBack);
      // stopped (Cancel): the export is aborted and whatever it sends afterwards is dropped
      return () => ctrl.abort();
    }),
  };
}

/**
 * A printer template (issue 36), made in its worker by the CLI's own code: the file, and its
 * read-me's facts. The range's records are the recalls (calls) written after the template.
 */
async function templateFile(
  { kind, doc, range, dpi = doc.attrs.targetDpi ?? DEFAULT_TARGET_DPI }: ExportRun,
  language: "ZPL" | "TSPL",
  sheets: WorkbookState["sheets"],
  signal: AbortSignal,
): Promise<ExportFile> {
  const { exportTemplate } = await import("../../print/native/templateClient");
  const r = await exportTemplate(doc, language, { dpi, sheets, records: range, signal });
  const fileName = `${fileBaseName(doc.attrs.name)}.${kind}`;
  return {
    blob: new Blob([r.bytes as BlobPart], { type: "application/octet-stream" }),
    fileName,
    notes: {
      fileName,
      language,
      dpi,
      name: r.name,
      fields: r.fields,
      left: r.left,
      outsideFont: r.outsideFont,
    },
  };
}

/** One export with its progress; sends back the file or the failure (nothing once aborted). */
async function runExport(
  { kind, doc, range, dpi }: ExportRun,
  sheets: WorkbookState["sheets"],
  signal: AbortSignal,
  sendBack: (e: ExportRunnerEvent) => void,
): Promise<void> {
  const send = (e: ExportRunnerEvent) => {
    if (!signal.aborted) sendBack(e);
  };
  const startedAt = Date.now();
  const progress = (p: Omit<ProgressState, "startedAt">) =>
    send({ type: "export.progress", progress: { ...p, startedAt } });
  // a worker's progress message can arrive after the result: the machine has left running then
  const onProgress: Progress = (done, total, estimate) => {
    if (total > 1) progress({ done, total, remainingMs: estimate?.remainingMs });
  };
  const language = TEMPLATE_KINDS[kind];
  if (language) {
    try {
      send({
        type: "export.finished",
        file: await templateFile({ kind, doc, range, dpi }, language, sheets, signal),
      });
    } catch (e) {
      const failed = exportFailure(e);
      if (failed) send(failed);
    }
    return;
  }
  const pageMode = PDF_PAGES[kind];
  // a batch shows its progress (and Cancel) from the start, while fonts and encoders load
  if (range) {
    const perPage = exportGeometry(doc.attrs, pageMode).cells.length;
    const total = Math.ceil((range.to - range.from + 1) / perPage);
    if (total > 1) progress({ done: 0, total });
  }
  try {
    const r = pageMode
      ? await (await import("../../export/pdf")).exportPdf(doc, {
          pageMode,
          // A4 at actual size: moved by the office printer's offset (the calibration dialog)
          sheetOffset: { x: userSettings.get().sheetOffsetX, y: userSettings.get().sheetOffsetY },
          sheets,
          range,
          onProgress,
          signal,
        })
      : await (await import("../../export/raster")).exportImages(doc, {
          format: kind as "png" | "jpeg",
          sheets,
          range,
          onProgress,
          signal,
        });
    send({ type: "export.finished", file: { blob: r.blob, fileName: r.fileName } });
  } catch (e) {
    const failed = exportFailure(e);
    if (failed) send(failed);
  }
}

/** The export region's states, as the machine names them. */
type ExportState =
  | "idle"
  | "checking"
  | "range"
  | "unprintable"
  | "ready"
  | "templateOptions"
  | "running"
  | "templateDone"
  | "calibrating";

/**
 * The export region's dialog: calibration, range, characters no font draws, a printer template's
 * resolution, progress, or a printer template's read-me.
 */
export function ExportDialogs({
  state,
  job,
  progress,
  layout,
  send,
}: {
  readonly state: ExportState;
  readonly job: ExportJob | null;
  readonly progress: ProgressState | null;
  readonly layout: () => LabelDocument["attrs"];
  readonly send: (e: SaveFlowEvent) => void;
}): ReactNode {
  const { t } = useTranslation();
  const cancel = () => send({ type: "export.cancel" });
  if (state === "calibrating")
    return <CalibrationDialog layout={layout()} onClose={() => send({ type: "calibrate.close" })} />;
  if (state === "running" && progress) return <ExportProgress state={progress} onCancel={cancel} />;
  const language = job && TEMPLATE_KINDS[job.kind];
  if (state === "templateOptions" && job && language)
    return (
      <TemplateOptionsDialog
        language={language}
        attrs={job.doc.attrs}
        onCancel={cancel}
        onExport={(dpi) => send({ type: "export.dpi", dpi })}
      />
    );
  if (state === "templateDone" && job?.notes)
    return <TemplateReadmeDialog notes={job.notes} onClose={() => send({ type: "export.close" })} />;
  if (state === "range" && job)
    return (
      <BatchExportDialog
        total={job.total}
        note={job.unprintable && <UnprintableNote chars={job.unprintable} />}
        onCancel={cancel}
        onExport={(range) => send({ type: "export.range", range })}
      />
    );
  if (state === "unprintable" && job)
    return (
      <ChoiceDialog
        title={t("editor.export.unprintableTitle")}
        onClose={cancel}
        testId="export-unprintable-dialog"
        choices={[
          { label: t("editor.dialog.cancel"), onSelect: cancel, testId: "export-unprintable-cancel" },
          {
            label: t("editor.export.anyway"),
            onSelect: () => send({ type: "export.confirm" }),
            testId: "export-unprintable-go",
            tone: "primary",
          },
        ]}
      >
        <UnprintableNote chars={job.unprintable} />
      </ChoiceDialog>
    );
  return null;
}
