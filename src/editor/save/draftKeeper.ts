// Keeps the unsaved work of the editor session as a draft, shortly after each change, and settles
// the drafts after a cloud save. A draft exists exactly when there is unsaved work: the write that
// was pending when a save finished is dropped (the work is saved), and a change made while the save
// was running is kept under the label's new key (issue 23 item 14).
import type { LabelDocument } from "../../model/types";
import type { EditorStore } from "../state/store";

export const DRAFT_DELAY_MS = 800;

export interface DraftStorage {
  save(key: string, doc: LabelDocument): Promise<void>;
  clear(key: string): Promise<void>;
}

export interface DraftKeeper {
  /**
   * After a successful save: the draft under the key the label had before it is dropped, and the
   * current key keeps a draft only if the session still has unsaved changes.
   */
  saved(previousKey: string): Promise<void>;
  stop(): void;
}

export function keepDrafts(
  store: EditorStore,
  opts: { readonly key: () => string; readonly storage: DraftStorage; readonly delayMs?: number },
): DraftKeeper {
  const { storage } = opts;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last = store.get().doc;
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  // written when the timer fires, from the session as it is then (a save may have run meanwhile)
  const write = () => {
    timer = null;
    const s = store.get();
    if (s.dirty) void storage.save(opts.key(), s.doc);
  };
  const unsub = store.subscribe(() => {
    const s = store.get();
    if (s.doc === last || !s.dirty) return;
    last = s.doc;
    cancel();
    timer = setTimeout(write, opts.delayMs ?? DRAFT_DELAY_MS);
  });
  return {
    async saved(previousKey) {
      const key = opts.key();
      if (previousKey !== key) await storage.clear(previousKey);
      if (!store.get().dirty) {
        cancel();
        await storage.clear(key);
      } else if (!timer) await storage.save(key, store.get().doc);
    },
    stop() {
      cancel();
      unsub();
    },
  };
}
