// The rename dialog (application.md §2 dialog 4). By default it renames the label (spec §5: not empty
// → tip41; none of \ / : * ? " < > | → tip42 plus the list); the cloud pages pass the title of the
// kind of item and the §5 rename rule.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { validateLabelName } from "../../model/bounds";
import { Dialog } from "../dialogs/Dialog";
import { ChoiceButtons } from "../save/ModalShell";

interface RenameDialogProps {
  readonly name: string;
  readonly onCancel: () => void;
  readonly onRename: (name: string) => void;
  /** the title for the kind of item (default: rename label) */
  readonly title?: string;
  /** the field's label (default: label name) */
  readonly label?: string;
  /** the translated error for a refused name, or null (default: the label name rule) */
  readonly validate?: (name: string) => string | null;
}

export function RenameDialog({ name, onCancel, onRename, title, label, validate }: RenameDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const v = validateLabelName(value);
    // tip42 names the forbidden characters itself
    const refused = validate ? validate(value) : v.ok ? null : t(v.key);
    if (refused) {
      setError(refused);
      return;
    }
    onRename(value.trim());
  };
  return (
    <Dialog
      title={title ?? t("editor.rename.title")}
      onClose={onCancel}
      testId="rename-dialog"
      footer={
        <ChoiceButtons
          choices={[
            { label: t("editor.dialog.cancel"), onSelect: onCancel, testId: "rename-cancel" },
            {
              label: t("editor.dialog.confirm"),
              onSelect: submit,
              testId: "rename-confirm",
              tone: "primary",
            },
          ]}
        />
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label className="ink-field">
          <span>{label ?? t("editor.rename.name")}</span>
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
