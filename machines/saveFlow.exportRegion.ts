// The save flow's export region (machines/saveFlow.machine.ts): idle → checking (records, characters
// no font draws) → range (several records) or unprintable (Cancel / Export anyway) → (a printer
// template: templateOptions, its resolution) → running (progress; Cancel stops the runner, which
// aborts) → idle, with the download or the failure's message (a printer template: templateDone, its
// read-me, then idle); calibrating (the office printer's offset dialog). An export starts only while
// the save region is idle.
import { assign, emit } from "xstate";
import { TIP } from "../src/i18n/tips";
import { type ExportJob, TEMPLATE_KINDS } from "./saveFlow.export";
import { saveFlowSetup } from "./saveFlow.setup";

export const exportRegion = saveFlowSetup.createStateConfig({
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
          { target: "ready", actions: "checked" },
        ],
        // never blocks the export: a failure to look is one label whose characters are all drawn
        onError: "ready",
      },
      on: { "export.cancel": "idle" },
    },
    range: {
      on: {
        "export.range": {
          target: "ready",
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
      on: { "export.confirm": "ready", "export.cancel": "idle" },
    },
    // records and characters settled: a printer template first asks its resolution
    ready: {
      always: [
        {
          guard: ({ context }) => !!TEMPLATE_KINDS[(context.exportJob as ExportJob).kind],
          target: "templateOptions",
        },
        { target: "running" },
      ],
    },
    templateOptions: {
      on: {
        "export.dpi": {
          target: "running",
          actions: assign({
            exportJob: ({ context, event }) => ({ ...(context.exportJob as ExportJob), dpi: event.dpi }),
          }),
        },
        "export.cancel": "idle",
      },
    },
    // the template is downloaded; its read-me (fields, how an ERP calls it) stays until closed
    templateDone: {
      on: { "export.close": "idle" },
    },
    running: {
      invoke: {
        src: "runExport",
        input: ({ context }) => {
          const { kind, doc, range, dpi } = context.exportJob as ExportJob;
          return { kind, doc, range, dpi };
        },
      },
      on: {
        "export.progress": { actions: assign({ progress: ({ event }) => event.progress }) },
        "export.finished": [
          {
            guard: ({ event }) => !!event.file.notes,
            target: "templateDone",
            actions: [
              emit(({ event }) => ({ type: "download" as const, file: event.file })),
              assign({
                exportJob: ({ context, event }) => ({
                  ...(context.exportJob as ExportJob),
                  notes: event.file.notes,
                }),
              }),
            ],
          },
          {
            target: "idle",
            actions: emit(({ event }) => ({ type: "download" as const, file: event.file })),
          },
        ],
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
});
