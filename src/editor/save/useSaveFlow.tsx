// The editor's save, open and export flow (issue 8): cloud save with the 402 / 405 / 409 dialogs,
// save-and-leave for the exit dialog, save-then-print, local download (the registry's save,
// download and print actions bind Ctrl+S, Ctrl+Shift+S and Ctrl+P to them),
// opening local files (menu and drop), opening the cloud file named in labelAttr, drafts in
// IndexedDB, and PNG / JPEG / PDF export (useExportFlow: a record range for labels with several
// records, progress). The cloud save and the opening are machines/saveFlow.machine.ts (systemId
// "saveFlow"); this hook provides its requests and shows what it emits.
import { useActorRef, useSelector } from "@xstate/react";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { fromPromise } from "xstate";
import { type AfterSave, saveFlowMachine, withIdentity } from "../../../machines/saveFlow.machine";
import { interfaceApi } from "../../app/api/client";
import {
  type CloudLabel,
  coverTemplate,
  overwriteTemplate,
  saveCopy,
  savesAsNew,
  saveToCloud,
} from "../../app/api/cloudSave";
import { listTemplateFolders, type TemplateFolder } from "../../app/api/cloudTemplates";
import type { ApiClient } from "../../app/api/core";
import { session } from "../../app/auth/session";
import { loading } from "../../app/ui/loading";
import { message } from "../../app/ui/message";
import { isEmptyLabel } from "../../export/sheets";
import { TIP } from "../../i18n/tips";
import { MembershipPrompt } from "../appDialogs";
import { useWorkbooks } from "../data/context";
import { inspected } from "../inspector/actorOptions";
import { leaveEditor } from "../leave";
import type { EditorStore } from "../state/store";
import { type DraftKeeper, keepDrafts } from "./draftKeeper";
import { clearDraft, draftKey, loadDraft, saveDraft } from "./drafts";
import { FolderDialog, initialFolder } from "./FolderDialog";
import { downloadBlob, fetchLabelFile, isZplFileName, localFileOf, readLocalLabel } from "./localFiles";
import { previewPng } from "./previewPng";
import { ConflictDialog, CoverDialog, RestoreDraftDialog } from "./SaveDialogs";
import { ExportDialogs, type ExportKind, exportServices } from "./useExportFlow";
import { ZplOpenDialog } from "./ZplOpenDialog";

export type { ExportKind } from "./useExportFlow";

/** `api` with the loading overlay off for every call (a save nobody waits for). */
function withoutOverlay(api: ApiClient): ApiClient {
  return {
    prefix: api.prefix,
    post: (path, body, opts) => api.post(path, body, { ...opts, loading: false }),
    get: (path, params, opts) => api.get(path, params, { ...opts, loading: false }),
  };
}

/** Runs `work` under the loading overlay (none when `quiet`: a save beside the print dialog). */
async function withLoading<T>(work: () => Promise<T>, quiet = false): Promise<T> {
  if (quiet) return work();
  loading.start();
  try {
    return await work();
  } finally {
    loading.stop();
  }
}

function cloudOf(store: EditorStore): CloudLabel {
  const { doc, status } = store.get();
  const { id, parent_id, type, file, remark, name } = doc.attrs;
  return { status, id, parent_id, type, file, remark, name };
}

export interface SaveFlow {
  /** saves to the cloud; `after` a successful save: go back, or open the print dialog */
  saveCloud(after?: AfterSave): void;
  /**
   * saves to the cloud without the loading overlay, for a dialog that does not wait for it (print);
   * resolves with the label's cloud identity once the save settles (saved or not, the dialogs of
   * the server's answers included)
   */
  saveBeside(): Promise<CloudLabel>;
  saveLocal(): void;
  exportAs(kind: ExportKind): void;
  /** the office printer's calibration dialog */
  calibrate(): void;
  openFile(file: File): Promise<void>;
  readonly busy: boolean;
  /** an export runs (Print waits only for that: a save runs beside the print dialog) */
  readonly exporting: boolean;
  /** the label is being opened (its cloud file, then any draft of it) */
  readonly opening: boolean;
  readonly dialogs: ReactNode;
  /** the cloud identity of the label as saved (id, folder, type, file): what a print records */
  readonly cloud: CloudLabel;
}

