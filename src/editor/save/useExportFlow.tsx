// The save menu's exports (issue 8): PNG / JPEG / PDF of the label; a label whose data sources
// give several records first asks which ones (all or from–to), then the export runs with a
// progress dialog (bar, time left, Cancel through an AbortSignal) and downloads the file. Characters
// no installed font draws are named before anything is exported (issue 35): in the range dialog, or
// in a dialog of their own (Cancel / Export anyway) for a single label.
import { type ReactNode, useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { userSettings } from "../../app/settings/userSettings";
import { message } from "../../app/ui/message";
import { recordCount } from "../../data";
import { exportGeometry, type PageMode, type RecordRange } from "../../export/layout";
import { isAbort, type Progress } from "../../export/yielder";
import { isImageTooLarge, MAX_IMAGE_PIXELS } from "../../image/guard";
import { useWorkbooks } from "../data/context";
import type { EditorStore } from "../state/store";
import { BatchExportDialog } from "./BatchExportDialog";
import { CalibrationDialog } from "./CalibrationDialog";
import { downloadBlob } from "./localFiles";
import { ChoiceDialog } from "./ModalShell";
import { ExportProgress, type ProgressState } from "./SaveDialogs";
import { UnprintableNote } from "./UnprintableNote";
import { exportUnprintable } from "./unprintable";

export type ExportKind = "png" | "jpeg" | "pdf" | "pdf-label" | "pdf-tiled";

/** The PDF page layout of a PDF export kind (undefined: an image export). */
const PDF_PAGES: Partial<Record<ExportKind, PageMode>> = {
  pdf: "a4",
  "pdf-label": "label",
  "pdf-tiled": "tiled",
};

export interface ExportFlow {
  exportAs(kind: ExportKind): Promise<void>;
  /** opens the office printer's calibration dialog (the offset of tiled A4 PDFs) */
  calibrate(): void;
  /** the range dialog or the progress dialog, when one is open */
  readonly dialogs: ReactNode;
}

export function useExportFlow(
  store: EditorStore,
  shared: {
    /** one save or export at a time (shared with the cloud save) */
    readonly busy: boolean;
    readonly setBusy: (busy: boolean) => void;
    /** true (after tip50) when the label has nothing to export */
    readonly nothing: () => boolean;
  },
): ExportFlow {
  const { t } = useTranslation();
  const { busy, setBusy, nothing } = shared;
  const [progress, setProgress] = useState<ProgressState | null>(null);
  const [batch, setBatch] = useState<{ kind: ExportKind; total: number; unprintable: string } | null>(null);
  // a single label with characters no font draws: asked before exporting
  const [unprintable, setUnprintable] = useState<{ kind: ExportKind; chars: string } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const [calibrating, setCalibrating] = useState(false);
  // the spreadsheets the label's sources link (loaded by the editor's data store): batch exports
  // then hold every record, as printing does
  const { sheets } = useWorkbooks();
  const sheetsRef = useRef(sheets);
  sheetsRef.current = sheets;

  /** Runs one export (all records, or `range`) with progress and cancel, then downloads it. */
  const runExport = useCallback(
    async (kind: ExportKind, range?: RecordRange) => {
      if (busy) return;
      const doc = store.get().doc;
      const ctrl = new AbortController();
      abort.current = ctrl;
      setBusy(true);
      const startedAt = Date.now();
      let running = true;
      // a worker's progress message can arrive after the result or the cancel: ignored then
      const onProgress: Progress = (done, total, estimate) => {
        if (running && !ctrl.signal.aborted && total > 1)
          setProgress({ done, total, startedAt, remainingMs: estimate?.remainingMs });
      };
      // a batch shows its progress (and Cancel) from the start, while fonts and encoders load
      const pageMode = PDF_PAGES[kind];
      if (range) {
        const perPage = exportGeometry(doc.attrs, pageMode).cells.length;
        const sheets = Math.ceil((range.to - range.from + 1) / perPage);
        if (sheets > 1) setProgress({ done: 0, total: sheets, startedAt });
      }
      try {
        const r =
          kind === "pdf" || kind === "pdf-label" || kind === "pdf-tiled"
            ? await (await import("../../export/pdf")).exportPdf(doc, {
                pageMode,
                // A4 at actual size: moved by the office printer's offset (the calibration dialog)
                sheetOffset: { x: userSettings.get().sheetOffsetX, y: userSettings.get().sheetOffsetY },
                sheets: sheetsRef.current,
                range,
                onProgress,
                signal: ctrl.signal,
              })
            : await (await import("../../export/raster")).exportImages(doc, {
                format: kind,
                sheets: sheetsRef.current,
                range,
                onProgress,
                signal: ctrl.signal,
              });
        downloadBlob(r.blob, r.fileName);
      } catch (e) {
        if (isImageTooLarge(e))
          message.error(t("image.error.tooLarge", { megapixels: MAX_IMAGE_PIXELS / 1e6 }));
        else if (!isAbort(e)) message.error(t("editor.export.failed"));
      } finally {
        running = false;
        abort.current = null;
        setProgress(null);
        setBusy(false);
      }
    },
    [busy, setBusy, store, t],
  );

  /** The save menu's export: a label with several records first asks which ones. */
  const exportAs = useCallback(
    async (kind: ExportKind) => {
      if (nothing() || busy) return;
      const doc = store.get().doc;
      const total = recordCount(doc, sheetsRef.current);
      // never blocks the export: a failure to look is as if every character were drawn
      const chars = await exportUnprintable(doc, sheetsRef.current, total).catch(() => "");
      if (total > 1) setBatch({ kind, total, unprintable: chars });
      else if (chars) setUnprintable({ kind, chars });
      else await runExport(kind);
    },
    [busy, nothing, runExport, store],
  );

  let dialogs: ReactNode = null;
  if (calibrating)
    dialogs = <CalibrationDialog layout={store.get().doc.attrs} onClose={() => setCalibrating(false)} />;
  else if (progress) dialogs = <ExportProgress state={progress} onCancel={() => abort.current?.abort()} />;
  else if (batch)
    dialogs = (
      <BatchExportDialog
        total={batch.total}
        note={batch.unprintable && <UnprintableNote chars={batch.unprintable} />}
        onCancel={() => setBatch(null)}
        onExport={(range) => {
          setBatch(null);
          void runExport(batch.kind, range);
        }}
      />
    );
  else if (unprintable)
    dialogs = (
      <ChoiceDialog
        title={t("editor.export.unprintableTitle")}
        onClose={() => setUnprintable(null)}
        testId="export-unprintable-dialog"
        choices={[
          {
            label: t("editor.dialog.cancel"),
            onSelect: () => setUnprintable(null),
            testId: "export-unprintable-cancel",
          },
          {
            label: t("editor.export.anyway"),
            onSelect: () => {
              setUnprintable(null);
              void runExport(unprintable.kind);
            },
            testId: "export-unprintable-go",
            tone: "primary",
          },
        ]}
      >
        <UnprintableNote chars={unprintable.chars} />
      </ChoiceDialog>
    );
  return { exportAs, calibrate: () => setCalibrating(true), dialogs };
}
