// Counts the requests that want the loading overlay; the overlay shows while the count is above 0.

type Listener = (busy: boolean) => void;

export interface LoadingSink {
  start(): void;
  stop(): void;
}

function createLoading(): LoadingSink & { subscribe(l: Listener): () => void; busy(): boolean } {
  let count = 0;
  const listeners = new Set<Listener>();
  const emit = () => {
    for (const l of listeners) l(count > 0);
  };
  return {
    start() {
      count += 1;
      if (count === 1) emit();
    },
    stop() {
      if (count === 0) return; // an unmatched stop never goes below zero
      count -= 1;
      if (count === 0) emit();
    },
    busy: () => count > 0,
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

export const loading = createLoading();
