// Scan to print (issue 27): what happens to each scanned code while the scan panel is open. The
// panel looks the code up (src/data/scanIndex) and sends `scan { code, match }`: not found → a
// message, an error sound and the code in the last scans; found → `show { record }` (the canvas
// shows that record). With print on scan a found record joins a queue that prints in order through
// the injected `print` actor (the last used printer, the chosen copies, no dialog), each answer a
// toast and a sound. The same record scanned again within SCAN_DUPLICATE_MS of being queued asks
// first (`duplicate.print` / `duplicate.skip`). Two parallel regions: `queue` (idle / printing)
// and `input` (ready / asking), so scans keep arriving while a label prints.
import { assign, enqueueActions, fromPromise, setup } from "xstate";
import type { ScanMatch } from "../src/data/scanIndex";
import { SCAN_DUPLICATE_MS, SCAN_HISTORY } from "../src/model/constants";

export type ScanStatus = "notFound" | "found" | "queued" | "printed" | "failed" | "skipped";

export interface ScanEntry {
  readonly id: number;
  readonly code: string;
  readonly match: ScanMatch | null;
  readonly status: ScanStatus;
}

export interface ScanPrintRequest {
  readonly record: number;
  readonly copies: number;
}

export interface ScanContext {
  readonly printOnScan: boolean;
  readonly copies: number;
  /** newest first, at most SCAN_HISTORY */
  readonly scans: readonly ScanEntry[];
  /** found records waiting to print, oldest first (the head is printing) */
  readonly queue: readonly ScanEntry[];
  /** records queued within the duplicate window → how many windows are open */
  readonly recent: Readonly<Record<number, number>>;
  /** the duplicate being asked about */
  readonly duplicate: ScanEntry | null;
  readonly nextId: number;
}

export type ScanEvent =
  | { type: "scan"; code: string; match: ScanMatch | null }
  | { type: "printOnScan.set"; on: boolean }
  | { type: "copies.set"; copies: number }
  | { type: "duplicate.print" }
  | { type: "duplicate.skip" }
  | { type: "recent.expire"; record: number };

export type ScanEmitted =
  | { type: "show"; record: number }
  | {
      type: "message";
      key: string;
      level: "error" | "success" | "info";
      vars?: Readonly<Record<string, string | number>>;
    }
  | { type: "sound"; ok: boolean };

export interface ScanInput {
  readonly printOnScan?: boolean;
  readonly copies?: number;
}

export const SCAN_MSG = {
  notFound: "editor.scan.notFound",
  printed: "editor.scan.printed",
  failed: "editor.scan.failed",
} as const;

const wholeCopies = (n: number) => (Number.isFinite(n) && n >= 1 ? Math.min(Math.floor(n), 999) : 1);

const withStatus = (scans: readonly ScanEntry[], id: number, status: ScanStatus) =>
  scans.map((s) => (s.id === id ? { ...s, status } : s));

const remember = (scans: readonly ScanEntry[], entry: ScanEntry) => [entry, ...scans].slice(0, SCAN_HISTORY);

