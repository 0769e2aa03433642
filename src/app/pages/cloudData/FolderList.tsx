// The folder column of the cloud pages (/cloudData, /cloudTemplate): the folders with their item
// counts, "New folder", and per folder a rename and a delete button.
import { useTranslation } from "react-i18next";

export interface FolderEntry {
  readonly id: string;
  readonly name: string;
  readonly count: number;
}

interface Props<F extends FolderEntry> {
  readonly folders: readonly F[];
  /** the open folder's id, or "" when none is marked open (e.g. while searching) */
  readonly openId: string;
  /** shown as an alert above the list when the folders could not be loaded */
  readonly failed?: string;
  readonly onOpen: (folder: F) => void;
  readonly onCreate: () => void;
  readonly onRename: (folder: F) => void;
  readonly onDelete: (folder: F) => void;
}

export function FolderList<F extends FolderEntry>(p: Props<F>) {
  const { t } = useTranslation();
  return (
    <nav className="cloud-folders card" aria-label={t("app.cloud.folders")}>
      <div className="cloud-folders-head">
        <h2>{t("app.cloud.folders")}</h2>
        <button
          type="button"
          className="btn btn-secondary"
          data-testid="cloud-new-folder"
          onClick={p.onCreate}
        >
          {t("app.cloud.newFolder")}
        </button>
      </div>
      {p.failed && (
        <p role="alert" className="error-note">
          {p.failed}
        </p>
      )}
      <ul className="cloud-folder-list">
        {p.folders.map((f) => (
          <li key={f.id} className={`cloud-folder${p.openId === f.id ? " is-open" : ""}`}>
            <button
              type="button"
              className="cloud-folder-name"
              aria-current={p.openId === f.id}
              data-testid="cloud-folder"
              onClick={() => p.onOpen(f)}
            >
              {f.name} <span className="muted">({f.count})</span>
            </button>
            <button
              type="button"
              className="btn btn-ghost cloud-icon-btn"
              aria-label={t("app.cloud.renameNamed", { name: f.name })}
              onClick={() => p.onRename(f)}
            >
              ✎
            </button>
            <button
              type="button"
              className="btn btn-ghost cloud-icon-btn"
              aria-label={t("app.cloud.deleteNamed", { name: f.name })}
              onClick={() => p.onDelete(f)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
