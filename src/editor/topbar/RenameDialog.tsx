// Rename the label (spec §5: not empty → tip41; none of \ / : * ? " < > | → tip42 plus the list).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { validateLabelName } from "../../model/bounds";
import { Dialog } from "../dialogs/Dialog";

interface RenameDialogProps {
  readonly name: string;
  readonly onCancel: () => void;
  readonly onRename: (name: string) => void;
}

export function RenameDialog({ name, onCancel, onRename }: RenameDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const v = validateLabelName(value);
    if (!v.ok) {
      // tip42 names the forbidden characters itself
      setError(t(v.key));
      return;
    }
    onRename(value.trim());
  };
  return (
    <Dialog
      title={t("editor.rename.title")}
      onClose={onCancel}
      testId="rename-dialog"
      footer={
        <>
          <button type="button" className="ink-btn" onClick={onCancel}>
            {t("editor.dialog.cancel")}
          </button>
          <button type="button" className="ink-btn is-primary" onClick={submit} data-testid="rename-confirm">
            {t("editor.dialog.confirm")}
          </button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label className="ink-field">
          <span>{t("editor.rename.name")}</span>
          <input
            value={value}
            maxLength={200}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
            aria-invalid={error !== null}
            aria-describedby="ink-rename-error"
            data-testid="rename-input"
          />
        </label>
        <p id="ink-rename-error" className="ink-field-error" role="alert" data-testid="rename-error">
          {error ?? ""}
        </p>
      </form>
    </Dialog>
  );
}
