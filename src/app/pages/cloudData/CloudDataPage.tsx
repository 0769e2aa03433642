// /cloudData (application.md §2, §3 "Cloud items", §5): the user's images and spreadsheets in two
// tabs, each with its folders (list, create "New folder N", rename, delete keeping at least one) and
// the open folder's files (upload several with per-file progress or by drag and drop, six sort
// orders, rename, move, delete, preview). What is stored here is what the editor's choosers list.
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { RenameDialog } from "../../../editor/topbar/RenameDialog";
import { ApiError } from "../../api/client";
import {
  addFolder,
  type CloudKind,
  type DataFolder,
  deleteFolder,
  listData,
  nextFolderName,
  renameFolder,
} from "../../api/cloudData";
import { message } from "../../ui/message";
import { ConfirmDialog } from "./ConfirmDialog";
import { FolderFiles } from "./FolderFiles";
import { FolderList } from "./FolderList";
import { useItemDialog } from "./itemDialog";
import { useNameRule } from "./nameRule";
import "../../../editor/editor.css";
import "./cloudData.css";

const KINDS: readonly CloudKind[] = [1, 2];

export default function CloudDataPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<CloudKind>(1);
  const [folders, setFolders] = useState<DataFolder[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [openId, setOpenId] = useState("");
  const seq = useRef(0);
  const nameRule = useNameRule();

  const refresh = useCallback(async () => {
    const at = ++seq.current;
    try {
      const list = await listData(kind);
      if (at !== seq.current) return;
      setFolders(list);
      setFailed(false);
    } catch {
      if (at === seq.current) setFailed(true);
    }
  }, [kind]);

  const renaming = useItemDialog<DataFolder>(refresh);
  const removing = useItemDialog<DataFolder>(refresh);

  useEffect(() => {
    setFolders(null);
    void refresh();
  }, [refresh]);

  const open = folders?.find((f) => f.id === openId) ?? folders?.[0] ?? null;

  async function create() {
    try {
      await addFolder(kind, nextFolderName(folders?.map((f) => f.name) ?? [], t("app.cloud.newFolderBase")));
      await refresh();
    } catch (e) {
      // 402 (the free folder quota) is silent in the request client: show its message
      if (e instanceof ApiError && e.code === 402 && e.message) message.warning(e.message);
    }
  }

  return (
    <main className="user-page cloud-page">
      <h1>{t("app.cloud.title")}</h1>
      <div role="tablist" aria-label={t("app.cloud.title")} className="cloud-tabs">
        {KINDS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`cloud-tab-${k}`}
            aria-selected={kind === k}
            aria-controls="cloud-panel"
            className={`cloud-tab${kind === k ? " is-active" : ""}`}
            data-testid={`cloud-tab-${k === 1 ? "images" : "sheets"}`}
            onClick={() => {
              setKind(k);
              setOpenId("");
            }}
          >
            {t(k === 1 ? "app.cloud.images" : "app.cloud.sheets")}
          </button>
        ))}
      </div>
      <div id="cloud-panel" role="tabpanel" aria-labelledby={`cloud-tab-${kind}`} className="cloud-panel">
        <FolderList
          folders={(folders ?? []).map((f) => ({ ...f, count: f.files.length }))}
          openId={open?.id ?? ""}
          failed={failed ? t("app.cloud.loadFailed") : undefined}
          onOpen={(f) => setOpenId(f.id)}
          onCreate={create}
          onRename={renaming.open}
          onDelete={removing.open}
        />
        {open && (
          <FolderFiles
            key={`${kind}-${open.id}`}
            kind={kind}
            folder={open}
            folders={folders ?? []}
            onChanged={refresh}
          />
        )}
      </div>
      {renaming.item && (
        <RenameDialog
          name={renaming.item.name}
          title={t("app.cloud.renameFolderTitle")}
          label={t("app.cloud.name")}
          validate={nameRule}
          onCancel={renaming.close}
          onRename={(name) => renaming.apply((f) => renameFolder(f.id, name))}
        />
      )}
      {removing.item && (
        <ConfirmDialog
          title={t("app.cloud.deleteFolderTitle")}
          text={t("app.cloud.deleteFolderText", { name: removing.item.name })}
          onCancel={removing.close}
          // the server keeps the last folder (209 "Keep at least one folder", shown by the client)
          onConfirm={() => removing.apply((f) => deleteFolder(f.id))}
        />
      )}
    </main>
  );
}
