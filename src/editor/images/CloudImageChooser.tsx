// Cloud image chooser (application.md "Cloud image chooser"): one tab per image folder with its
// thumbnails, tip107 for an empty folder; a thumbnail is picked and Confirm returns it (tip113 when
// nothing is picked), then the dialog closes; Cancel closes it.
import { useTranslation } from "react-i18next";
import type { CloudFile, CloudFolder } from "../../app/api/cloudFiles";
import { TIP } from "../../i18n/tips";
import { useCloudChooser } from "../data/useCloudChooser";
import { Dialog } from "../dialogs/Dialog";
import { ChoiceButtons } from "../save/ModalShell";
import { fetchImageFolders } from "./cloud";

interface Props {
  readonly onConfirm: (file: CloudFile) => void;
  readonly onClose: () => void;
  /** the folder list (default: getCloudDataList type 1) */
  readonly loadFolders?: () => Promise<CloudFolder[]>;
}

export function CloudImageChooser({ onConfirm, onClose, loadFolders = fetchImageFolders }: Props) {
  const { t } = useTranslation();
  const { folders, folder, files, setTab, chosen, setChosen, confirm } = useCloudChooser(
    loadFolders,
    onConfirm,
    onClose,
    TIP.chooseImage,
  );
  return (
    <Dialog
      title={t("elements.image.cloudTitle")}
      onClose={onClose}
      testId="cloud-image-chooser"
      wide
      footer={
        <ChoiceButtons
          choices={[
            { label: t("editor.dialog.cancel"), onSelect: onClose, testId: "cloud-image-cancel" },
            {
              label: t("editor.dialog.confirm"),
              onSelect: confirm,
              testId: "cloud-image-confirm",
              tone: "primary",
            },
          ]}
        />
      }
    >
      <div role="tablist" aria-label={t("elements.image.cloudTitle")} className="ink-button-row">
        {(folders ?? []).map((f, i) => (
          <button
            key={f.id || i}
            type="button"
            role="tab"
            aria-selected={folder === f}
            className={`ink-btn${folder === f ? " is-primary" : ""}`}
            data-testid={`cloud-image-folder-${i}`}
            onClick={() => {
              setTab(i);
              setChosen(null);
            }}
          >
            {f.name}
          </button>
        ))}
      </div>
      {folders === null ? null : files.length === 0 ? (
        <p className="ink-panel-note" data-testid="cloud-image-empty">
          {t(TIP.nothingHere)}
        </p>
      ) : (
        <div
          role="listbox"
          aria-label={folder?.name}
          style={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(96px, 1fr))", gap: 8 }}
        >
          {files.map((f) => (
            <button
              key={f.id || f.url}
              type="button"
              role="option"
              aria-selected={chosen?.url === f.url}
              title={f.name}
              data-testid="cloud-image-item"
              onClick={() => setChosen(f)}
              style={{
                padding: 4,
                background: "#fff",
                border: chosen?.url === f.url ? "2px solid #3f80f5" : "1px solid #d0d7e2",
                cursor: "pointer",
              }}
            >
              <img src={f.url} alt={f.name} style={{ width: "100%", height: 80, objectFit: "contain" }} />
            </button>
          ))}
        </div>
      )}
    </Dialog>
  );
}
