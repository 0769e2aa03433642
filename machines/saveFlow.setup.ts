// The save flow's setup (machines/saveFlow.machine.ts): the types it runs with, the requests it
// invokes (the defaults here do nothing; the editor provides the real ones), its actions and guards.
import { assign, enqueueActions, fromCallback, fromPromise, setup, stateIn } from "xstate";
import { isEmptyLabel } from "../src/export/sheets";
import type { CloudLabel, SavedTemplate, SaveOutcome, TemplatePayload } from "../src/model/cloudLabel";
import { labelAttrAfterSave } from "../src/model/cloudLabel";
import { UPSELL_AFTER_COVER_402_MS } from "../src/model/constants";
import type { LabelDocument } from "../src/model/types";
import type { ExportCheck, ExportJob, ExportRun, ExportRunnerEvent } from "./saveFlow.export";
import {
  type OpenedLabel,
  type OutcomeOf,
  outcome,
  type SaveFlowContext,
  type SaveFlowEmitted,
  type SaveFlowEvent,
  type StoredDraft,
} from "./saveFlow.types";

const noOutcome = fromPromise<SaveOutcome, unknown>(async () => ({
  kind: "failed",
  error: new Error("not provided"),
}));

export const saveFlowSetup = setup({
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
});
