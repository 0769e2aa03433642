// Dialogs of the save flow: cover-existing-file (405), changed elsewhere (409), draft restore,
// unsaved changes on exit (abandon / save and leave / stay) and the export progress (with estimate
// and cancel). All share the one accessible shell of ModalShell.tsx.
import { useTranslation } from "react-i18next";
import type { ProgressState } from "../../../machines/saveFlow.export";
import "../dialogs/controls.css";
import { dateText } from "../../app/settings/dateText";
import { ChoiceDialog, ModalShell } from "./ModalShell";

export function CoverDialog({
  name,
  onConfirm,
  onCancel,
}: {
  name: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ChoiceDialog
      title={t("editor.cover.title")}
      onClose={onCancel}
      testId="cover-dialog"
      choices={[
        { label: t("editor.dialog.cancel"), onSelect: onCancel, testId: "cover-cancel" },
        { label: t("editor.cover.confirm"), onSelect: onConfirm, testId: "cover-confirm", tone: "primary" },
      ]}
    >
      <p>{t("editor.cover.message", { name })}</p>
    </ChoiceDialog>
  );
}

/** The label changed elsewhere since it was opened (409): keep both, overwrite the other, or stay. */
export function ConflictDialog({
  name,
  onCopy,
  onOverwrite,
  onCancel,
}: {
  name: string;
  onCopy: () => void;
  onOverwrite: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ChoiceDialog
      title={t("editor.conflict.title")}
      onClose={onCancel}
      testId="conflict-dialog"
      choices={[
        { label: t("editor.dialog.cancel"), onSelect: onCancel, testId: "conflict-cancel" },
        { label: t("editor.conflict.overwrite"), onSelect: onOverwrite, testId: "conflict-overwrite" },
        { label: t("editor.conflict.copy"), onSelect: onCopy, testId: "conflict-copy", tone: "primary" },
      ]}
    >
      <p>{t("editor.conflict.message", { name })}</p>
    </ChoiceDialog>
  );
}

export function RestoreDraftDialog({
  savedAt,
  onRestore,
  onDiscard,
}: {
  savedAt: number;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const { t, i18n } = useTranslation();
  const when = dateText(i18n.language, savedAt, "dateTime");
  return (
    <ChoiceDialog
      title={t("editor.draft.title")}
      onClose={onDiscard}
      testId="draft-dialog"
      choices={[
        { label: t("editor.draft.discard"), onSelect: onDiscard, testId: "draft-discard" },
        { label: t("editor.draft.restore"), onSelect: onRestore, testId: "draft-restore", tone: "primary" },
      ]}
    >
      <p>{t("editor.draft.message", { when })}</p>
    </ChoiceDialog>
  );
}

/** Unsaved changes on exit-edit (spec §4): stay, leave without saving, or save to the cloud and leave. */
export function ExitDialog({
  onAbandon,
  onSave,
  onCancel,
}: {
  readonly onAbandon: () => void;
  readonly onSave: () => void;
  readonly onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ChoiceDialog
      title={t("editor.exit.title")}
      onClose={onCancel}
      testId="exit-dialog"
      choices={[
        { label: t("editor.dialog.cancel"), onSelect: onCancel, testId: "exit-cancel" },
        { label: t("editor.exit.abandon"), onSelect: onAbandon, testId: "exit-abandon", tone: "danger" },
        { label: t("editor.exit.save"), onSelect: onSave, testId: "exit-save", tone: "primary" },
      ]}
    >
      <p>{t("editor.exit.message")}</p>
    </ChoiceDialog>
  );
}

/** Seconds left (the exporter's estimate, else the pace so far); null before the first sheet. */
export function secondsLeft(state: ProgressState, now: number): number | null {
  const { done, total, startedAt, remainingMs } = state;
  if (done <= 0 || total <= done) return done >= total && done > 0 ? 0 : null;
  if (remainingMs !== undefined && Number.isFinite(remainingMs))
    return Math.max(0, Math.round(remainingMs / 1000));
  const elapsed = Math.max(0, now - startedAt) / 1000;
  return Math.max(0, Math.round((elapsed / done) * (total - done)));
}

export function ExportProgress({ state, onCancel }: { state: ProgressState; onCancel: () => void }) {
  const { t } = useTranslation();
  const { done, total } = state;
  const left = secondsLeft(state, Date.now());
  return (
    <ModalShell
      title={t("editor.export.title")}
      onClose={onCancel}
      testId="export-progress"
      footer={
        <button type="button" className="ink-btn" onClick={onCancel} data-testid="export-cancel">
          {t("editor.dialog.cancel")}
        </button>
      }
    >
      <progress
        max={total}
        value={done}
        aria-label={t("editor.export.title")}
        data-testid="export-bar"
        style={{ width: "100%" }}
      />
      <p data-testid="export-status">
        {t("editor.export.progress", { done, total })}
        {left !== null && (
          <span data-testid="export-left"> · {t("editor.export.left", { seconds: left })}</span>
        )}
      </p>
    </ModalShell>
  );
}
