// The open folder of /cloudData: upload (several files, drag and drop, per-file progress; refused
// types and sizes show the §5 messages), the six sort orders and each file's preview, rename, move
// and delete.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { configuredImageLimitKb } from "../../../editor/images/readUpload";
import { RenameDialog } from "../../../editor/topbar/RenameDialog";
import { TIP } from "../../../i18n/tips";
import { ApiError } from "../../api/client";
import {
  type CloudKind,
  type DataFile,
  type DataFolder,
  deleteFile,
  editFile,
  refuseUpload,
  type SortOrder,
  sortFiles,
  uploadFile,
  uploadToken,
} from "../../api/cloudData";
import { bytesText } from "../../settings/bytesText";
import { dateText } from "../../settings/dateText";
import { message } from "../../ui/message";
import { MembershipPrompt } from "../member/MembershipPrompt";
import { ConfirmDialog } from "./ConfirmDialog";
import { baseName, keepExtension } from "./fileName";
import { useItemDialog } from "./itemDialog";
import { MoveDialog } from "./MoveDialog";
import { useNameRule } from "./nameRule";
import { PreviewDialog } from "./PreviewDialog";
import { SortSelect } from "./SortSelect";
import { DropZone, UploadList, useUploads } from "./Uploads";

interface Props {
  readonly kind: CloudKind;
  readonly folder: DataFolder;
  readonly folders: readonly DataFolder[];
  readonly onChanged: () => Promise<void>;
}

const ACCEPT: Record<CloudKind, string> = { 1: ".png,.jpg,.jpeg", 2: ".xlsx,.xls,.csv" };

export function FolderFiles({ kind, folder, folders, onChanged }: Props) {
  const { t, i18n } = useTranslation();
  const [order, setOrder] = useState<SortOrder>("dateDesc");
  const uploads = useUploads();
  const renaming = useItemDialog<DataFile>(onChanged);
  const moving = useItemDialog<DataFile>(onChanged);
  const removing = useItemDialog<DataFile>(onChanged);
  const [previewing, setPreviewing] = useState<DataFile | null>(null);
  const [spacePrompt, setSpacePrompt] = useState("");
  const nameRule = useNameRule();

  async function upload(list: readonly File[]) {
    const limit = configuredImageLimitKb();
    const accepted: File[] = [];
    for (const file of list) {
      const refusal = refuseUpload(file, kind, limit);
      if (refusal) {
        const text =
          refusal.key === TIP.imageTooLarge
            ? `${t(TIP.imageTooLarge, { size: refusal.limitKb })} ${t(TIP.chooseSmallerImage)}`
            : t(refusal.key);
        message.warning(`${file.name}: ${text}`);
      } else accepted.push(file);
    }
    if (!accepted.length) return;
    const ids = uploads.start(accepted.map((f) => f.name));
    const token = await uploadToken().catch(() => "");
    await Promise.all(
      accepted.map(async (file, i) => {
        const id = ids[i];
        try {
          if (!token) throw new Error("no upload token");
          await uploadFile(file, folder.id, token, (progress) => uploads.progress(id, progress));
          uploads.done(id);
        } catch (e) {
          // 402: over the cloud space (silent in the request client): the prompt offers more space
          const full = e instanceof ApiError && e.code === 402 && e.message;
          uploads.fail(id, full || t(TIP.uploadFailed));
          if (full) setSpacePrompt(full);
        }
      }),
    );
    await onChanged();
  }

  const files = sortFiles(folder.files, order);
  return (
    <section className="cloud-files card" aria-labelledby="cloud-files-title">
      <div className="cloud-files-head">
        <h2 id="cloud-files-title">{folder.name}</h2>
        <SortSelect value={order} onChange={setOrder} />
      </div>
      <DropZone
        text={t(kind === 1 ? "app.cloud.dropImages" : "app.cloud.dropSheets")}
        accept={ACCEPT[kind]}
        onFiles={(files) => void upload(files)}
      />
      <UploadList uploads={uploads} />
      {files.length === 0 && <p className="muted">{t("app.cloud.empty")}</p>}
      <ul className="cloud-file-grid" data-testid="cloud-files">
        {files.map((f) => (
          <li key={f.id} className="cloud-file" data-testid="cloud-file">
            <button
              type="button"
              className="cloud-thumb"
              aria-label={t("app.cloud.previewNamed", { name: f.name })}
              onClick={() => setPreviewing(f)}
            >
              {kind === 1 ? <img src={f.url} alt="" loading="lazy" /> : <span aria-hidden="true">▦</span>}
            </button>
            <span className="cloud-file-name" data-testid="cloud-file-name" title={f.name}>
              {f.name}
            </span>
            <span className="muted cloud-file-meta">
              {bytesText(t, f.size)} · {dateText(i18n.language, f.add_time)}
            </span>
            <span className="cloud-file-actions">
              {(
                [
                  ["rename", renaming, false],
                  ["move", moving, folders.length < 2],
                  ["delete", removing, false],
                ] as const
              ).map(([action, dialog, disabled]) => (
                <button
                  key={action}
                  type="button"
                  className="btn btn-ghost"
                  aria-label={t(`app.cloud.${action}Named`, { name: f.name })}
                  disabled={disabled}
                  onClick={() => dialog.open(f)}
                >
                  {t(`app.cloud.${action}`)}
                </button>
              ))}
            </span>
          </li>
        ))}
      </ul>
      {spacePrompt && <MembershipPrompt text={spacePrompt} onClose={() => setSpacePrompt("")} />}
      {renaming.item && (
        <RenameDialog
          name={baseName(renaming.item.name)}
          title={t("app.cloud.renameFileTitle")}
          label={t("app.cloud.name")}
          validate={nameRule}
          onCancel={renaming.close}
          onRename={(name) => renaming.apply((f) => editFile(f, keepExtension(name, f.name), f.tid))}
        />
      )}
      {moving.item && (
        <MoveDialog
          file={moving.item}
          folders={folders.filter((x) => x.id !== folder.id)}
          onCancel={moving.close}
          onMove={(tid) => moving.apply((f) => editFile(f, f.name, tid))}
        />
      )}
      {removing.item && (
        <ConfirmDialog
          title={t("app.cloud.deleteFileTitle")}
          text={t("app.cloud.deleteFileText", { name: removing.item.name })}
          onCancel={removing.close}
          onConfirm={() => removing.apply((f) => deleteFile(f.id))}
        />
      )}
      {previewing && <PreviewDialog kind={kind} file={previewing} onClose={() => setPreviewing(null)} />}
    </section>
  );
}
