// Typing that settles: the value is written `delay` ms after the last change (one write, so one
// history entry, per settled edit), or at once by `flush` (the field is left or closed). The one
// debounce of the typed contents: a text's (panel and inline editor, src/elements/text/textEdit.ts)
// and a code's (src/elements/barcode/panelParts.tsx).
import { useEffect, useMemo } from "react";

export interface Settle<T> {
  /** a change: written `delay` ms after the last one */
  change(value: T): void;
  /** writes the waiting value now (nothing when none waits) */
  flush(): void;
  /** a value waits to be written */
  pending(): boolean;
}

/** The settles with a value waiting: what `flushTypedEdits` writes. */
const waitingSettles = new Set<() => void>();

/**
 * Writes every typed value still waiting, at once: a save, download or print right after a key
 * (Ctrl+S while typing) must take what was typed, not the content of 100 ms before.
 */
export function flushTypedEdits(): void {
  for (const flush of [...waitingSettles]) flush();
}

export function createSettle<T>(write: (value: T) => void, delay: number): Settle<T> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let waiting: { value: T } | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    waitingSettles.delete(flush);
    const w = waiting;
    waiting = null;
    if (w) write(w.value);
  };
  return {
    change(value) {
      waiting = { value };
      waitingSettles.add(flush);
      if (timer) clearTimeout(timer);
      timer = setTimeout(flush, delay);
    },
    flush,
    pending: () => waiting !== null,
  };
}

/**
 * createSettle for a component, one per `key` (the element typed into): `write` is the first one
 * given for that key, and a waiting value is written when the key changes or the component unmounts.
 */
export function useSettle<T>(key: string, write: (value: T) => void, delay: number): Settle<T> {
  // biome-ignore lint/correctness/useExhaustiveDependencies: one settle per key, writing to that key's element
  const settle = useMemo(() => createSettle(write, delay), [key, delay]);
  useEffect(() => () => settle.flush(), [settle]);
  return settle;
}
