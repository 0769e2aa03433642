// Save to cloud asks where (issue 34): a label saved as a new template goes into the folder the
// user picks among their template folders, the current one first chosen. Shown only when there is a
// choice (more than one folder).
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TemplateFolder } from "../../app/api/cloudTemplates";
import { Dialog } from "../dialogs/Dialog";
import { ChoiceButtons } from "./ModalShell";

export function FolderDialog({
  folders,
  initial,
  onSave,
  onCancel,
}: {
  folders: readonly TemplateFolder[];
  /** the folder chosen when the dialog opens */
  initial: string;
  onSave: (folderId: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [chosen, setChosen] = useState(initial);
  return (
    <Dialog
      title={t("editor.saveFolder.title")}
      onClose={onCancel}
      testId="save-folder-dialog"
      footer={
        <ChoiceButtons
          choices={[
            { label: t("editor.dialog.cancel"), onSelect: onCancel, testId: "save-folder-cancel" },
            {
              label: t("editor.saveFolder.save"),
              onSelect: () => onSave(chosen),
              testId: "save-folder-confirm",
              tone: "primary",
            },
          ]}
        />
      }
    >
      <label className="ink-field" htmlFor={id}>
        <span>{t("editor.saveFolder.folder")}</span>
        <select id={id} value={chosen} data-testid="save-folder" onChange={(e) => setChosen(e.target.value)}>
          {folders.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </select>
      </label>
    </Dialog>
  );
}

/** The folder first chosen: the label's own when it is one of the user's, else the default (first). */
export function initialFolder(folders: readonly TemplateFolder[], current: string): string {
  return folders.some((f) => f.id === current) ? current : (folders[0]?.id ?? "");
}
