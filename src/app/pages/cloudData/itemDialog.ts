// The item a cloud data dialog (rename, move, delete) is open for, and what its answer does: close the
// dialog first, make the change (a refused one shows the server's message through the request client)
// and reload the list.
import { useState } from "react";

export interface ItemDialog<T> {
  /** the item the dialog is open for, or null when it is closed */
  readonly item: T | null;
  readonly open: (item: T) => void;
  readonly close: () => void;
  readonly apply: (change: (item: T) => Promise<unknown>) => Promise<void>;
}

export function useItemDialog<T>(reload: () => Promise<void>): ItemDialog<T> {
  const [item, setItem] = useState<T | null>(null);
  return {
    item,
    open: (next) => setItem(() => next),
    close: () => setItem(null),
    apply: async (change) => {
      if (item === null) return;
      setItem(null);
      await change(item).catch(() => undefined);
      await reload();
    },
  };
}
