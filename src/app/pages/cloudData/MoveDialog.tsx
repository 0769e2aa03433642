// Move a cloud item (a data file, a template) to another of its folders.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../../../editor/dialogs/Dialog";
import { ChoiceButtons } from "../../../editor/save/ModalShell";

interface Props {
  readonly file: { readonly name: string };
  readonly folders: readonly { readonly id: string; readonly name: string }[];
  readonly onCancel: () => void;
  readonly onMove: (tid: string) => void;
}

export function MoveDialog({ file, folders, onCancel, onMove }: Props) {
  const { t } = useTranslation();
  const [tid, setTid] = useState(folders[0]?.id ?? "");
  return (
    <Dialog
      title={t("app.cloud.moveTitle", { name: file.name })}
      onClose={onCancel}
      testId="cloud-move"
      footer={
        <ChoiceButtons
          choices={[
            { label: t("editor.dialog.cancel"), onSelect: onCancel, testId: "cloud-move-cancel" },
            {
              label: t("app.cloud.move"),
              onSelect: () => onMove(tid),
              testId: "cloud-move-ok",
              tone: "primary",
              disabled: !tid,
            },
          ]}
        />
      }
    >
      <label className="ink-field">
        <span>{t("app.cloud.moveTo")}</span>
        <select value={tid} data-testid="cloud-move-folder" onChange={(e) => setTid(e.target.value)}>
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
