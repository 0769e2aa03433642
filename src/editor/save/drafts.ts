// Drafts: the label being edited is kept in IndexedDB (as .tprt XML, the file format's own
// sanitising reader restores it), so a crash, a reload or a lost connection never loses work.
// One draft per label (its cloud id, or "new"); the editor offers it back when it is newer than
// what was opened, and drops it after a successful save.
import { parseLabelFile, serializeTprt } from "../../model/file";
import type { LabelDocument } from "../../model/types";

const DB = "inkless-drafts";
const STORE = "drafts";

export interface Draft {
  readonly key: string;
  readonly savedAt: number;
  readonly xml: string;
}

/**
 * Opens the database at whatever version it has. A database that lacks the store (made by an
 * older build, or by anything else that opened the name first) is upgraded once to add it.
 */
function open(version?: number): Promise<IDBDatabase | null> {
  if (typeof indexedDB === "undefined") return Promise.resolve(null);
  return new Promise((resolve) => {
    let req: IDBOpenDBRequest;
    try {
      req = version ? indexedDB.open(DB, version) : indexedDB.open(DB);
    } catch {
      return resolve(null);
    }
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE))
        req.result.createObjectStore(STORE, { keyPath: "key" });
    };
    req.onsuccess = () => {
      const db = req.result;
      if (db.objectStoreNames.contains(STORE)) return resolve(db);
      const next = db.version + 1;
      db.close();
      resolve(version ? null : open(next));
    };
    req.onerror = () => resolve(null);
  });
}

// one operation at a time, in the order they were asked for: a clear asked after a write lands after it
let queue: Promise<unknown> = Promise.resolve();

function run<T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T>): Promise<T | null> {
  const next = queue.then(() => runNow(mode, fn)).catch(() => null);
  queue = next;
  return next;
}

async function runNow<T>(
  mode: IDBTransactionMode,
  fn: (s: IDBObjectStore) => IDBRequest<T>,
): Promise<T | null> {
  const db = await open();
  if (!db) return null;
  return new Promise((resolve) => {
    const tx = db.transaction(STORE, mode);
    const req = fn(tx.objectStore(STORE));
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => resolve(null);
    tx.oncomplete = () => db.close();
  });
}

export function draftKey(labelId: string): string {
  return labelId ? `label:${labelId}` : "new";
}

export async function saveDraft(key: string, doc: LabelDocument, now = Date.now()): Promise<void> {
  const draft: Draft = { key, savedAt: now, xml: serializeTprt(doc) };
  await run("readwrite", (s) => s.put(draft));
}

/** The stored draft as a document, or null (none, unreadable, or storage unavailable). */
export async function loadDraft(key: string): Promise<{ doc: LabelDocument; savedAt: number } | null> {
  const d = (await run("readonly", (s) => s.get(key))) as Draft | undefined | null;
  if (!d || typeof d.xml !== "string") return null;
  const r = parseLabelFile(d.xml);
  return r.ok ? { doc: r.doc, savedAt: Number(d.savedAt) || 0 } : null;
}

export async function clearDraft(key: string): Promise<void> {
  await run("readwrite", (s) => s.delete(key));
}
