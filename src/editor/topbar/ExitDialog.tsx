// Unsaved-changes dialog on exit-edit (spec §4). Saving arrives with the export issue; until then the
// choices are abandon (leave without saving) or cancel (stay).
import { useTranslation } from "react-i18next";
import { Dialog } from "../dialogs/Dialog";

export function ExitDialog({
  onAbandon,
  onCancel,
}: {
  readonly onAbandon: () => void;
  readonly onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t("editor.exit.title")}
      onClose={onCancel}
      testId="exit-dialog"
      footer={
        <>
          <button type="button" className="ink-btn" onClick={onCancel} data-testid="exit-cancel">
            {t("editor.dialog.cancel")}
          </button>
          <button type="button" className="ink-btn is-danger" onClick={onAbandon} data-testid="exit-abandon">
            {t("editor.exit.abandon")}
          </button>
        </>
      }
    >
      <p>{t("editor.exit.message")}</p>
    </Dialog>
  );
}
