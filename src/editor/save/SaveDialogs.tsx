// Dialogs of the save flow: cover-existing-file (405), membership prompt (402), draft restore and
// the export progress (with estimate and cancel).
import { useTranslation } from "react-i18next";
import { Dialog } from "../dialogs/Dialog";

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
    <Dialog
      title={t("editor.cover.title")}
      onClose={onCancel}
      testId="cover-dialog"
      footer={
        <>
          <button type="button" className="ink-btn" onClick={onCancel} data-testid="cover-cancel">
            {t("editor.dialog.cancel")}
          </button>
          <button
            type="button"
            className="ink-btn is-primary"
            onClick={onConfirm}
            data-testid="cover-confirm"
          >
            {t("editor.cover.confirm")}
          </button>
        </>
      }
    >
      <p>{t("editor.cover.message", { name })}</p>
    </Dialog>
  );
}

export function MembershipPrompt({ text, onClose }: { text: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t("editor.member.title")}
      onClose={onClose}
      testId="membership-prompt"
      footer={
        <button
          type="button"
          className="ink-btn is-primary"
          onClick={onClose}
          data-testid="membership-confirm"
        >
          {t("editor.dialog.confirm")}
        </button>
      }
    >
      <p data-testid="membership-message">{text}</p>
    </Dialog>
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
  const when = new Date(savedAt).toLocaleString(i18n.language);
  return (
    <Dialog
      title={t("editor.draft.title")}
      onClose={onDiscard}
      testId="draft-dialog"
      footer={
        <>
          <button type="button" className="ink-btn" onClick={onDiscard} data-testid="draft-discard">
            {t("editor.draft.discard")}
          </button>
          <button
            type="button"
            className="ink-btn is-primary"
            onClick={onRestore}
            data-testid="draft-restore"
          >
            {t("editor.draft.restore")}
          </button>
        </>
      }
    >
      <p>{t("editor.draft.message", { when })}</p>
    </Dialog>
  );
}

export interface ProgressState {
  readonly done: number;
  readonly total: number;
  readonly startedAt: number;
}

export function ExportProgress({ state, onCancel }: { state: ProgressState; onCancel: () => void }) {
  const { t } = useTranslation();
  const { done, total, startedAt } = state;
  const elapsed = (Date.now() - startedAt) / 1000;
  const left = done > 0 ? Math.max(0, Math.round((elapsed / done) * (total - done))) : null;
  return (
    <Dialog
      title={t("editor.export.title")}
      onClose={onCancel}
      testId="export-progress"
      footer={
        <button type="button" className="ink-btn" onClick={onCancel} data-testid="export-cancel">
          {t("editor.dialog.cancel")}
        </button>
      }
    >
      <progress max={total} value={done} aria-label={t("editor.export.title")} style={{ width: "100%" }} />
      <p>
        {t("editor.export.progress", { done, total })}
        {left !== null && ` · ${t("editor.export.left", { seconds: left })}`}
      </p>
    </Dialog>
  );
}
