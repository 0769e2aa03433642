// A yes/no question of the cloud data page (delete a folder or a file) and the sharing page (revoke).
import { useTranslation } from "react-i18next";
import { ChoiceDialog } from "../../../editor/save/ModalShell";

interface Props {
  readonly title: string;
  readonly text: string;
  readonly onCancel: () => void;
  readonly onConfirm: () => void;
  /** the confirming button's text; "Delete" unless given */
  readonly confirmLabel?: string;
}

export function ConfirmDialog({ title, text, onCancel, onConfirm, confirmLabel }: Props) {
  const { t } = useTranslation();
  return (
    <ChoiceDialog
      title={title}
      onClose={onCancel}
      testId="cloud-confirm"
      choices={[
        { label: t("editor.dialog.cancel"), onSelect: onCancel, testId: "cloud-confirm-cancel" },
        {
          label: confirmLabel ?? t("app.cloud.delete"),
          onSelect: onConfirm,
          testId: "cloud-confirm-ok",
          tone: "danger",
        },
      ]}
    >
      <p>{text}</p>
    </ChoiceDialog>
  );
}
