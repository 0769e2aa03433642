// The editor's save, open and export flow (issue 8) as one hook: cloud save (Ctrl+S) with the
// 402 / 405 dialogs, save-and-leave for the exit dialog, local download (Ctrl+Shift+S), opening
// local files (menu and drop), opening the cloud file named in labelAttr, drafts in IndexedDB, and
// PNG / JPEG / PDF export (useExportFlow: a record range for labels with several records, progress).
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { interfaceApi } from "../../app/api/client";
import { session } from "../../app/auth/session";
import { HOME_ROUTE } from "../../app/router/guard";
import { loading } from "../../app/ui/loading";
import { message } from "../../app/ui/message";
import { isEmptyLabel } from "../../export/sheets";
import { TIP } from "../../i18n/tips";
import { UPSELL_AFTER_COVER_402_MS } from "../../model/constants";
import { commit } from "../../model/ops/commit";
import type { LabelDocument } from "../../model/types";
import { isTypingTarget } from "../actions/shortcuts";
import type { EditorStore } from "../state/store";
import {
  type CloudLabel,
  coverTemplate,
  labelAttrAfterSave,
  overwriteTemplate,
  type SavedTemplate,
  type SaveOutcome,
  saveCopy,
  saveToCloud,
  type TemplatePayload,
} from "./cloud";
import { type DraftKeeper, keepDrafts } from "./draftKeeper";
import { clearDraft, draftKey, loadDraft, saveDraft } from "./drafts";
import { downloadBlob, fetchLabelFile, localFileOf, readLocalLabel } from "./localFiles";
import { previewPng } from "./previewPng";
import { ConflictDialog, CoverDialog, MembershipPrompt, RestoreDraftDialog } from "./SaveDialogs";
import { type ExportKind, useExportFlow } from "./useExportFlow";

export type { ExportKind } from "./useExportFlow";

type DialogState =
  | { kind: "cover"; payload: TemplatePayload }
  | { kind: "conflict"; payload: TemplatePayload; current: SavedTemplate }
  | { kind: "member"; text: string }
  | { kind: "draft"; doc: LabelDocument; savedAt: number }
  | null;

export interface SaveFlow {
  saveCloud(): Promise<boolean>;
  /** saves to the cloud, then goes back; any failure keeps the editor and the work */
  saveAndLeave(): Promise<boolean>;
  saveLocal(): void;
  exportAs(kind: ExportKind): Promise<void>;
  openFile(file: File): Promise<void>;
  readonly busy: boolean;
  /** the label is being opened (its cloud file, then any draft of it) */
  readonly opening: boolean;
  readonly dialogs: ReactNode;
}

