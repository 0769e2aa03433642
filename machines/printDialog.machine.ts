// The print dialog (spec application.md §2 dialog 7, §4 "Print dialog", §5 "Print"): closed → open
// after show → preview loading → ready → printing. Page navigation is clamped to 1…total; a label
// side over 400 mm delays the preview by 300 ms; print type 1 is driver printing, 2 cloud printing;
// closing resets the type to 1, clears the device and the page, and emits close. Switching tabs
// keeps the printer each tab had: back on Driver printing the chosen printer (else the first listed,
// the browser) is selected again (issue 23 item 15). Reconnect (drivers.reload) opens the dialog's
// lists again: tip90 when the assistant answered but could not list its printers, tip93 when a
// manual attempt could not reach it at all. A label's prompts (issue 38) are asked in one form: each
// answers.input stores an answer and renders the preview again with it; Confirm goes no further
// while an answer breaks its prompt's rules, and the answers go with the job.
import { assign, emit, enqueueActions, fromPromise, setup } from "xstate";
import { checkPrompts, type PromptDef } from "../src/data/prompt";
import { TIP } from "../src/i18n/tips";
import { PRINT_PREVIEW_DELAY_MS, PRINT_PREVIEW_LARGE_MM } from "../src/model/constants";
import { jobCopies } from "../src/print/plan";
import type { JobSettings, PrinterSettings } from "../src/print/settings";
import type { PrinterStatus } from "../src/print/status";
import type { Stock } from "../src/print/stock";

export type PrintType = 1 | 2;

/** How a label printer gets the previewed page: one exact picture, or its own commands. */
export type PreviewMode = "picture" | "native";

/** A preview: the page's SVG, with how a label printer gets it. */
export type PreviewOutput = string | { readonly svg: string; readonly mode: PreviewMode };

export interface PrintDevice {
  /** driver printer name or cloud device serial */
  readonly id: string;
  readonly name: string;
  /** cloud devices: 1 online */
  readonly status?: number;
  /** cloud devices: type 2 always listed */
  readonly type?: number;
  /** the labels the printer is set up for, when its settings say (src/print/stock.ts) */
  readonly stock?: Stock;
  /** a print assistant's network label printer: its language (darkness ranges differ) */
  readonly language?: "TSPL" | "ZPL";
  /** a print assistant's network label printer: its own settings (the dialog shows darkness, speed and
   * media; the preview draws what its "send as" sends) */
  readonly own?: PrinterSettings;
  /** a print assistant's network label printer: its resolution */
  readonly dpi?: number;
  /** cloud devices: their printer's state as the device last reported it (src/print/status.ts) */
  readonly printerStatus?: PrinterStatus;
}

export interface PrintRequest {
  readonly printType: PrintType;
  readonly device: PrintDevice;
  readonly copies: number;
  readonly printBackground: boolean;
  /** darkness and speed for this job only (a label printer of the assistant) */
  readonly jobSettings: JobSettings;
  /** the answers to the label's prompts, by prompt name (checked); none: the defaults */
  readonly answers?: ReadonlyMap<string, string>;
}

/** Where a sent job went: to a printer, or only into the browser's own print dialog (which the user
 * may still cancel, so the dialog never says it printed). */
export type PrintOutcome = "sent" | "browserDialog";

export interface PrintDialogContext {
  readonly printType: PrintType;
  readonly device: PrintDevice | null;
  /** the printer chosen on the other tab, selected again when the user switches back */
  readonly other: PrintDevice | null;
  readonly page: number;
  readonly total: number;
  /** the copies field as typed */
  readonly copies: string;
  readonly hasBackground: boolean;
  readonly printBackground: boolean;
  readonly bigLabel: boolean;
  readonly drivers: readonly PrintDevice[];
  readonly cloud: readonly PrintDevice[];
  readonly preview: string | null;
  /** how the previewed page goes to a label printer (src/print/native/preview.ts); null: not one */
  readonly previewMode: PreviewMode | null;
  /** how the print assistant answered: driver printing has only the browser unless "ok" */
  readonly assistant: AssistantLink;
  /** a reconnect the user asked for is under way */
  readonly reconnecting: boolean;
  /** why the last job failed (the dialog says it beside Confirm until the next try or close) */
  readonly failure: unknown;
  /** darkness and speed for this job; cleared when another printer is chosen */
  readonly jobSettings: JobSettings;
  /** the label's prompts, asked before printing */
  readonly prompts: readonly PromptDef[];
  /** the answers as typed, by prompt name (each starts as its prompt's default) */
  readonly answers: Readonly<Record<string, string>>;
}

