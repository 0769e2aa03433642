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
//
// Its parts: saveFlow.types.ts (context, events, emitted, pure helpers), saveFlow.setup.ts (default
// actors, actions, guards), saveFlow.exportRegion.ts (the export region's states) and
// saveFlow.export.ts (the export's kinds, job, progress and failures); this file joins the regions.

import { assign, emit, not } from "xstate";
import { isEmptyLabel } from "../src/export/sheets";
import { TIP } from "../src/i18n/tips";
import type { SavedTemplate, TemplatePayload } from "../src/model/cloudLabel";
import type { LabelDocument } from "../src/model/types";
import { exportRegion } from "./saveFlow.exportRegion";
import { saveFlowSetup } from "./saveFlow.setup";
import { initialSaveFlowContext, openedFromLibrary, type StoredDraft, withIdentity } from "./saveFlow.types";

export type {
  AfterSave,
  OpenedLabel,
  SaveFlowContext,
  SaveFlowEmitted,
  SaveFlowEvent,
  StoredDraft,
} from "./saveFlow.types";
export { openedFromLibrary, withIdentity } from "./saveFlow.types";

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

export const saveFlowMachine = saveFlowSetup.createMachine({
  id: "saveFlow",
  type: "parallel",
  context: ({ input }) => initialSaveFlowContext(input.cloud),
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
    export: exportRegion,
  },
});
