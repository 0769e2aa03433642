// Move a cloud data file to another folder of the same kind.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../../../editor/dialogs/Dialog";
import type { DataFile, DataFolder } from "../../api/cloudData";

interface Props {
  readonly file: DataFile;
  readonly folders: readonly DataFolder[];
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
        <>
          <button type="button" className="ink-btn" onClick={onCancel}>
            {t("editor.dialog.cancel")}
          </button>
          <button
            type="button"
            className="ink-btn is-primary"
            data-testid="cloud-move-ok"
            disabled={!tid}
            onClick={() => onMove(tid)}
          >
            {t("app.cloud.move")}
          </button>
        </>
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
