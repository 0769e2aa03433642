// The editor's cloud save flow (label-editor §4 "Save paths", application §4 overwrite, §9 upsell
// delay) and the opening of the label (its cloud file, then any draft of it), as two parallel regions.
//
// save:  idle → saving → settling → idle, with the dialogs of the server's answers: 405 → cover,
//        409 → conflict (copy / overwrite), 402 → member (at once after a save; after
//        UPSELL_AFTER_COVER_402_MS when a dialog's request answered it: the dialog closes first).
//        A save asked to leave after it (the exit dialog) leaves after the save, also through the cover
//        or conflict dialog; one asked to print opens the print dialog only after a direct save.
// label: fetching (the cloud file named in labelAttr) → findingDraft → draft (restore / discard) → ready.
// export: idle → checking (records, characters no font draws) → range (several records) or
//        unprintable (Cancel / Export anyway) → running (progress; Cancel stops the runner, which
//        aborts) → idle, with the download or the failure's message; calibrating (the office printer's
//        offset dialog). A save and an export never overlap: each starts only while the other is idle.
//
// Every effect is injected: the requests are actors (setup({ actors })), the store changes are
// actions; what the screen shows is emitted (message, saved, leave, print).

import { assign, emit, enqueueActions, fromCallback, fromPromise, not, setup, stateIn } from "xstate";
import { isEmptyLabel } from "../src/export/sheets";
import { TIP } from "../src/i18n/tips";
import type { CloudLabel, SavedTemplate, SaveOutcome, TemplatePayload } from "../src/model/cloudLabel";
import { labelAttrAfterSave } from "../src/model/cloudLabel";
import { UPSELL_AFTER_COVER_402_MS } from "../src/model/constants";
import type { LabelDocument } from "../src/model/types";
import type {
  ExportCheck,
  ExportFile,
  ExportJob,
  ExportKind,
  ExportRun,
  ExportRunnerEvent,
  ProgressState,
} from "./saveFlow.export";

/** What to do after a successful save: go back (exit dialog) or open the print dialog. */
export type AfterSave = "leave" | "print";

export interface StoredDraft {
  readonly doc: LabelDocument;
  readonly savedAt: number;
}

/** What opening the label's cloud file gave: the document, an error message key, or no file. */
export type OpenedLabel = { readonly doc: LabelDocument } | { readonly error: string } | null;

export interface SaveFlowContext {
  /** the cloud identity of the label being edited (not part of the file) */
  readonly cloud: CloudLabel;
  readonly after: AfterSave | null;
  /** the document the running request saves */
  readonly doc: LabelDocument | null;
  /** the upload the cover / conflict dialog sends again */
  readonly payload: TemplatePayload | null;
  /** conflict: what the server holds now */
  readonly current: SavedTemplate | null;
  /** the membership prompt's text (the server's message) */
  readonly memberText: string;
  /** the draft offered back while opening */
  readonly draft: StoredDraft | null;
  /** settling: the route's label attributes after the save, and the key the drafts had before */
  readonly labelAttr: Record<string, unknown> | null;
  readonly previousId: string;
  /** the export being asked or run (null: none) and its progress (null: none shown yet) */
  readonly exportJob: ExportJob | null;
  readonly progress: ProgressState | null;
}

export type SaveFlowEvent =
  /** `folder`: the template folder a label saved as new goes into (chosen in the folder dialog) */
  | { type: "save"; doc: LabelDocument; after?: AfterSave; folder?: string }
  | { type: "cover.confirm"; doc: LabelDocument }
  | { type: "cover.cancel" }
  | { type: "conflict.copy"; doc: LabelDocument }
  | { type: "conflict.overwrite"; doc: LabelDocument }
  | { type: "conflict.cancel" }
  | { type: "member.close" }
  | { type: "draft.restore" }
  | { type: "draft.discard" }
  /** the save menu's export of `doc` (the document as it is when asked) */
  | { type: "export"; kind: ExportKind; doc: LabelDocument }
  /** the range dialog's records */
  | { type: "export.range"; range: NonNullable<ExportJob["range"]> }
  /** "Export anyway" in the dialog naming characters no font draws */
  | { type: "export.confirm" }
  /** Cancel in the range, characters or progress dialog */
  | { type: "export.cancel" }
  | ExportRunnerEvent
  | { type: "calibrate" }
  | { type: "calibrate.close" };

