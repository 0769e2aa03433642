// A yes/no question of the cloud data page (delete a folder or a file).
import { useTranslation } from "react-i18next";
import { ModalShell } from "../../../editor/save/ModalShell";

interface Props {
  readonly title: string;
  readonly text: string;
  readonly onCancel: () => void;
  readonly onConfirm: () => void;
}

export function ConfirmDialog({ title, text, onCancel, onConfirm }: Props) {
  const { t } = useTranslation();
  return (
    <ModalShell
      title={title}
      onClose={onCancel}
      testId="cloud-confirm"
      footer={
        <>
          <button type="button" className="ink-btn" onClick={onCancel}>
            {t("editor.dialog.cancel")}
          </button>
          <button
            type="button"
            className="ink-btn is-danger"
            data-testid="cloud-confirm-ok"
            onClick={onConfirm}
          >
            {t("app.cloud.delete")}
          </button>
        </>
      }
    >
      <p>{text}</p>
    </ModalShell>
  );
}
