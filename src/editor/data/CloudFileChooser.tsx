// Cloud spreadsheet file chooser (spec §2): tabs by folder, each file with its name and add_time,
// names over 25 characters shortened (full name in the title), tip107 when there are no files,
// confirm emits the chosen file and closes (tip110 when nothing is chosen), cancel resets and closes.
import { useTranslation } from "react-i18next";
import type { CloudFile, CloudFolder } from "../../app/api/cloudFiles";
import { shortenName } from "../../data/workbooks";
import { Dialog } from "../dialogs/Dialog";
import { ChoiceButtons } from "../save/ModalShell";
import { useCloudChooser } from "./useCloudChooser";
import "./data.css";
import { dateText } from "../../app/settings/dateText";
import { TIP } from "../../i18n/tips";

interface Props {
  /** the folder list (getCloudDataList type 2) */
  readonly loadFolders: () => Promise<CloudFolder[]>;
  readonly onConfirm: (file: CloudFile) => void;
  readonly onClose: () => void;
}

export function CloudFileChooser({ loadFolders, onConfirm, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const { folders, folder, files, setTab, chosen, setChosen, confirm } = useCloudChooser(
    loadFolders,
    onConfirm,
    onClose,
  );
  const cancel = () => {
    setChosen(null);
    setTab(0);
    onClose();
  };

  return (
    <Dialog
      title={t("editor.data.chooserTitle")}
      onClose={cancel}
      testId="sheet-chooser"
      footer={
        <ChoiceButtons
          choices={[
            { label: t("editor.data.cancel"), onSelect: cancel, testId: "sheet-chooser-cancel" },
            {
              label: t("editor.data.confirm"),
              onSelect: confirm,
              testId: "sheet-chooser-confirm",
              tone: "primary",
            },
          ]}
        />
      }
    >
      {folders === null ? (
        <p className="ink-chooser-empty" role="status">
          {t("editor.data.loading")}
        </p>
      ) : (
        <>
          {folders.length > 0 && (
            <div className="ink-chooser-tabs" role="tablist" aria-label={t("editor.data.folders")}>
              {folders.map((f, i) => (
                <button
                  key={f.id || i}
                  type="button"
                  role="tab"
                  className="ink-chooser-tab"
                  aria-selected={folder === f}
                  data-testid="sheet-chooser-tab"
                  onClick={() => setTab(i)}
                >
                  {f.name}
                </button>
              ))}
            </div>
          )}
          {files.length === 0 ? (
            <p className="ink-chooser-empty" data-testid="sheet-chooser-empty">
              {t(TIP.nothingHere)}
            </p>
          ) : (
            <div className="ink-chooser-list" role="radiogroup" aria-label={folder?.name ?? ""}>
              {files.map((f) => (
                <label
                  key={f.id || f.url}
                  className={`ink-chooser-file${chosen?.url === f.url ? " is-chosen" : ""}`}
                  data-testid="sheet-chooser-file"
                  title={f.name}
                  onDoubleClick={() => {
                    onConfirm(f);
                    onClose();
                  }}
                >
                  <input
                    type="radio"
                    name="ink-sheet-file"
                    checked={chosen?.url === f.url}
                    onChange={() => setChosen(f)}
                  />
                  <span className="ink-chooser-name">{shortenName(f.name)}</span>
                  <span className="ink-chooser-time">{dateText(i18n.language, f.add_time)}</span>
                </label>
              ))}
            </div>
          )}
        </>
      )}
    </Dialog>
  );
}