export type SaveFlowEmitted =
  | {
      type: "message";
      key: string;
      level: "success" | "warning" | "error";
      vars?: Record<string, string | number>;
    }
  /** the save went through: the route now names the saved label (labelStatus edit) */
  | { type: "saved"; labelAttr: Record<string, unknown> }
  | { type: "leave" }
  | { type: "print" }
  /** an export's file, to download */
  | { type: "download"; file: ExportFile };

/** `doc` with the cloud identity of the label being edited. */
export function withIdentity(doc: LabelDocument, c: CloudLabel): LabelDocument {
  return {
    ...doc,
    attrs: { ...doc.attrs, id: c.id, parent_id: c.parent_id, type: c.type as never, file: c.file },
  };
}

/**
 * The label file opened from the library, with its cloud identity and the library's name: renaming a
 * template changes its name in the library, not inside its file (a draft or a local file keeps its own).
 */
export function openedFromLibrary(doc: LabelDocument, c: CloudLabel): LabelDocument {
  const d = withIdentity(doc, c);
  return c.name ? { ...d, attrs: { ...d.attrs, name: c.name } } : d;
}

type Outcome = { output: SaveOutcome };
type OutcomeOf<K extends SaveOutcome["kind"]> = Extract<SaveOutcome, { kind: K }>;
/** the request's outcome, in a done event (the guards and actions below only run on those) */
const outcome = (event: unknown) => (event as Outcome).output;

const noOutcome = fromPromise<SaveOutcome, unknown>(async () => ({
  kind: "failed",
  error: new Error("not provided"),
}));

/** The transitions of a request's outcome. `fromDialog`: a dialog's request (cover, conflict). */
function outcomeOf(fromDialog: boolean, successKey: string, retry: string) {
  return [
    {
      guard: { type: "outcome", params: { kind: "saved" } },
      target: "#saveFlow.save.settling",
      actions: [{ type: "saved", params: { key: successKey } }],
    },
    {
      guard: { type: "outcome", params: { kind: "member" } },
      target: fromDialog ? "#saveFlow.save.upsell" : "#saveFlow.save.member",
      actions: ["member"],
    },
    {
      guard: { type: "outcome", params: { kind: "exists" } },
      target: "#saveFlow.save.cover",
      actions: ["exists"],
    },
    {
      guard: { type: "outcome", params: { kind: "conflict" } },
      target: "#saveFlow.save.conflict",
      actions: ["conflict"],
    },
    // failed: the client already showed the server's message; the document stays as it is (a
    // dialog stays open for another try)
    { target: retry, actions: ["forgetAfter"] },
  ] as const;
}

