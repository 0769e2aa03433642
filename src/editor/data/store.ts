// The editor's workbook store (issue 7): the parsed spreadsheet of every spreadsheet source of the
// open label, keyed by ConnectionStr, and the record the canvas shows. It watches the editor session:
// a newly linked file is imported once (import call) and cached; after opening a label and after each
// import answer the revert rules run (revertInvalidSpreadsheets) and the stored values are re-synced
// (syncValues, record 0: what the saved file holds). Framework-free, so it is unit-tested in Node.
import { recordCount } from "../../data";
import { settleSources } from "../../data/edit";
import { clampRecord, liveSheetUrls, spreadsheetUrls } from "../../data/workbooks";
import type { LabelDocument } from "../../model/types";
import type { Workbook } from "../../spreadsheet/types";
import type { EditorStore } from "../state/store";

export interface WorkbookState {
  readonly sheets: ReadonlyMap<string, Workbook>;
  /** URLs being imported */
  readonly loading: ReadonlySet<string>;
  /** URLs whose import failed (not retried until chosen again) */
  readonly failed: ReadonlySet<string>;
  /** 0-based record the canvas shows */
  readonly recordIndex: number;
  /** recordCount of the document with the loaded sheets */
  readonly total: number;
}

export interface WorkbookStore {
  get(): WorkbookState;
  subscribe(l: () => void): () => void;
  setRecord(index: number): void;
  /** Imports a file (again when `force`); answers the workbook, or null when the import failed. */
  load(url: string, force?: boolean): Promise<Workbook | null>;
  /**
   * Caches a workbook the caller imported itself (a file just chosen or uploaded, about to be bound):
   * no revert pass, since the entry being bound has no URL yet.
   */
  put(url: string, workbook: Workbook): void;
  /**
   * Fetches every live source of the open label again (workbooks.ts isLiveSheetUrl): the workbooks
   * after it, or null when one could not be read (its reason was shown by the request client).
   * `params` are a database query's parameter values for this read (from the print's prompt answers).
   */
  refreshLive(
    doc?: LabelDocument,
    params?: Readonly<Record<string, string>>,
  ): Promise<ReadonlyMap<string, Workbook> | null>;
  dispose(): void;
}

export interface WorkbookStoreOptions {
  readonly editor: Pick<EditorStore, "get" | "subscribe" | "send" | "attachSheets">;
  readonly importWorkbook: (url: string, params?: Readonly<Record<string, string>>) => Promise<Workbook>;
}

export function createWorkbookStore({ editor, importWorkbook }: WorkbookStoreOptions): WorkbookStore {
  let sheets: ReadonlyMap<string, Workbook> = new Map();
  let loading: ReadonlySet<string> = new Set();
  let failed: ReadonlySet<string> = new Set();
  let recordIndex = 0;
  let total = 1;
  let state: WorkbookState | null = null;
  let lastDoc: LabelDocument | null = null;
  let disposed = false;
  const inflight = new Map<string, Promise<Workbook | null>>();
  /** reads started per address, so a slower earlier read never overwrites a later one */
  const reads = new Map<string, number>();
  const listeners = new Set<() => void>();

  const changed = () => {
    state = null;
    for (const l of listeners) l();
  };

  const totalOf = (doc: LabelDocument) => recordCount(doc, sheets);

  /** A label just opened (or loaded from a file): no edits, nothing to undo. */
  const isFresh = () => {
    const s = editor.get();
    return !s.dirty && !s.canUndo;
  };

  /**
   * Writes an automatic correction into the session. On a freshly opened label it is part of loading
   * (no history step, nothing to undo, not "unsaved"); after edits it is the "sources.settle" op.
   */
  const settle = () => {
    if (disposed) return;
    if (!isFresh()) {
      editor.send({ type: "sources.settle" });
      return;
    }
    const before = editor.get().doc;
    const after = settleSources(before, sheets);
    if (after !== before) editor.send({ type: "doc.load", doc: after });
  };

  /** Recomputes the total and keeps the record inside it; true when either changed. */
  const recount = (): boolean => {
    const t = totalOf(editor.get().doc);
    const next = clampRecord(recordIndex, t);
    if (t === total && next === recordIndex) return false;
    total = t;
    recordIndex = next;
    return true;
  };

  const load = (
    url: string,
    force = false,
    params?: Readonly<Record<string, string>>,
  ): Promise<Workbook | null> => {
    if (!force) {
      const hit = sheets.get(url);
      if (hit) return Promise.resolve(hit);
      const running = inflight.get(url);
      if (running) return running;
    }
    loading = new Set(loading).add(url);
    const f = new Set(failed);
    f.delete(url);
    failed = f;
    changed();
    // only the newest read of an address is kept: a query read again with other parameter values
    // (answers being typed) may answer after a later read
    const mine = (reads.get(url) ?? 0) + 1;
    reads.set(url, mine);
    const stale = () => reads.get(url) !== mine;
    const p = importWorkbook(url, params).then(
      (wb) => {
        if (stale()) return wb;
        inflight.delete(url);
        if (disposed) return wb;
        sheets = new Map(sheets).set(url, wb);
        const l = new Set(loading);
        l.delete(url);
        loading = l;
        settle();
        recount();
        changed();
        return wb;
      },
      () => {
        if (stale()) return null;
        inflight.delete(url);
        if (disposed) return null;
        const l = new Set(loading);
        l.delete(url);
        loading = l;
        failed = new Set(failed).add(url);
        changed();
        return null;
      },
    );
    inflight.set(url, p);
    return p;
  };

  const onDoc = () => {
    const doc = editor.get().doc;
    if (doc === lastDoc) return;
    lastDoc = doc;
    // a label that was just opened: apply the revert rules at once (URL and column rules)
    if (isFresh()) settle();
    for (const url of spreadsheetUrls(editor.get().doc))
      if (!sheets.has(url) && !loading.has(url) && !failed.has(url)) void load(url);
    if (recount()) changed();
  };

  // the editor's source ops re-sync values with the workbooks read so far
  editor.attachSheets(() => sheets);
  const unsubscribe = editor.subscribe(onDoc);
  onDoc();

  return {
    get() {
      state ??= { sheets, loading, failed, recordIndex, total };
      return state;
    },
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    setRecord(index) {
      const next = clampRecord(index, total);
      if (next === recordIndex) return;
      recordIndex = next;
      changed();
    },
    load,
    put(url, workbook) {
      if (disposed) return;
      sheets = new Map(sheets).set(url, workbook);
      const f = new Set(failed);
      f.delete(url);
      failed = f;
      recount();
      changed();
    },
    async refreshLive(doc = editor.get().doc, params) {
      const urls = liveSheetUrls(doc);
      const got = await Promise.all(urls.map((url) => load(url, true, params)));
      if (!got.every(Boolean)) return null;
      // what these reads answered, even where a later read (other answers) has since replaced one
      const out = new Map(sheets);
      for (const [i, url] of urls.entries()) out.set(url, got[i] as Workbook);
      return out;
    },
    dispose() {
      disposed = true;
      unsubscribe();
      listeners.clear();
    },
  };
}