export const scanMachine = setup({
  types: {
    context: {} as ScanContext,
    events: {} as ScanEvent,
    emitted: {} as ScanEmitted,
    input: {} as ScanInput,
  },
  actors: {
    // injected by the panel: prints one record to the last used printer
    print: fromPromise<void, ScanPrintRequest>(async () => undefined),
  },
  guards: {
    notFound: ({ event }) => event.type === "scan" && !event.match,
    isDuplicate: ({ context, event }) =>
      event.type === "scan" && !!event.match && context.printOnScan && !!context.recent[event.match.record],
    hasQueue: ({ context }) => context.queue.length > 0,
  },
  actions: {
    notFound: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "scan") return;
      const entry: ScanEntry = { id: context.nextId, code: event.code, match: null, status: "notFound" };
      enqueue.assign({ scans: remember(context.scans, entry), nextId: context.nextId + 1 });
      enqueue.emit({ type: "message", key: SCAN_MSG.notFound, level: "error", vars: { code: event.code } });
      enqueue.emit({ type: "sound", ok: false });
    }),
    /** a found record: shown; with print on scan queued and its duplicate window opened */
    found: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "scan" || !event.match) return;
      const { record } = event.match;
      const printing = context.printOnScan;
      const entry: ScanEntry = {
        id: context.nextId,
        code: event.code,
        match: event.match,
        status: printing ? "queued" : "found",
      };
      enqueue.assign({
        scans: remember(context.scans, entry),
        nextId: context.nextId + 1,
        ...(printing
          ? {
              queue: [...context.queue, entry],
              recent: { ...context.recent, [record]: (context.recent[record] ?? 0) + 1 },
            }
          : {}),
      });
      // the record first: nothing may delay the canvas
      enqueue.emit({ type: "show", record });
      if (printing) enqueue.raise({ type: "recent.expire", record }, { delay: SCAN_DUPLICATE_MS });
      else enqueue.emit({ type: "sound", ok: true });
    }),
    askDuplicate: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "scan" || !event.match) return;
      const entry: ScanEntry = { id: context.nextId, code: event.code, match: event.match, status: "found" };
      enqueue.assign({ scans: remember(context.scans, entry), nextId: context.nextId + 1, duplicate: entry });
      enqueue.emit({ type: "show", record: event.match.record });
    }),
  },
}).createMachine({
  id: "scan",
  type: "parallel",
  context: ({ input }) => ({
    printOnScan: input?.printOnScan === true,
    copies: wholeCopies(input?.copies ?? 1),
    scans: [],
    queue: [],
    recent: {},
    duplicate: null,
    nextId: 1,
  }),
  on: {
    "printOnScan.set": { actions: assign({ printOnScan: ({ event }) => event.on }) },
    "copies.set": { actions: assign({ copies: ({ event }) => wholeCopies(event.copies) }) },
    "recent.expire": {
      actions: assign({
        recent: ({ context, event }) => {
          const left = (context.recent[event.record] ?? 0) - 1;
          const next = { ...context.recent };
          if (left > 0) next[event.record] = left;
          else delete next[event.record];
          return next;
        },
      }),
    },
  },
  states: {
    input: {
      initial: "ready",
      states: {
        ready: {
          on: {
            scan: [
              { guard: "notFound", actions: "notFound" },
              { guard: "isDuplicate", target: "asking", actions: "askDuplicate" },
              { actions: "found" },
            ],
          },
        },
        // the same record again within the window: print it again?
        asking: {
          on: {
            // other scans go on meanwhile; the same record again while asking changes nothing
            scan: [
              { guard: "notFound", actions: "notFound" },
              { guard: "isDuplicate" },
              { actions: "found" },
            ],
            "duplicate.print": {
              target: "ready",
              actions: enqueueActions(({ context, enqueue }) => {
                const d = context.duplicate;
                if (!d?.match) return;
                const entry = { ...d, status: "queued" as const };
                const record = d.match.record;
                enqueue.assign({
                  queue: [...context.queue, entry],
                  scans: withStatus(context.scans, d.id, "queued"),
                  recent: { ...context.recent, [record]: (context.recent[record] ?? 0) + 1 },
                  duplicate: null,
                });
                enqueue.raise({ type: "recent.expire", record }, { delay: SCAN_DUPLICATE_MS });
              }),
            },
            "duplicate.skip": {
              target: "ready",
              actions: assign({
                scans: ({ context }) =>
                  context.duplicate
                    ? withStatus(context.scans, context.duplicate.id, "skipped")
                    : context.scans,
                duplicate: null,
              }),
            },
            // print on scan switched off: nothing to ask any more
            "printOnScan.set": {
              target: "ready",
              actions: assign({
                printOnScan: ({ event }) => event.on,
                scans: ({ context }) =>
                  context.duplicate
                    ? withStatus(context.scans, context.duplicate.id, "skipped")
                    : context.scans,
                duplicate: null,
              }),
            },
          },
        },
      },
    },
    queue: {
      initial: "idle",
      states: {
        idle: { always: { guard: "hasQueue", target: "printing" } },
        printing: {
          invoke: {
            src: "print",
            input: ({ context }) => ({
              record: context.queue[0]?.match?.record ?? 0,
              copies: context.copies,
            }),
            onDone: {
              target: "idle",
              actions: enqueueActions(({ context, enqueue }) => {
                const [head, ...rest] = context.queue;
                enqueue.assign({ queue: rest, scans: withStatus(context.scans, head.id, "printed") });
                enqueue.emit({
                  type: "message",
                  key: SCAN_MSG.printed,
                  level: "success",
                  vars: { code: head.code, n: (head.match?.record ?? 0) + 1 },
                });
                enqueue.emit({ type: "sound", ok: true });
              }),
            },
            onError: {
              target: "idle",
              actions: enqueueActions(({ context, event, enqueue }) => {
                const [head, ...rest] = context.queue;
                enqueue.assign({ queue: rest, scans: withStatus(context.scans, head.id, "failed") });
                const reason = event.error instanceof Error ? event.error.message : String(event.error ?? "");
                enqueue.emit({
                  type: "message",
                  key: SCAN_MSG.failed,
                  level: "error",
                  vars: { code: head.code, reason },
                });
                enqueue.emit({ type: "sound", ok: false });
              }),
            },
          },
        },
      },
    },
  },
});