export function useSaveFlow(store: EditorStore, opts: { readonly onPrint: () => void }): SaveFlow {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const live = useRef({ t, navigate, onPrint: opts.onPrint });
  live.current = { t, navigate, onPrint: opts.onPrint };
  const drafts = useRef<DraftKeeper | null>(null);
  // the spreadsheets the label's sources link, as they are when an export starts
  const { sheets } = useWorkbooks();
  const sheetsRef = useRef(sheets);
  sheetsRef.current = sheets;
  // the running save was asked by saveBeside: no overlay over the dialog that did not wait
  const besides = useRef(false);

  const actor = useActorRef(
    saveFlowMachine.provide({
      actors: {
        openLabel: fromPromise(async ({ input }) => {
          if (!input.cloud.file) return null;
          const r = await withLoading(() => fetchLabelFile(input.cloud.file));
          return r.ok ? { doc: r.doc } : { error: r.error.key };
        }),
        findDraft: fromPromise(({ input }) => loadDraft(draftKey(input.cloud.id))),
        save: fromPromise(({ input }) => {
          const quiet = besides.current;
          besides.current = false;
          const api = quiet ? withoutOverlay(interfaceApi) : interfaceApi;
          return withLoading(
            () =>
              saveToCloud(
                { api, userId: session.user()?.userid ?? "", preview: previewPng },
                input.doc,
                input.cloud,
              ),
            quiet,
          );
        }),
        cover: fromPromise(({ input }) =>
          withLoading(() => coverTemplate({ api: interfaceApi }, input.payload)),
        ),
        overwrite: fromPromise(({ input }) =>
          withLoading(() => overwriteTemplate({ api: interfaceApi }, input.payload, input.current)),
        ),
        copy: fromPromise(({ input }) =>
          withLoading(() =>
            saveCopy(
              { api: interfaceApi },
              input.payload,
              live.current.t("editor.conflict.copyName", { name: input.payload.name }),
            ),
          ),
        ),
        ...exportServices(() => sheetsRef.current),
        settle: fromPromise(async ({ input }) => {
          // unchanged since the save started: the document is now saved
          if (store.get().doc === input.doc) store.send({ type: "doc.saved" });
          await drafts.current?.saved(draftKey(input.previousId));
        }),
      },
      actions: {
        loadDoc: (_, p) => store.send({ type: "doc.load", doc: p.doc }),
        // a draft restore is a load (the document comes from storage, not from an edit): the one
        // doc.replace of the app, kept as one undoable step back to what was opened
        restoreDraft: (_, p) => store.send({ type: "doc.replace", doc: p.doc }),
        discardDraft: (_, p) => void clearDraft(draftKey(p.cloudId)),
      },
    }),
    inspected("saveFlow", { cloud: cloudOf(store) }),
  );
  const snap = useSelector(actor, (s) => s);

  useEffect(() => {
    const subs = [
      actor.on("message", (e) => {
        const tr = live.current.t;
        message[e.level](e.vars ? tr(e.key, e.vars) : tr(e.key));
      }),
      actor.on("saved", (e) =>
        live.current.navigate(
          `/editLabel?labelAttr=${encodeURIComponent(JSON.stringify(e.labelAttr))}&labelStatus=edit`,
          { replace: true },
        ),
      ),
      actor.on("leave", () => leaveEditor(live.current.navigate)),
      actor.on("print", () => live.current.onPrint()),
      actor.on("download", (e) => downloadBlob(e.file.blob, e.file.fileName)),
    ];
    return () => {
      for (const s of subs) s.unsubscribe();
    };
  }, [actor]);

  const saving = snap.matches({ save: "saving" }) || snap.matches({ save: "settling" });
  // an export being checked or run (Print waits only for that: a save runs beside the print dialog)
  const exporting = snap.matches({ export: "checking" }) || snap.matches({ export: "running" });
  const busy = saving || exporting;

  // a save that makes a new template asks for its folder first, when the user has more than one
  const [askFolder, setAskFolder] = useState<{
    folders: TemplateFolder[];
    initial: string;
    after?: AfterSave;
  } | null>(null);
  const saveCloud = useCallback(
    (after?: AfterSave) => {
      // an export being asked or run comes first (the machine also ignores the save then)
      if (!snap.matches({ export: "idle" }) || askFolder) return;
      const send = (folder?: string) => actor.send({ type: "save", doc: store.get().doc, after, folder });
      const { cloud } = actor.getSnapshot().context;
      if (
        !savesAsNew(cloud) ||
        isEmptyLabel(store.get().doc) ||
        !actor.getSnapshot().matches({ save: "idle" })
      )
        return send();
      // the folders cannot be listed: the save goes on into the label's folder (or the default)
      listTemplateFolders().then(
        (folders) =>
          folders.length > 1
            ? setAskFolder({ folders, initial: initialFolder(folders, cloud.parent_id), after })
            : send(),
        () => send(),
      );
    },
    [actor, askFolder, snap, store],
  );

  const saveBeside = useCallback((): Promise<CloudLabel> => {
    if (actor.getSnapshot().matches({ export: "idle" })) {
      besides.current = true;
      actor.send({ type: "save", doc: store.get().doc });
      // no save started (nothing to save, one already running): the next one has its overlay
      if (!actor.getSnapshot().matches({ save: "saving" })) besides.current = false;
    }
    return new Promise((resolve) => {
      const sub = actor.subscribe((s) => settled(s));
      function settled(s: ReturnType<typeof actor.getSnapshot>): void {
        if (!s.matches({ save: "idle" })) return;
        sub?.unsubscribe();
        resolve(s.context.cloud);
      }
      settled(actor.getSnapshot());
    });
  }, [actor, store]);

  const saveLocal = useCallback(() => {
    if (isEmptyLabel(store.get().doc)) return void message.warning(t(TIP.emptyLabel));
    const f = localFileOf(store.get().doc);
    downloadBlob(f.blob, f.name);
  }, [store, t]);

  // a .zpl / .prn file opens through its dialog (resolution, which label, what was not drawn)
  const [zplFile, setZplFile] = useState<File | null>(null);
  const openFile = useCallback(
    async (file: File) => {
      if (isZplFileName(file.name)) {
        setZplFile(file);
        return;
      }
      const r = await readLocalLabel(file);
      if (!r.ok) {
        message.error(t(r.error.key, { limit: 50 }));
        return;
      }
      store.send({ type: "doc.load", doc: withIdentity(r.doc, actor.getSnapshot().context.cloud) });
    },
    [actor, store, t],
  );

  // Drafts: keep unsaved work in IndexedDB shortly after each change.
  useEffect(() => {
    const keeper = keepDrafts(store, {
      key: () => draftKey(actor.getSnapshot().context.cloud.id),
      storage: { save: (key, doc) => saveDraft(key, doc), clear: clearDraft },
    });
    drafts.current = keeper;
    return () => {
      keeper.stop();
      drafts.current = null;
    };
  }, [actor, store]);

  const c = snap.context;
  const send = actor.send;
  let dialogs: ReactNode = null;
  if (snap.matches({ save: "conflict" }) && c.payload)
    dialogs = (
      <ConflictDialog
        name={c.payload.name}
        onCancel={() => send({ type: "conflict.cancel" })}
        onCopy={() => send({ type: "conflict.copy", doc: store.get().doc })}
        onOverwrite={() => send({ type: "conflict.overwrite", doc: store.get().doc })}
      />
    );
  else if (snap.matches({ save: "cover" }) && c.payload)
    dialogs = (
      <CoverDialog
        name={c.payload.name}
        onCancel={() => send({ type: "cover.cancel" })}
        onConfirm={() => send({ type: "cover.confirm", doc: store.get().doc })}
      />
    );
  else if (askFolder)
    dialogs = (
      <FolderDialog
        folders={askFolder.folders}
        initial={askFolder.initial}
        onCancel={() => setAskFolder(null)}
        onSave={(folder) => {
          setAskFolder(null);
          actor.send({ type: "save", doc: store.get().doc, after: askFolder.after, folder });
        }}
      />
    );
  else if (snap.matches({ save: "member" }))
    dialogs = <MembershipPrompt text={c.memberText} onClose={() => send({ type: "member.close" })} />;
  else if (zplFile)
    dialogs = (
      <ZplOpenDialog
        file={zplFile}
        onCancel={() => setZplFile(null)}
        onOpen={(doc) => {
          setZplFile(null);
          store.send({ type: "doc.load", doc: withIdentity(doc, actor.getSnapshot().context.cloud) });
        }}
      />
    );
  else if (snap.matches({ label: "draft" }) && c.draft)
    dialogs = (
      <RestoreDraftDialog
        savedAt={c.draft.savedAt}
        onRestore={() => send({ type: "draft.restore" })}
        onDiscard={() => send({ type: "draft.discard" })}
      />
    );

  const ex = snap.value.export;
  // a single label's export shows no progress: the save's dialogs stay as they are
  const exportDialogs = ex !== "idle" && ex !== "checking" && (ex !== "running" || c.progress) && (
    <ExportDialogs
      state={ex}
      job={c.exportJob}
      progress={c.progress}
      layout={() => store.get().doc.attrs}
      send={send}
    />
  );

  return {
    saveCloud,
    saveBeside,
    saveLocal,
    exportAs: (kind) => send({ type: "export", kind, doc: store.get().doc }),
    calibrate: () => send({ type: "calibrate" }),
    openFile,
    busy,
    exporting,
    opening: snap.matches({ label: "fetching" }) || snap.matches({ label: "findingDraft" }),
    // an export's range or progress dialog comes first
    dialogs: exportDialogs || dialogs,
    cloud: snap.context.cloud,
  };
}
