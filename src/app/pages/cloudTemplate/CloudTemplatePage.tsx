// /cloudTemplate (application.md §2, §3, §5, §6): the user's template folders (list, create
// "New folder N", rename with the template folder dialog, delete keeping at least one; a free user
// over the folder quota gets the membership prompt) and the open folder's templates (TemplateFiles),
// with a name search across every folder.
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { RenameDialog } from "../../../editor/topbar/RenameDialog";
import type { SortOrder } from "../../../model/sortOrders";
import { ApiError } from "../../api/client";
import { nextFolderName } from "../../api/cloudItems";
import {
  addTemplateFolder,
  deleteTemplateFolder,
  listTemplateFolders,
  renameTemplateFolder,
  type TemplateFolder,
} from "../../api/cloudTemplates";
import { ConfirmDialog } from "../cloudData/ConfirmDialog";
import { FolderList } from "../cloudData/FolderList";
import { useItemDialog } from "../cloudData/itemDialog";
import { useNameRule } from "../cloudData/nameRule";
import { MembershipPrompt } from "../member/MembershipPrompt";
import { TemplateFiles } from "./TemplateFiles";
import "../../../editor/editor.css";
import "../cloudData/cloudData.css";
import "./cloudTemplate.css";

/** How long typing pauses before the search runs. */
const SEARCH_DELAY_MS = 250;

export default function CloudTemplatePage() {
  const { t } = useTranslation();
  const [folders, setFolders] = useState<TemplateFolder[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [openId, setOpenId] = useState("");
  const [search, setSearch] = useState("");
  const [keyword, setKeyword] = useState("");
  const [member, setMember] = useState<string | null>(null);
  // kept while the open folder or the search changes
  const [order, setOrder] = useState<SortOrder>("dateDesc");
  const [view, setView] = useState<"grid" | "list">("grid");
  const seq = useRef(0);
  const nameRule = useNameRule();

  const refresh = useCallback(async () => {
    const at = ++seq.current;
    try {
      const list = await listTemplateFolders();
      if (at !== seq.current) return;
      setFolders(list);
      setFailed(false);
    } catch {
      if (at === seq.current) setFailed(true);
    }
  }, []);
  const renaming = useItemDialog<TemplateFolder>(refresh);
  const removing = useItemDialog<TemplateFolder>(refresh);

  useEffect(() => {
    void refresh();
  }, [refresh]);
  useEffect(() => {
    const id = setTimeout(() => setKeyword(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(id);
  }, [search]);

  const open = folders?.find((f) => f.id === openId) ?? folders?.[0] ?? null;

  async function create() {
    try {
      await addTemplateFolder(
        nextFolderName(folders?.map((f) => f.name) ?? [], t("app.cloud.newFolderBase")),
      );
      await refresh();
    } catch (e) {
      // 402: the free folder quota (silent in the request client): the membership prompt (§6)
      if (e instanceof ApiError && e.code === 402) setMember(e.message || t("server.error.folderQuota"));
    }
  }

  return (
    <main className="user-page cloud-page">
      <div className="tpl-head">
        <h1>{t("app.templates.title")}</h1>
        <input
          type="search"
          className="tpl-search"
          value={search}
          placeholder={t("app.templates.search")}
          aria-label={t("app.templates.search")}
          data-testid="template-search"
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <div className="cloud-panel">
        <FolderList
          folders={folders ?? []}
          openId={keyword ? "" : (open?.id ?? "")}
          failed={failed ? t("app.templates.loadFailed") : undefined}
          onOpen={(f) => {
            setOpenId(f.id);
            setSearch("");
            setKeyword("");
          }}
          onCreate={create}
          onRename={renaming.open}
          onDelete={removing.open}
        />
        {open && (
          <TemplateFiles
            key={keyword ? "search" : open.id}
            folder={open}
            folders={folders ?? []}
            keyword={keyword}
            order={order}
            onOrder={setOrder}
            view={view}
            onView={setView}
            onChanged={refresh}
            onMember={setMember}
          />
        )}
      </div>
      {renaming.item && (
        <RenameDialog
          name={renaming.item.name}
          title={t("app.templates.renameFolderTitle")}
          label={t("app.cloud.name")}
          validate={nameRule}
          onCancel={renaming.close}
          onRename={(name) => renaming.apply((f) => renameTemplateFolder(f.id, name))}
        />
      )}
      {removing.item && (
        <ConfirmDialog
          title={t("app.cloud.deleteFolderTitle")}
          text={t("app.templates.deleteFolderText", { name: removing.item.name })}
          onCancel={removing.close}
          // the server keeps the last folder (209 "Keep at least one folder", shown by the client)
          onConfirm={() => removing.apply((f) => deleteTemplateFolder(f.id))}
        />
      )}
      {member !== null && <MembershipPrompt text={member} onClose={() => setMember(null)} />}
    </main>
  );
}
