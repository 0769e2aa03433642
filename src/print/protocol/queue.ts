// The print queue as the assistant's WebSocket carries it (src/assistant/queue keeps it on disk and
// runs it; the web app's queue list and the CLI show it): the commands, a job's progress and the
// entry the app shows. Types and the command list only, so the app needs nothing of the assistant.
import type { PrinterProblem } from "../status";

/** queueList { printer? } → { jobs, damaged }; queueClear { printer? } → { removed } (the done and
 * cancelled jobs leave the list and the disk); the others take { job } and answer the job
 * (queueDismiss: a done or cancelled one, which leaves the list and the disk). */
export const QUEUE_COMMANDS = [
  "queueList",
  "queuePause",
  "queueResume",
  "queueCancel",
  "queueRetry",
  "queueDismiss",
  "queueClear",
] as const;
export type QueueCommand = (typeof QUEUE_COMMANDS)[number];

export const isQueueCommand = (cmd: unknown): cmd is QueueCommand =>
  (QUEUE_COMMANDS as readonly unknown[]).includes(cmd);

export type JobState = "queued" | "printing" | "paused" | "done" | "cancelled" | "failed";

/** Why a job waits: the printer's problem, its connection, or a person. */
export type PauseReason = PrinterProblem | "connectionLost" | "user" | "restarted";

export interface JobProgress {
  readonly id: string;
  readonly seq: number;
  readonly printer: string;
  readonly total: number;
  readonly createdAt: string;
  state: JobState;
  /** why a paused job waits */
  reason?: PauseReason;
  /** pages printed: confirmed by the printer, or sent to a printer that cannot confirm */
  printed: number;
  /** of those, the pages sent to a printer that did not answer (not confirmed) */
  unconfirmed: number;
  /** pages (1-based) sent again after a doubt: they may have come out twice */
  repeated: number[];
  /** the page being sent (1-based `label`), the printer's label counter before it (ZPL) and whether
   * all its bytes went out: what a crash or a lost connection leaves in doubt */
  inFlight?: { label: number; counter: number | null; sent: boolean; copies?: number };
  /** copies of the next page (`printed + 1`) already printed: a fault stopped it part-way (a page
   * printed `copies` times is sent and confirmed copy by copy: src/assistant/queue/copies.ts) */
  copiesDone?: number;
  /** a failed job's message key and values */
  error?: { key: string; vars: Record<string, string | number> };
}

/** A job as the app and the CLI show it: its state and pause reason in the user's language. */
export interface QueueEntry extends Omit<JobProgress, "inFlight"> {
  readonly stateText: string;
  readonly reasonText?: string;
  readonly errorText?: string;
  /** labels printed and in all, copies and a sheet's cells counted (pages are `printed`, `total`) */
  readonly labelsPrinted?: number;
  readonly labelsTotal?: number;
}