export const saveFlowMachine = setup({
  types: {
    context: {} as SaveFlowContext,
    events: {} as SaveFlowEvent,
    emitted: {} as SaveFlowEmitted,
    input: {} as { cloud: CloudLabel },
  },
  actors: {
    /** fetches the cloud file named in labelAttr (null: no file) */
    openLabel: fromPromise<OpenedLabel, { cloud: CloudLabel }>(async () => null),
    /** the stored draft of the label (null: none) */
    findDraft: fromPromise<StoredDraft | null, { cloud: CloudLabel }>(async () => null),
    /** the whole cloud save (upload, then add or edit) */
    save: noOutcome as ReturnType<typeof fromPromise<SaveOutcome, { doc: LabelDocument; cloud: CloudLabel }>>,
    /** cover dialog: overwrite the template of the same name */
    cover: noOutcome as ReturnType<typeof fromPromise<SaveOutcome, { payload: TemplatePayload }>>,
    /** conflict dialog: save over what the server holds now */
    overwrite: noOutcome as ReturnType<
      typeof fromPromise<SaveOutcome, { payload: TemplatePayload; current: SavedTemplate }>
    >,
    /** conflict dialog: a new template from the same upload */
    copy: noOutcome as ReturnType<typeof fromPromise<SaveOutcome, { payload: TemplatePayload }>>,
    /** after a save: marks the document saved when it did not change meanwhile, settles the drafts */
    settle: fromPromise<void, { doc: LabelDocument; previousId: string }>(async () => undefined),
    /** how many records the label gives and which characters no font draws */
    checkExport: fromPromise<ExportCheck, { doc: LabelDocument }>(async () => ({
      total: 1,
      unprintable: "",
    })),
    /**
     * runs one export, sending back its progress, then its file or its failure; stopped (the machine
     * left running: Cancel), it aborts the export
     */
    runExport: fromCallback<ExportRunnerEvent, ExportRun>(({ sendBack }) => {
      sendBack({ type: "export.failed", key: "editor.export.failed" });
    }),
  },
  actions: {
    forgetAfter: assign({ after: null }),
    /** saved: the success message; the label now has the saved template's identity */
    saved: enqueueActions(({ context, event, enqueue }, p: { key: string }) => {
      const tpl = (outcome(event) as OutcomeOf<"saved">).template;
      const before = context.cloud;
      enqueue.emit({ type: "message", key: p.key, level: "success" });
      enqueue.assign({
        previousId: before.id,
        labelAttr: labelAttrAfterSave(context.doc as LabelDocument, tpl, String(before.type)),
        cloud: {
          ...before,
          status: "edit",
          id: tpl.id,
          parent_id: tpl.parent_id,
          file: tpl.file_web,
          type: "",
        },
      });
    }),
    /** 402: the prompt with the server's message; nothing follows the save */
    member: assign(({ event }) => ({
      after: null,
      memberText: (outcome(event) as OutcomeOf<"member">).message,
    })),
    /** 405: the cover dialog keeps a "leave" (exit dialog); print opens only after a direct save */
    exists: assign(({ context, event }) => ({
      after: context.after === "leave" ? context.after : null,
      payload: (outcome(event) as OutcomeOf<"exists">).payload,
    })),
    /** 409: the conflict dialog, which also keeps a "leave" */
    conflict: assign(({ context, event }) => {
      const o = outcome(event) as OutcomeOf<"conflict">;
      return {
        after: context.after === "leave" ? context.after : null,
        payload: o.payload,
        current: o.current,
      };
    }),
    /** the export's records and unprintable characters, as checking found them */
    checked: assign({
      exportJob: ({ context, event }) => ({
        ...(context.exportJob as ExportJob),
        ...(event as unknown as { output: ExportCheck }).output,
      }),
    }),
    /** replaces the editor's document (doc.load) */
    loadDoc: (_, _p: { doc: LabelDocument }) => {},
    /** applies the restored draft as one undoable step */
    restoreDraft: (_, _p: { doc: LabelDocument }) => {},
    /** drops the stored draft of the label */
    discardDraft: (_, _p: { cloudId: string }) => {},
    /** the route names the saved label, then what the save asked to do after it (leave or print) */
    finishSave: enqueueActions(({ context, enqueue }) => {
      enqueue.emit({ type: "saved", labelAttr: context.labelAttr ?? {} });
      if (context.after) enqueue.emit({ type: context.after });
      enqueue.assign({ after: null, doc: null, payload: null, current: null, labelAttr: null });
    }),
  },
  guards: {
    saveIdle: stateIn({ save: "idle" }),
    exportIdle: stateIn({ export: "idle" }),
    nothingToExport: ({ event }) => event.type === "export" && isEmptyLabel(event.doc),
    outcome: ({ event }, p: { kind: SaveOutcome["kind"] }) => outcome(event)?.kind === p.kind,
    nothingToSave: ({ event }) => event.type === "save" && isEmptyLabel(event.doc),
  },
  delays: {
    upsell: UPSELL_AFTER_COVER_402_MS,
  },
}).createMachine({
  id: "saveFlow",
  type: "parallel",
  context: ({ input }) => ({
    cloud: input.cloud,
    after: null,
    doc: null,
    payload: null,
    current: null,
    memberText: "",
    draft: null,
    labelAttr: null,
    previousId: "",
    exportJob: null,
    progress: null,
  }),
  states: {
    label: {
      initial: "fetching",
      states: {
        fetching: {
          invoke: {
            src: "openLabel",
            input: ({ context }) => ({ cloud: context.cloud }),
            onDone: [
              {
                guard: ({ event }) => event.output !== null && "doc" in event.output,
                target: "findingDraft",
                actions: {
                  type: "loadDoc",
                  params: ({ context, event }) => ({
                    doc: openedFromLibrary((event.output as { doc: LabelDocument }).doc, context.cloud),
                  }),
                },
              },
              {
                guard: ({ event }) => event.output !== null && "error" in event.output,
                target: "findingDraft",
                actions: emit(({ event }) => ({
                  type: "message" as const,
                  key: (event.output as { error: string }).error,
                  level: "error" as const,
                  vars: { limit: 50 },
                })),
              },
              {
                // an edit without a file to open
                guard: ({ context }) => context.cloud.status === "edit" && !context.cloud.file,
                target: "findingDraft",
                actions: emit({ type: "message", key: TIP.noLabelFile, level: "warning" }),
              },
              { target: "findingDraft" },
            ],
            onError: "findingDraft",
          },
        },
        findingDraft: {
          invoke: {
            src: "findDraft",
            input: ({ context }) => ({ cloud: context.cloud }),
            onDone: [
              {
                guard: ({ event }) => event.output !== null && !isEmptyLabel(event.output.doc),
                target: "draft",
                actions: assign({ draft: ({ event }) => event.output }),
              },
              { target: "ready" },
            ],
            onError: "ready",
          },
        },
        draft: {
          on: {
            // restored work is unsaved work; its draft stays stored until the next successful save
            "draft.restore": {
              target: "ready",
              actions: [
                {
                  type: "restoreDraft",
                  params: ({ context }) => ({
                    doc: withIdentity((context.draft as StoredDraft).doc, context.cloud),
                  }),
                },
                assign({ draft: null }),
              ],
            },
            "draft.discard": {
              target: "ready",
              actions: [
                { type: "discardDraft", params: ({ context }) => ({ cloudId: context.cloud.id }) },
                assign({ draft: null }),
              ],
            },
          },
        },
        ready: {},
      },
    },
    save: {
      initial: "idle",
      states: {
        idle: {
          on: {
            save: [
              // an export being asked or run comes first: the save is not started
              { guard: not("exportIdle") },
              {
                guard: "nothingToSave",
                actions: emit({ type: "message", key: TIP.emptyLabel, level: "warning" }),
              },
              {
                target: "saving",
                actions: assign(({ context, event }) => ({
                  doc: event.doc,
                  after: event.after ?? null,
                  cloud: event.folder ? { ...context.cloud, parent_id: event.folder } : context.cloud,
                })),
              },
            ],
          },
        },
        saving: {
          invoke: {
            src: "save",
            input: ({ context }) => ({ doc: context.doc as LabelDocument, cloud: context.cloud }),
            onDone: outcomeOf(false, TIP.saved, "#saveFlow.save.idle"),
            onError: { target: "idle", actions: "forgetAfter" },
          },
        },
        settling: {
          invoke: {
            src: "settle",
            input: ({ context }) => ({ doc: context.doc as LabelDocument, previousId: context.previousId }),
            // the drafts are settled (or failed to) before the route says "saved"
            onDone: { target: "idle", actions: "finishSave" },
            onError: { target: "idle", actions: "finishSave" },
          },
        },
        cover: {
          initial: "asking",
          states: {
            asking: {
              on: {
                "cover.confirm": { target: "sending", actions: assign({ doc: ({ event }) => event.doc }) },
                "cover.cancel": {
                  target: "#saveFlow.save.idle",
                  actions: assign({ after: null, payload: null }),
                },
              },
            },
            sending: {
              invoke: {
                src: "cover",
                input: ({ context }) => ({ payload: context.payload as TemplatePayload }),
                onDone: outcomeOf(true, "editor.cover.added", "asking"),
                onError: { target: "asking", actions: "forgetAfter" },
              },
            },
          },
        },
        conflict: {
          initial: "asking",
          states: {
            asking: {
              on: {
                "conflict.copy": { target: "copying", actions: assign({ doc: ({ event }) => event.doc }) },
                "conflict.overwrite": {
                  target: "overwriting",
                  actions: assign({ doc: ({ event }) => event.doc }),
                },
                "conflict.cancel": {
                  target: "#saveFlow.save.idle",
                  actions: assign({ after: null, payload: null, current: null }),
                },
              },
            },
            copying: {
              invoke: {
                src: "copy",
                input: ({ context }) => ({ payload: context.payload as TemplatePayload }),
                onDone: outcomeOf(true, TIP.saved, "asking"),
                onError: { target: "asking", actions: "forgetAfter" },
              },
            },
            overwriting: {
              invoke: {
                src: "overwrite",
                input: ({ context }) => ({
                  payload: context.payload as TemplatePayload,
                  current: context.current as SavedTemplate,
                }),
                onDone: outcomeOf(true, TIP.saved, "asking"),
                onError: { target: "asking", actions: "forgetAfter" },
              },
            },
          },
        },
        // 402 answered a dialog's request: the dialog has closed; the prompt follows (application §9)
        upsell: { after: { upsell: "member" } },
        member: { on: { "member.close": "idle" } },
      },
    },
    export: {
      initial: "idle",
      states: {
        // every way back here forgets the job and its progress
        idle: {
          entry: assign({ exportJob: null, progress: null }),
          on: {
            export: [
              {
                guard: "nothingToExport",
                actions: emit({ type: "message", key: TIP.emptyLabel, level: "warning" }),
              },
              // a save running or waiting on its dialogs comes first: the export is not started
              {
                guard: "saveIdle",
                target: "checking",
                actions: assign({
                  exportJob: ({ event }) => ({ kind: event.kind, doc: event.doc, total: 1, unprintable: "" }),
                }),
              },
            ],
            calibrate: "calibrating",
          },
        },
        checking: {
          invoke: {
            src: "checkExport",
            input: ({ context }) => ({ doc: (context.exportJob as ExportJob).doc }),
            onDone: [
              {
                guard: ({ event }) => event.output.total > 1,
                target: "range",
                actions: "checked",
              },
              {
                guard: ({ event }) => event.output.unprintable !== "",
                target: "unprintable",
                actions: "checked",
              },
              { target: "running", actions: "checked" },
            ],
            // never blocks the export: a failure to look is one label whose characters are all drawn
            onError: "running",
          },
          on: { "export.cancel": "idle" },
        },
        range: {
          on: {
            "export.range": {
              target: "running",
              actions: assign({
                exportJob: ({ context, event }) => ({
                  ...(context.exportJob as ExportJob),
                  range: event.range,
                }),
              }),
            },
            "export.cancel": "idle",
          },
        },
        unprintable: {
          on: { "export.confirm": "running", "export.cancel": "idle" },
        },
        running: {
          invoke: {
            src: "runExport",
            input: ({ context }) => {
              const { kind, doc, range } = context.exportJob as ExportJob;
              return { kind, doc, range };
            },
          },
          on: {
            "export.progress": { actions: assign({ progress: ({ event }) => event.progress }) },
            "export.finished": {
              target: "idle",
              actions: emit(({ event }) => ({ type: "download" as const, file: event.file })),
            },
            // the message, then back to idle: the same export may be asked again
            "export.failed": {
              target: "idle",
              actions: emit(({ event }) => ({
                type: "message" as const,
                key: event.key,
                level: "error" as const,
                vars: event.vars,
              })),
            },
            // leaving running stops the runner, which aborts the export; nothing is downloaded
            "export.cancel": "idle",
          },
        },
        calibrating: { on: { "calibrate.close": "idle" } },
      },
    },
  },
});
