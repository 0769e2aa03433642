// "Other elements reference this one; delete anyway?" (tip77, title tip71): shown while the editor
// machine is in its confirmingDelete state.
import { useTranslation } from "react-i18next";
import { MSG } from "../../model/ops/messages";
import { useEditorContext, useEditorSnapshot } from "../state/context";
import { Dialog } from "./Dialog";

export function ConfirmHost() {
  const { t } = useTranslation();
  const { store } = useEditorContext();
  const { confirmingDelete } = useEditorSnapshot();
  if (!confirmingDelete) return null;
  const cancel = () => store.send({ type: "confirm.cancel" });
  return (
    <Dialog
      title={t(MSG.deleteReferencedTitle)}
      onClose={cancel}
      testId="confirm-dialog"
      footer={
        <>
          <button type="button" className="ink-btn" onClick={cancel}>
            {t("editor.dialog.cancel")}
          </button>
          <button
            type="button"
            className="ink-btn is-danger"
            onClick={() => store.send({ type: "confirm.accept" })}
            data-testid="confirm-accept"
          >
            {t("editor.action.delete")}
          </button>
        </>
      }
    >
      <p>{t(MSG.deleteReferenced)}</p>
    </Dialog>
  );
}
