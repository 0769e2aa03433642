// The AI dialog, picture to label (application.md §2 dialog 9, §4 "AI dialog", §5 "AI upload", §6):
// closed → open (the day's trials are read first: the notice, or the used-up message) → uploading
// (the picture, a PDF's page 1 drawn at scale 3, goes up and the server finds the label in it) →
// cropping (the crop region starts at the server's box; the user may move its corners and type the
// label size: estimated by the server from a code of standard size (EAN/UPC), else 100 mm wide and
// the height from the label's own proportions, unless typed) → generating (the trials are checked again, the server makes the label file) → done
// (the editor opens on it) → reset (closed, context cleared).
//
// Every effect is injected (setup({ actors })): trials, prepare (reads the file into a picture),
// upload, locate, generate. The screen learns what to show from the snapshot and emitted events.
import { assign, emit, enqueueActions, fromPromise, setup } from "xstate";
import type { Quad as Corners, PicturePoint as Point } from "../src/image/quad";

/** The spec's upload rules: extensions, the unreadable-file signature, the size limit. */
export const AI_EXTENSIONS = ["pdf", "jpg", "jpeg", "png"] as const;
export const UNREADABLE_SIGNATURE = [135, 125, 28] as const;
/** Largest file the dialog takes (MB); pictures past it are refused with a message saying so. */
export const AI_MAX_FILE_MB = 10;

export interface Trials {
  readonly left: number;
  readonly total: number;
}

/** The file the user dropped or chose, as the dialog sees it before reading it. */
export interface PickedFile {
  readonly name: string;
  readonly size: number;
  /** its first bytes (at least 3) */
  readonly head: readonly number[];
  readonly file: unknown;
}

/** The picture ready for the crop view: its URL on the server and how to show it. */
export interface Uploaded {
  readonly url: string;
  /** a URL the crop view can show (object URL or data URL) */
  readonly preview: string;
  readonly width: number;
  readonly height: number;
}

export interface AiFlowContext {
  readonly trials: Trials | null;
  readonly picked: PickedFile | null;
  readonly picture: Uploaded | null;
  /** the crop region: the server's box at first, then as the user moves its corners */
  readonly corners: Corners | null;
  /** true once the user moved a corner (then the corners are sent with the request) */
  readonly adjusted: boolean;
  /** label size in mm; height 0 until typed: the server takes it from the label's own proportions */
  readonly width: number;
  readonly height: number;
  /** the language of the label's text (src/model/ocrLanguages.ts); "": the UI language's default */
  readonly language: string;
}

export type AiFlowEvent =
  | { type: "open" }
  | { type: "cancel" }
  | { type: "file"; file: PickedFile }
  | { type: "corner"; index: 0 | 1 | 2 | 3; point: Point }
  | { type: "size"; width?: number; height?: number }
  | { type: "language"; language: string }
  | { type: "confirm" };

export type AiFlowEmitted =
  | { type: "message"; key: string; level: "warning" | "error"; vars?: Record<string, string | number> }
  /** the label file is made: open the editor on it */
  | { type: "done"; fileUrl: string; width: number; height: number };

export interface Generated {
  readonly fileUrl: string;
  readonly width: number;
  readonly height: number;
}

/** Where the server found the label: its box [x, y, width, height] in the picture, and the label's
 * [width, height] in mm when a code of standard size gave it (prefilled in the dialog). */
export interface Located {
  readonly box: readonly number[];
  readonly mm?: readonly [number, number] | null;
}

export interface GenerateInput {
  readonly url: string;
  readonly width: number;
  readonly height: number;
  readonly corners: Corners | null;
  readonly language: string;
}

/** Message keys (locales: ai.*); the used-up text is the spec's. */
export const AI_MESSAGES = {
  format: "ai.error.format",
  readFailed: "ai.error.readFailed",
  tooLarge: "ai.error.tooLarge",
  usedUp: "ai.error.usedUp",
  failed: "ai.error.failed",
} as const;

const extensionOf = (name: string) => name.slice(name.lastIndexOf(".") + 1).toLowerCase();

/** Which upload rule a file breaks (the spec's order: format, then readability, then size), or null. */
export function uploadProblem(
  f: Pick<PickedFile, "name" | "size" | "head">,
): keyof typeof AI_MESSAGES | null {
  if (!f.name.includes(".") || !(AI_EXTENSIONS as readonly string[]).includes(extensionOf(f.name)))
    return "format";
  if (UNREADABLE_SIGNATURE.every((b, i) => f.head[i] === b)) return "readFailed";
  if (f.size === 0) return "readFailed";
  if (f.size > AI_MAX_FILE_MB * 1024 * 1024) return "tooLarge";
  return null;
}

/** The corners of an axis-aligned box [x, y, width, height]. */
export function boxCorners([x, y, w, h]: readonly number[]): Corners {
  return [
    [x, y],
    [x + w, y],
    [x + w, y + h],
    [x, y + h],
  ];
}

const DEFAULT_WIDTH_MM = 100;

const EMPTY: AiFlowContext = {
  trials: null,
  picked: null,
  picture: null,
  corners: null,
  adjusted: false,
  width: DEFAULT_WIDTH_MM,
  height: 0,
  language: "",
};

/** An error whose message the request client showed already (the server's Reason). */
export class ShownError extends Error {
  readonly shown = true;
}
const shownAlready = (e: unknown) => e instanceof ShownError;

const usedUp = (t: Trials | null) => t !== null && t.left <= 0;