export function useSaveFlow(store: EditorStore, opts: { shortcuts: boolean }): SaveFlow {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<DialogState>(null);
  const [busy, setBusy] = useState(false);
  const [opening, setOpening] = useState(true);
  const drafts = useRef<DraftKeeper | null>(null);
  // set by saveAndLeave: the next successful save (directly or through the cover dialog) leaves
  const leaveAfterSave = useRef(false);
  const cloud = useRef<CloudLabel>({
    status: store.get().status,
    id: store.get().doc.attrs.id,
    parent_id: store.get().doc.attrs.parent_id,
    type: store.get().doc.attrs.type,
    file: store.get().doc.attrs.file,
    remark: store.get().doc.attrs.remark,
  });

  const nothing = useCallback(() => {
    if (!isEmptyLabel(store.get().doc)) return false;
    message.warning(t(TIP.emptyLabel));
    return true;
  }, [store, t]);

  const exporting = useExportFlow(store, { busy, setBusy, nothing });

  const afterSave = useCallback(
    async (tpl: SavedTemplate, doc: LabelDocument) => {
      const before = cloud.current;
      cloud.current = {
        ...before,
        status: "edit",
        id: tpl.id,
        parent_id: tpl.parent_id,
        file: tpl.file_web,
        type: "",
      };
      // unchanged since the save started: the document is now saved
      if (store.get().doc === doc) store.send({ type: "doc.saved" });
      // the drafts are settled before the route says "saved" (a reload right after finds none)
      await drafts.current?.saved(draftKey(before.id));
      const attr = labelAttrAfterSave(doc, tpl, String(before.type));
      navigate(`/editLabel?labelAttr=${encodeURIComponent(JSON.stringify(attr))}&labelStatus=edit`, {
        replace: true,
      });
      if (leaveAfterSave.current) {
        leaveAfterSave.current = false;
        navigate(HOME_ROUTE);
      }
    },
    [navigate, store],
  );

  const handle = useCallback(
    async (outcome: SaveOutcome, doc: LabelDocument, successKey: string, fromCover: boolean) => {
      switch (outcome.kind) {
        case "saved":
          message.success(t(successKey));
          setDialog(null);
          await afterSave(outcome.template, doc);
          return true;
        case "member":
          leaveAfterSave.current = false;
          if (fromCover) {
            setDialog(null);
            setTimeout(() => setDialog({ kind: "member", text: outcome.message }), UPSELL_AFTER_COVER_402_MS);
          } else setDialog({ kind: "member", text: outcome.message });
          return false;
        case "exists":
          setDialog({ kind: "cover", payload: outcome.payload });
          return false;
        case "conflict":
          setDialog({ kind: "conflict", payload: outcome.payload, current: outcome.current });
          return false;
        default:
          // the client already showed the server's message; the document stays as it is
          leaveAfterSave.current = false;
          return false;
      }
    },
    [afterSave, t],
  );

  /** One cloud save; answers what happened ("skipped": nothing to save, or a save is running). */
  const save = useCallback(async (): Promise<SaveOutcome["kind"] | "skipped"> => {
    if (nothing() || busy) return "skipped";
    const doc = store.get().doc;
    setBusy(true);
    loading.start();
    try {
      const outcome = await saveToCloud(
        { api: interfaceApi, userId: session.user()?.userid ?? "", preview: previewPng },
        doc,
        cloud.current,
      );
      await handle(outcome, doc, TIP.saved, false);
      return outcome.kind;
    } finally {
      loading.stop();
      setBusy(false);
    }
  }, [busy, handle, nothing, store]);

  const saveCloud = useCallback(async () => (await save()) === "saved", [save]);

  const saveAndLeave = useCallback(async () => {
    leaveAfterSave.current = true;
    const kind = await save();
    // anything but a save (or the cover/conflict dialog, which keeps the intent while open) stays
    if (kind !== "saved" && kind !== "exists" && kind !== "conflict") leaveAfterSave.current = false;
    return kind === "saved";
  }, [save]);

  /** A save from one of the dialogs (cover, conflict): the dialog's outcome goes through handle. */
  const fromDialog = useCallback(
    async (run: () => Promise<SaveOutcome>, successKey: string) => {
      const doc = store.get().doc;
      loading.start();
      try {
        await handle(await run(), doc, successKey, true);
      } finally {
        loading.stop();
      }
    },
    [handle, store],
  );

  const saveLocal = useCallback(() => {
    if (nothing()) return;
    const f = localFileOf(store.get().doc);
    downloadBlob(f.blob, f.name);
  }, [nothing, store]);

  /** `doc` with the cloud identity of the label being edited (it is not part of the file). */
  const withIdentity = useCallback((doc: LabelDocument): LabelDocument => {
    const c = cloud.current;
    return {
      ...doc,
      attrs: { ...doc.attrs, id: c.id, parent_id: c.parent_id, type: c.type as never, file: c.file },
    };
  }, []);

  const load = useCallback(
    (doc: LabelDocument) => store.send({ type: "doc.load", doc: withIdentity(doc) }),
    [store, withIdentity],
  );

  const openFile = useCallback(
    async (file: File) => {
      const r = await readLocalLabel(file);
      if (!r.ok) {
        message.error(t(r.error.key, { limit: 50 }));
        return;
      }
      load(r.doc);
    },
    [load, t],
  );

  // Opening: the cloud file named in labelAttr, then any newer draft of this label.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once for the label the page opened with
  useEffect(() => {
    let live = true;
    (async () => {
      const c = cloud.current;
      if (c.file) {
        loading.start();
        const r = await fetchLabelFile(c.file).finally(() => loading.stop());
        if (!live) return;
        if (r.ok) load(r.doc);
        else message.error(t(r.error.key, { limit: 50 }));
      } else if (c.status === "edit") message.warning(t(TIP.noLabelFile));
      const draft = await loadDraft(draftKey(c.id));
      if (!live) return;
      if (draft && !isEmptyLabel(draft.doc))
        setDialog({ kind: "draft", doc: draft.doc, savedAt: draft.savedAt });
      setOpening(false);
    })();
    return () => {
      live = false;
    };
  }, []);

  // Drafts: keep unsaved work in IndexedDB shortly after each change.
  useEffect(() => {
    const keeper = keepDrafts(store, {
      key: () => draftKey(cloud.current.id),
      storage: { save: (key, doc) => saveDraft(key, doc), clear: clearDraft },
    });
    drafts.current = keeper;
    return () => {
      keeper.stop();
      drafts.current = null;
    };
  }, [store]);

  // Ctrl+S save to cloud, Ctrl+Shift+S save to local (not while typing or in a dialog).
  useEffect(() => {
    if (!opts.shortcuts) return;
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.code !== "KeyS") return;
      if (isTypingTarget(e.target) || document.querySelector("dialog[open]")) return;
      e.preventDefault();
      if (e.shiftKey) saveLocal();
      else void saveCloud();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [opts.shortcuts, saveCloud, saveLocal]);

  let dialogs: ReactNode = null;
  if (dialog?.kind === "conflict")
    dialogs = (
      <ConflictDialog
        name={dialog.payload.name}
        onCancel={() => {
          leaveAfterSave.current = false;
          setDialog(null);
        }}
        onCopy={() =>
          void fromDialog(
            () =>
              saveCopy(
                { api: interfaceApi },
                dialog.payload,
                t("editor.conflict.copyName", { name: dialog.payload.name }),
              ),
            TIP.saved,
          )
        }
        onOverwrite={() =>
          void fromDialog(
            () => overwriteTemplate({ api: interfaceApi }, dialog.payload, dialog.current),
            TIP.saved,
          )
        }
      />
    );
  else if (dialog?.kind === "cover")
    dialogs = (
      <CoverDialog
        name={dialog.payload.name}
        onCancel={() => {
          leaveAfterSave.current = false;
          setDialog(null);
        }}
        onConfirm={() =>
          void fromDialog(() => coverTemplate({ api: interfaceApi }, dialog.payload), "editor.cover.added")
        }
      />
    );
  else if (dialog?.kind === "member")
    dialogs = <MembershipPrompt text={dialog.text} onClose={() => setDialog(null)} />;
  else if (dialog?.kind === "draft")
    dialogs = (
      <RestoreDraftDialog
        savedAt={dialog.savedAt}
        onRestore={() => {
          // restored work is unsaved work (one undoable step back to what was opened); its draft
          // stays stored until the next successful save
          store.apply(commit(store.get().doc, withIdentity(dialog.doc), { kind: "edit" }));
          setDialog(null);
        }}
        onDiscard={() => {
          void clearDraft(draftKey(cloud.current.id));
          setDialog(null);
        }}
      />
    );

  return {
    saveCloud,
    saveAndLeave,
    saveLocal,
    exportAs: exporting.exportAs,
    openFile,
    busy,
    opening,
    // an export's range or progress dialog comes first
    dialogs: exporting.dialogs ?? dialogs,
  };
}
