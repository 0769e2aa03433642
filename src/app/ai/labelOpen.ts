// "Open" for the editor route (application.md §4 AI dialog): a label made while the editor is open
// replaces the route, then this event tells /editLabel to start again from the new address.
import { useSyncExternalStore } from "react";

let count = 0;
const listeners = new Set<() => void>();

export function announceLabelOpen(): void {
  count++;
  for (const l of listeners) l();
}

/** Changes on every announced open: the editor route keys its page on it. */
export function useLabelOpenCount(): number {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => count,
  );
}