export const aiFlowMachine = setup({
  types: {
    context: {} as AiFlowContext,
    events: {} as AiFlowEvent,
    emitted: {} as AiFlowEmitted,
  },
  actors: {
    trials: fromPromise<Trials>(async () => ({ left: 0, total: 0 })),
    /** reads the file (a PDF's page 1 at scale 3), uploads it; answers the picture */
    upload: fromPromise<Uploaded, { file: PickedFile }>(async () => {
      throw new Error("upload not provided");
    }),
    /** the server's box for the uploaded picture, and the label size it estimated (or none) */
    locate: fromPromise<Located, { url: string }>(async () => {
      throw new Error("locate not provided");
    }),
    /** the label file's URL and the size the label got */
    generate: fromPromise<Generated, GenerateInput>(async () => {
      throw new Error("generate not provided");
    }),
  },
  guards: {
    usedUp: ({ context }) => usedUp(context.trials),
  },
}).createMachine({
  id: "aiFlow",
  initial: "closed",
  context: EMPTY,
  states: {
    closed: {
      on: { open: "checking" },
    },
    // trial count checks apply before the AI step: read when the dialog opens
    checking: {
      invoke: {
        src: "trials",
        onDone: {
          target: "open",
          actions: assign({ trials: ({ event }) => event.output }),
        },
        onError: {
          target: "open",
          actions: assign({ trials: null }),
        },
      },
      // a file chosen before the count arrives is held, then taken as if chosen now (never dropped)
      on: { cancel: "reset", file: { actions: assign({ picked: ({ event }) => event.file }) } },
    },
    // the trial notice, or the used-up message, shows from context.trials
    open: {
      entry: enqueueActions(({ context, enqueue }) => {
        if (!context.picked) return;
        enqueue.raise({ type: "file", file: context.picked });
        enqueue.assign({ picked: null });
      }),
      on: {
        cancel: "reset",
        file: [
          {
            guard: "usedUp",
            actions: emit({ type: "message", key: AI_MESSAGES.usedUp, level: "warning" }),
          },
          {
            guard: ({ event }) => uploadProblem(event.file) !== null,
            actions: emit(({ event }) => ({
              type: "message" as const,
              key: AI_MESSAGES[uploadProblem(event.file) ?? "format"],
              level: "warning" as const,
              vars: { limit: AI_MAX_FILE_MB },
            })),
          },
          { target: "uploading", actions: assign({ picked: ({ event }) => event.file }) },
        ],
      },
    },
    uploading: {
      initial: "sending",
      on: { cancel: "reset" },
      states: {
        sending: {
          invoke: {
            src: "upload",
            input: ({ context }) => ({ file: context.picked as PickedFile }),
            onDone: {
              target: "locating",
              actions: assign({ picture: ({ event }) => event.output }),
            },
            onError: [
              { guard: ({ event }) => shownAlready(event.error), target: "#aiFlow.open" },
              {
                target: "#aiFlow.open",
                actions: emit({ type: "message", key: AI_MESSAGES.readFailed, level: "error" }),
              },
            ],
          },
        },
        locating: {
          invoke: {
            src: "locate",
            input: ({ context }) => ({ url: (context.picture as Uploaded).url }),
            onDone: {
              target: "#aiFlow.cropping",
              actions: assign(({ event }) => ({
                corners: boxCorners(event.output.box),
                adjusted: false,
                // the size estimated from a code of standard size, else the defaults
                ...(event.output.mm ? { width: event.output.mm[0], height: event.output.mm[1] } : {}),
              })),
            },
            onError: {
              // no box: the crop starts at the whole picture
              target: "#aiFlow.cropping",
              actions: assign(({ context }) => {
                const p = context.picture as Uploaded;
                return { corners: boxCorners([0, 0, p.width, p.height]), adjusted: false };
              }),
            },
          },
        },
      },
    },
    cropping: {
      on: {
        cancel: "reset",
        corner: {
          actions: assign(({ context, event }) => {
            const p = context.picture as Uploaded;
            const c = [...(context.corners as Corners)] as Point[];
            c[event.index] = [
              Math.min(p.width, Math.max(0, event.point[0])),
              Math.min(p.height, Math.max(0, event.point[1])),
            ];
            return { corners: c as unknown as Corners, adjusted: true };
          }),
        },
        size: {
          actions: assign(({ context, event }) => ({
            width: event.width !== undefined && event.width > 0 ? event.width : context.width,
            height: event.height !== undefined && event.height > 0 ? event.height : context.height,
          })),
        },
        language: { actions: assign({ language: ({ event }) => event.language }) },
        confirm: "confirming",
      },
    },
    // trial count checks apply before the AI step: read again (another tab may have used them)
    confirming: {
      invoke: {
        src: "trials",
        onDone: [
          {
            guard: ({ event }) => usedUp(event.output),
            target: "cropping",
            actions: [
              assign({ trials: ({ event }) => event.output }),
              emit({ type: "message", key: AI_MESSAGES.usedUp, level: "warning" }),
            ],
          },
          { target: "generating", actions: assign({ trials: ({ event }) => event.output }) },
        ],
        onError: "generating",
      },
      on: { cancel: "reset" },
    },
    generating: {
      invoke: {
        src: "generate",
        input: ({ context }) => ({
          url: (context.picture as Uploaded).url,
          width: context.width,
          height: context.height,
          corners: context.adjusted ? context.corners : null,
          language: context.language,
        }),
        onDone: {
          target: "done",
          actions: emit(({ event }) => ({ type: "done" as const, ...event.output })),
        },
        onError: [
          { guard: ({ event }) => shownAlready(event.error), target: "cropping" },
          {
            target: "cropping",
            actions: emit({ type: "message", key: AI_MESSAGES.failed, level: "error" }),
          },
        ],
      },
    },
    done: {
      always: "reset",
    },
    reset: {
      entry: assign(() => EMPTY),
      always: "closed",
    },
  },
});
