// Long exports run in slices: after ~12 ms of work the loop yields to the event loop so the page
// keeps painting (progress bar) and handling input (cancel). Cancel is an AbortSignal.

/** Time spent so far and the estimate for the rest (ms), from the average pace. */
export interface ProgressEstimate {
  readonly elapsedMs: number;
  readonly remainingMs: number;
}

export type Progress = (done: number, total: number, estimate?: ProgressEstimate) => void;

export function abortError(): Error {
  return typeof DOMException !== "undefined"
    ? new DOMException("Export cancelled", "AbortError")
    : Object.assign(new Error("Export cancelled"), { name: "AbortError" });
}

export function isAbort(e: unknown): boolean {
  return !!e && typeof e === "object" && (e as { name?: unknown }).name === "AbortError";
}

/** A monotonic clock in ms (performance.now where there is one). */
export const now = () => (typeof performance !== "undefined" ? performance.now() : Date.now());

/** Reports `done` of `total` steps with the estimate from the average pace since `started` (now()). */
export function reportProgress(
  onProgress: Progress | undefined,
  started: number,
  done: number,
  total: number,
): void {
  if (!onProgress) return;
  const elapsedMs = now() - started;
  onProgress(done, total, { elapsedMs, remainingMs: (elapsedMs / done) * (total - done) });
}

// A plain new task (not scheduler.yield(), whose continuation jumps the queue): React's render of
// the progress state and the browser's paint get their turn before the export goes on.
function nextTask(): Promise<void> {
  if (typeof MessageChannel !== "undefined") {
    return new Promise((resolve) => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => {
        ch.port1.close();
        resolve();
      };
      ch.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export class Yielder {
  private last = now();
  constructor(
    private readonly signal?: AbortSignal,
    private readonly sliceMs = 12,
  ) {}

  /** Throws AbortError when cancelled; yields when the current slice is used up. */
  async maybeYield(): Promise<void> {
    if (this.signal?.aborted) throw abortError();
    if (now() - this.last < this.sliceMs) return;
    await nextTask();
    this.last = now();
    if (this.signal?.aborted) throw abortError();
  }
}
