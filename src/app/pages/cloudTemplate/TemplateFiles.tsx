// The right side of /cloudTemplate: the open folder's templates (or a name search across every
// folder) in a grid or a list, sorted, windowed and paged; upload of .tprt / .tprts / .zpl files (several,
// or dropped), and each template's rename, move, duplicate, versions, download and delete.

import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { CoverDialog } from "../../../editor/save/SaveDialogs";
import { RenameDialog } from "../../../editor/topbar/RenameDialog";
import { TIP } from "../../../i18n/tips";
import { LABEL_FILE_MAX_BYTES } from "../../../model/file";
import type { SortOrder } from "../../../model/sortOrders";
import { ApiError } from "../../api/client";
import {
  deleteTemplate,
  duplicateTemplate,
  moveTemplate,
  renameTemplate,
  type TemplateFolder,
} from "../../api/cloudTemplates";
import type { TemplateSummary } from "../../api/templates";
import { editTemplateHref } from "../../labelLinks";
import { message } from "../../ui/message";
import { ConfirmDialog } from "../cloudData/ConfirmDialog";
import { useItemDialog } from "../cloudData/itemDialog";
import { MoveDialog } from "../cloudData/MoveDialog";
import { useNameRule } from "../cloudData/nameRule";
import { SortSelect } from "../cloudData/SortSelect";
import { DropZone, UploadList, useUploads } from "../cloudData/Uploads";
import { FolderApproval } from "./FolderApproval";
import { type TemplateAction, TemplateItem } from "./TemplateItem";
import {
  coverUploaded,
  downloadTemplate,
  isTemplateFile,
  TemplateExists,
  TemplateFileError,
  uploadTemplate,
} from "./templateTransfer";
import { useTemplatePages } from "./useTemplatePages";
import { VersionsDialog } from "./VersionsDialog";
import { VirtualList } from "./VirtualList";

interface Props {
  /** the open folder (uploads go there); in a search the list covers every folder */
  readonly folder: TemplateFolder;
  readonly folders: readonly TemplateFolder[];
  readonly keyword: string;
  readonly order: SortOrder;
  readonly onOrder: (o: SortOrder) => void;
  readonly view: "grid" | "list";
  readonly onView: (v: "grid" | "list") => void;
  readonly onChanged: () => Promise<void>;
  /** a refusal for the free quota (402): the membership prompt with the server's message */
  readonly onMember: (text: string) => void;
}

/** The overwrite question of an upload whose name the folder has (405), and its answer. */
interface CoverAsk {
  readonly name: string;
  readonly answer: (overwrite: boolean) => void;
}

const GAP = 16;
/** the values file.error.* messages take */
const FILE_LIMITS = { limit: LABEL_FILE_MAX_BYTES / 2 ** 20 };
/** label files, and ZPL printer files (each of their labels becomes a template) */
const TEMPLATE_FILE_ACCEPT = ".tprt,.tprts,.zpl,.prn";
const ROW = { grid: 276, list: 72 } as const;

