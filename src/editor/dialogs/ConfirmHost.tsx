// "Other elements reference this one; delete anyway?" (tip77, title tip71): shown while the editor
// machine is in its confirmingDelete state.
import { useTranslation } from "react-i18next";
import { MSG } from "../../model/ops/messages";
import { ChoiceDialog } from "../save/ModalShell";
import { useEditorContext, useEditorSelector } from "../state/context";

export function ConfirmHost() {
  const { t } = useTranslation();
  const { store } = useEditorContext();
  const confirmingDelete = useEditorSelector((s) => s.confirmingDelete);
  if (!confirmingDelete) return null;
  const cancel = () => store.send({ type: "confirm.cancel" });
  return (
    <ChoiceDialog
      title={t(MSG.deleteReferencedTitle)}
      onClose={cancel}
      testId="confirm-dialog"
      choices={[
        { label: t("editor.dialog.cancel"), onSelect: cancel, testId: "confirm-cancel" },
        {
          label: t("editor.action.delete"),
          onSelect: () => store.send({ type: "confirm.accept" }),
          testId: "confirm-accept",
          tone: "danger",
        },
      ]}
    >
      <p>{t(MSG.deleteReferenced)}</p>
    </ChoiceDialog>
  );
}
