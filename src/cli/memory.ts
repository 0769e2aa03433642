// Flat memory on long runs: V8 lets garbage pile up (the old space of a 100,000-page PDF grew by
// 100+ MB between collections, peak RSS over 400 MB) although what is live stays near 40 MB. The
// render and print loops call `collectNow` every few thousand labels: a full collection of a small
// live heap costs tens of milliseconds and keeps the peak where the live data is. The collector is
// reached through V8's own `--expose-gc` flag, set at run time, so no launch option is needed.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

export const COLLECT_EVERY = 2000;

let collect: (() => void) | null | undefined;

/** Runs a full garbage collection (a no-op where V8 does not allow it). */
export function collectNow(): void {
  if (collect === undefined) {
    try {
      setFlagsFromString("--expose-gc");
      collect = runInNewContext("gc") as () => void;
    } catch {
      collect = null;
    }
  }
  collect?.();
}

/** `onProgress` wrapped so that every `COLLECT_EVERY` labels the garbage goes. */
export function collectingEvery<A extends unknown[]>(
  onProgress: (done: number, ...rest: A) => void,
): (done: number, ...rest: A) => void {
  let next = COLLECT_EVERY;
  return (done, ...rest) => {
    if (done >= next) {
      next = done + COLLECT_EVERY;
      collectNow();
    }
    onProgress(done, ...rest);
  };
}