/** The typed answers as checkPrompts takes them. */
export const answerMap = (answers: Readonly<Record<string, string>>): ReadonlyMap<string, string> =>
  new Map(Object.entries(answers));

/** Do the answers keep every prompt's rules? */
export const answersValid = (c: Pick<PrintDialogContext, "prompts" | "answers">): boolean =>
  checkPrompts(c.prompts, answerMap(c.answers)).ok;

/** The print assistant: listed its printers / not running (or not installed) / running but this
 * page is not paired with it / answered with an error. */
export type AssistantLink = "ok" | "down" | "unpaired" | "failed";

/** The driver printers: the browser first, then the assistant's; `preferred` is selected. */
export interface DriverList {
  readonly devices: readonly PrintDevice[];
  readonly preferred: string;
  readonly assistant: AssistantLink;
}

export type PrintDialogEvent =
  | {
      type: "show";
      total: number;
      hasBackground: boolean;
      widthMm: number;
      heightMm: number;
      /** the user's print settings: copies to start with (default 1), and whether a label's
       * background prints (default on: spec §4 forces it on when there is one) */
      copies?: number;
      printBackground?: boolean;
      /** the label's prompts (promptsOf), asked in the dialog */
      prompts?: readonly PromptDef[];
    }
  | { type: "close" }
  | { type: "page.first" }
  | { type: "page.prev" }
  | { type: "page.next" }
  | { type: "page.last" }
  | { type: "total.set"; total: number }
  | { type: "type.set"; printType: PrintType }
  | { type: "device.set"; id: string }
  /** draw the preview again (the label printer it is drawn for changed) */
  | { type: "preview.refresh" }
  | { type: "copies.input"; value: string }
  | { type: "copies.blur" }
  /** the Print background box (only with a background) */
  | { type: "background.set"; on: boolean }
  /** darkness or speed for this job (a label printer of the assistant) */
  | { type: "jobSettings.set"; settings: JobSettings }
  | { type: "drivers.reload" }
  /** an answer typed into the prompts form */
  | { type: "answers.input"; name: string; value: string }
  | { type: "confirm" };

export type PrintDialogEmitted =
  | { type: "message"; key: string; level: "error" | "success" | "info" }
  | { type: "close" };

const clamp = (page: number, total: number) =>
  Math.max(1, Math.min(Math.max(1, total), Math.floor(page) || 1));

/** Cloud devices worth listing: online (status 1) or type 2 (spec §4). */
export const listedCloud = (devices: readonly PrintDevice[]) =>
  devices.filter((d) => d.status === 1 || d.type === 2);

const CLOSED: Pick<
  PrintDialogContext,
  | "printType"
  | "device"
  | "other"
  | "page"
  | "preview"
  | "previewMode"
  | "failure"
  | "jobSettings"
  | "prompts"
  | "answers"
> = {
  printType: 1,
  device: null,
  other: null,
  page: 1,
  preview: null,
  previewMode: null,
  failure: null,
  jobSettings: {},
  prompts: [],
  answers: {},
};

const pickedDevice = (context: PrintDialogContext, id: string) =>
  (context.printType === 1 ? context.drivers : listedCloud(context.cloud)).find((d) => d.id === id) ?? null;