export function TemplateFiles(p: Props) {
  const { folder, folders, keyword, order, view, onChanged } = p;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pages = useTemplatePages({ parentId: keyword ? "" : folder.id, keyword, order });
  const uploads = useUploads();
  const nameRule = useNameRule();
  const reload = useCallback(async () => {
    await Promise.all([pages.reload(), onChanged()]);
  }, [pages, onChanged]);
  const renaming = useItemDialog<TemplateSummary>(reload);
  const moving = useItemDialog<TemplateSummary>(reload);
  const removing = useItemDialog<TemplateSummary>(reload);
  const [versions, setVersions] = useState<TemplateSummary | null>(null);
  const folderName = new Map(folders.map((f) => [f.id, f.name]));
  const [cover, setCover] = useState<CoverAsk | null>(null);
  const askCover = (name: string) =>
    new Promise<boolean>((answer) =>
      setCover({
        name,
        answer: (yes) => {
          setCover(null);
          answer(yes);
        },
      }),
    );

  /** The overwrite dialog (§4) for an upload whose name exists: true when it ended stored. */
  async function overwrite(e: TemplateExists): Promise<boolean> {
    if (!(await askCover(e.payload.name))) return false;
    const r = await coverUploaded(e.payload);
    if (r.kind === "member") p.onMember(r.message);
    return r.kind === "saved";
  }

  function failure(e: unknown): string {
    if (e instanceof TemplateFileError) return t(e.key, { ...FILE_LIMITS, ...e.vars });
    if (e instanceof TemplateExists) return t("server.error.templateExists");
    if (e instanceof ApiError && e.code === 402) p.onMember(e.message || t("server.error.templateQuota"));
    return e instanceof ApiError && e.message ? e.message : t(TIP.uploadFailed);
  }

  async function upload(list: readonly File[]) {
    const accepted = list.filter((file) => {
      if (isTemplateFile(file.name)) return true;
      message.warning(`${file.name}: ${t("app.templates.fileType")}`);
      return false;
    });
    if (!accepted.length) return;
    const ids = uploads.start(accepted.map((f) => f.name));
    // one after the other: each draws its cover preview, which is the heavy part
    for (const [i, file] of accepted.entries()) {
      const id = ids[i];
      try {
        const { unknown } = await uploadTemplate(file, folder.id, (x) => uploads.progress(id, x));
        uploads.done(id);
        // a ZPL file's commands that were read but not drawn are named, never dropped silently
        if (unknown) message.warning(`${file.name}: ${t("zpl.unknown", { list: unknown })}`);
      } catch (e) {
        if (e instanceof TemplateExists && (await overwrite(e))) uploads.done(id);
        else uploads.fail(id, failure(e));
      }
    }
    await reload();
  }

  async function act(action: TemplateAction, item: TemplateSummary) {
    if (action === "rename") renaming.open(item);
    else if (action === "move") moving.open(item);
    else if (action === "delete") removing.open(item);
    else if (action === "versions") setVersions(item);
    else if (action === "duplicate") {
      const name = await duplicateTemplate(item).catch(() => null);
      if (name) message.success(t("app.templates.duplicated", { name }));
      await reload();
    } else {
      await downloadTemplate(item).catch((e) =>
        message.error(e instanceof TemplateFileError ? t(e.key, FILE_LIMITS) : t(TIP.networkError)),
      );
    }
  }

  const count = pages.count;
  return (
    <section className="cloud-files card" aria-labelledby="tpl-files-title">
      <div className="cloud-files-head">
        <h2 id="tpl-files-title">
          {keyword ? t("app.templates.results", { keyword }) : folder.name}
          {count !== null && <span className="muted"> ({count})</span>}
        </h2>
        {!keyword && <FolderApproval folder={folder} onChanged={p.onChanged} />}
        <div className="tpl-tools">
          <SortSelect value={order} onChange={p.onOrder} />
          <fieldset className="tpl-view">
            <legend className="visually-hidden">{t("app.templates.view")}</legend>
            {(["grid", "list"] as const).map((v) => (
              <button
                key={v}
                type="button"
                className={`btn btn-ghost${view === v ? " is-active" : ""}`}
                aria-pressed={view === v}
                data-testid={`template-view-${v}`}
                onClick={() => p.onView(v)}
              >
                {t(`app.templates.${v}`)}
              </button>
            ))}
          </fieldset>
        </div>
      </div>
      {!keyword && (
        <DropZone
          text={t("app.templates.drop")}
          accept={TEMPLATE_FILE_ACCEPT}
          onFiles={(f) => void upload(f)}
        />
      )}
      <UploadList uploads={uploads} />
      {pages.failed && (
        <p role="alert" className="error-note">
          {t("app.templates.loadFailed")}
        </p>
      )}
      {count === 0 && (
        <p className="muted" data-testid="template-empty">
          {keyword ? t("app.templates.noMatch", { keyword }) : t("app.templates.empty")}
        </p>
      )}
      {count === null && !pages.failed && <p className="muted">{t("app.common.loading")}</p>}
      {!!count && (
        <VirtualList
          key={view}
          count={count}
          rowHeight={ROW[view]}
          minColumnWidth={view === "grid" ? 200 : undefined}
          gap={view === "grid" ? GAP : 8}
          label={t("app.templates.listLabel")}
          testId="template-list"
          onRange={pages.ensure}
          renderItem={(i) => {
            const item = pages.item(i);
            return (
              <TemplateItem
                item={item}
                view={view}
                folder={keyword && item ? folderName.get(item.classId) : undefined}
                canMove={folders.length > 1}
                onOpen={(x) => navigate(editTemplateHref(x))}
                onAction={(a, x) => void act(a, x)}
              />
            );
          }}
        />
      )}
      {renaming.item && (
        <RenameDialog
          name={renaming.item.name}
          title={t("app.templates.renameTitle")}
          label={t("app.cloud.name")}
          validate={nameRule}
          onCancel={renaming.close}
          onRename={(name) => renaming.apply((x) => renameTemplate(x, name))}
        />
      )}
      {moving.item && (
        <MoveDialog
          file={moving.item}
          folders={folders.filter((x) => x.id !== moving.item?.classId)}
          onCancel={moving.close}
          onMove={(id) => moving.apply((x) => moveTemplate(x, id))}
        />
      )}
      {cover && (
        <CoverDialog
          name={cover.name}
          onConfirm={() => cover.answer(true)}
          onCancel={() => cover.answer(false)}
        />
      )}
      {versions && (
        <VersionsDialog template={versions} onClose={() => setVersions(null)} onRestored={reload} />
      )}
      {removing.item && (
        <ConfirmDialog
          title={t("app.templates.deleteTitle")}
          text={t("app.templates.deleteText", { name: removing.item.name })}
          onCancel={removing.close}
          onConfirm={() => removing.apply((x) => deleteTemplate(x))}
        />
      )}
    </section>
  );
}