export const printDialogMachine = setup({
  types: {
    context: {} as PrintDialogContext,
    events: {} as PrintDialogEvent,
    emitted: {} as PrintDialogEmitted,
  },
  actors: {
    /** renders page n's preview (an image URL or SVG) with the answers typed so far */
    renderPreview: fromPromise<
      PreviewOutput,
      { page: number; answers: ReadonlyMap<string, string>; device: PrintDevice | null }
    >(async () => ""),
    /** sends the job (browser, assistant or cloud) */
    submit: fromPromise<PrintOutcome, PrintRequest>(async () => "sent"),
    /** the driver printers (the browser, and the print assistant's when it answers) */
    loadDrivers: fromPromise<DriverList, void>(async () => ({
      devices: [],
      preferred: "",
      assistant: "ok",
    })),
    /** the account's cloud devices */
    loadCloud: fromPromise<readonly PrintDevice[], void>(async () => []),
  },
  delays: {
    previewDelay: ({ context }) => (context.bigLabel ? PRINT_PREVIEW_DELAY_MS : 0),
  },
  guards: {
    hasDevice: ({ context }) =>
      context.printType === 1 ? context.device !== null : listedCloud(context.cloud).length > 0,
  },
  actions: {
    reset: assign(() => ({ ...CLOSED })),
    pickDevice: assign(({ context, event }) =>
      event.type === "device.set" ? { device: pickedDevice(context, event.id), jobSettings: {} } : {},
    ),
  },
}).createMachine({
  id: "printDialog",
  context: {
    ...CLOSED,
    total: 1,
    copies: "1",
    hasBackground: false,
    printBackground: false,
    bigLabel: false,
    drivers: [],
    cloud: [],
    assistant: "ok",
    reconnecting: false,
  },
  initial: "closed",
  states: {
    closed: {
      on: {
        show: {
          target: "open",
          actions: assign(({ event }) => ({
            ...CLOSED,
            total: Math.max(1, Math.floor(event.total) || 1),
            copies: String(jobCopies(event.copies ?? 1)),
            hasBackground: event.hasBackground,
            // on with a background (unless the user's print settings say otherwise), off (and
            // disabled) without
            printBackground: event.hasBackground && event.printBackground !== false,
            bigLabel: event.widthMm > PRINT_PREVIEW_LARGE_MM || event.heightMm > PRINT_PREVIEW_LARGE_MM,
            prompts: event.prompts ?? [],
            answers: Object.fromEntries((event.prompts ?? []).map((p) => [p.name, p.default ?? ""])),
          })),
        },
      },
    },
    open: {
      initial: "previewLoading",
      invoke: [
        {
          src: "loadDrivers",
          onDone: {
            actions: enqueueActions(({ context, event, enqueue }) => {
              const drivers = event.output.devices;
              const pick = drivers.find((d) => d.id === event.output.preferred) ?? null;
              const assistant = event.output.assistant;
              // the preferred printer is selected on the Driver tab (the Cloud tab keeps its own)
              enqueue.assign(
                context.printType === 1
                  ? { drivers, device: pick, assistant, reconnecting: false }
                  : { drivers, other: pick, assistant, reconnecting: false },
              );
              // the preferred label printer's preview shows what it gets
              if (context.printType === 1 && pick?.language) enqueue.raise({ type: "preview.refresh" });
              if (assistant === "failed")
                enqueue.emit({ type: "message", key: TIP.printerListFailed, level: "error" });
              else if (assistant === "down" && context.reconnecting)
                enqueue.emit({ type: "message", key: TIP.assistantUnreachable, level: "error" });
            }),
          },
          // a closed or failed link to the assistant empties the list
          onError: {
            actions: assign(({ context }) => ({
              drivers: [],
              device: context.printType === 1 ? null : context.device,
              reconnecting: false,
            })),
          },
        },
        {
          src: "loadCloud",
          onDone: { actions: assign({ cloud: ({ event }) => event.output }) },
          onError: { actions: assign({ cloud: [] }) },
        },
      ],
      on: {
        close: { target: "closed", actions: ["reset", emit({ type: "close" })] },
        // reconnect: the lists load again (not while a job is being sent)
        "drivers.reload": {
          guard: ({ context }) => !context.reconnecting,
          target: "open",
          reenter: true,
          actions: assign({ reconnecting: true }),
        },
        "page.first": { target: ".previewLoading", actions: assign({ page: 1 }) },
        "page.prev": {
          target: ".previewLoading",
          actions: assign({ page: ({ context }) => clamp(context.page - 1, context.total) }),
        },
        "page.next": {
          target: ".previewLoading",
          actions: assign({ page: ({ context }) => clamp(context.page + 1, context.total) }),
        },
        "page.last": { target: ".previewLoading", actions: assign({ page: ({ context }) => context.total }) },
        "total.set": {
          target: ".previewLoading",
          actions: assign(({ context, event }) => {
            const total = Math.max(1, Math.floor(event.total) || 1);
            return { total, page: clamp(context.page, total) };
          }),
        },
        "type.set": {
          actions: assign(({ context, event }) => {
            if (event.printType === context.printType) return {};
            const list = event.printType === 1 ? context.drivers : listedCloud(context.cloud);
            const back = list.find((d) => d.id === context.other?.id);
            // a driver is always selected while drivers are listed; cloud falls back to its first
            const device = back ?? (event.printType === 1 ? (list[0] ?? null) : null);
            return { printType: event.printType, device, other: context.device };
          }),
        },
        "device.set": [
          // a label printer's preview shows what it gets (picture or its commands): drawn again
          {
            guard: ({ context, event }) =>
              context.printType === 1 &&
              (!!context.device?.language || !!pickedDevice(context, event.id)?.language),
            target: ".previewLoading",
            actions: "pickDevice",
          },
          { actions: "pickDevice" },
        ],
        "preview.refresh": { target: ".previewLoading" },
        // an answer changes what is printed: the preview is drawn again with it
        "answers.input": {
          target: ".previewLoading",
          actions: assign({
            answers: ({ context, event }) => ({ ...context.answers, [event.name]: event.value }),
          }),
        },
        "jobSettings.set": {
          actions: assign({ jobSettings: ({ event }) => event.settings }),
        },
        "copies.input": {
          actions: assign({ copies: ({ event }) => event.value.replace(/\D+/g, "").slice(0, 5) }),
        },
        "copies.blur": { actions: assign({ copies: ({ context }) => String(jobCopies(context.copies)) }) },
        "background.set": {
          guard: ({ context }) => context.hasBackground,
          actions: assign({ printBackground: ({ event }) => event.on }),
        },
      },
      states: {
        previewLoading: {
          initial: "waiting",
          states: {
            waiting: { after: { previewDelay: "rendering" } },
            rendering: {
              invoke: {
                src: "renderPreview",
                input: ({ context }) => ({
                  page: context.page,
                  answers: answerMap(context.answers),
                  device: context.printType === 1 ? context.device : null,
                }),
                onDone: {
                  target: "#printDialog.open.ready",
                  actions: assign(({ event }) =>
                    typeof event.output === "string"
                      ? { preview: event.output, previewMode: null }
                      : { preview: event.output.svg, previewMode: event.output.mode },
                  ),
                },
                onError: {
                  target: "#printDialog.open.ready",
                  actions: assign({ preview: null, previewMode: null }),
                },
              },
            },
          },
        },
        ready: {
          on: {
            confirm: {
              target: "#printDialog.open.checking",
              actions: assign({ copies: ({ context }) => String(jobCopies(context.copies)), failure: null }),
            },
          },
        },
        checking: {
          always: [
            // the form says which answer breaks which rule; Confirm is disabled meanwhile
            {
              guard: ({ context }) => !answersValid(context),
              target: "ready",
              actions: emit({ type: "message", key: "print.prompts.invalid", level: "error" }),
            },
            { guard: "hasDevice", target: "printing" },
            {
              guard: ({ context }) => context.printType === 1,
              target: "ready",
              actions: emit({ type: "message", key: TIP.choosePrinter, level: "error" }),
            },
            { target: "ready", actions: emit({ type: "message", key: "print.cloud.none", level: "error" }) },
          ],
        },
        printing: {
          // the job is on its way: no reconnect, and the answers it took stay as they are
          on: { "drivers.reload": {}, "answers.input": {} },
          invoke: {
            src: "submit",
            input: ({ context }) => ({
              printType: context.printType,
              device: (context.printType === 1
                ? context.device
                : (context.device ?? listedCloud(context.cloud)[0])) as PrintDevice,
              copies: jobCopies(context.copies),
              printBackground: context.printBackground,
              jobSettings: context.jobSettings,
              answers: answerMap(context.answers),
            }),
            // successful printing closes the dialog
            onDone: {
              target: "#printDialog.closed",
              actions: [
                emit(({ event }) =>
                  event.output === "browserDialog"
                    ? { type: "message", key: "print.browser.sent", level: "info" }
                    : { type: "message", key: TIP.printSent, level: "success" },
                ),
                "reset",
                emit({ type: "close" }),
              ],
            },
            onError: { target: "ready", actions: assign({ failure: ({ event }) => event.error ?? "" }) },
          },
        },
      },
    },
  },
});
