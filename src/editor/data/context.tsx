// React access to the editor's spreadsheet data: the workbook store (loaded workbooks by
// ConnectionStr, the record the canvas shows) and the data calls. `useRecordValues` gives the
// canvas each element's text for the shown record (resolveValues, with the next numbers of the
// label's counters), ticking every second while the label has a live clock (TimeText, TimeType 0).
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { useTranslation } from "react-i18next";
import { interfaceApi } from "../../app/api/client";
import { createDataApi, type DataApi } from "../../app/api/cloudFiles";
import { session } from "../../app/auth/session";
import { resolveValues } from "../../data";
import { TIME_REFRESH_MS } from "../../model/constants";
import { isClock } from "../../model/kinds/caps";
import type { LabelDocument } from "../../model/types";
import { useEditorContext } from "../state/context";
import { type CounterApi, createCounterApi } from "./counterApi";
import { createDbSourceApi, type DbSourceApi } from "./dbSourceApi";
import { createWorkbookStore, type WorkbookState, type WorkbookStore } from "./store";
import { useCounterPreviews } from "./useCounterPreviews";

export interface DataContextValue {
  readonly store: WorkbookStore;
  readonly api: DataApi;
  readonly counters: CounterApi;
  /** the user's database sources (the spreadsheet entry's "Database" dialog) */
  readonly dbSources?: DbSourceApi;
  /** Moves when a counter is created or picked, so the canvas asks for its next numbers again. */
  readonly counterVersion: number;
  readonly countersChanged: () => void;
}

export const DataContext = createContext<DataContextValue | null>(null);

/** Provides the workbook store of the editor session it is mounted in. */
export function DataProvider({
  children,
  api,
  counters,
}: {
  readonly children: ReactNode;
  readonly api?: DataApi;
  readonly counters?: CounterApi;
}) {
  const { store: editor } = useEditorContext();
  const dataApi = useMemo(
    () => api ?? createDataApi(interfaceApi, () => session.user()?.userid ?? ""),
    [api],
  );
  const [store] = useState(() =>
    createWorkbookStore({ editor, importWorkbook: (url, params) => dataApi.importWorkbook(url, params) }),
  );
  const counterApi = useMemo(() => counters ?? createCounterApi(interfaceApi), [counters]);
  const dbSources = useMemo(() => createDbSourceApi(interfaceApi), []);
  const [counterVersion, setCounterVersion] = useState(0);
  useEffect(() => () => store.dispose(), [store]);
  const value = useMemo(
    () => ({
      store,
      api: dataApi,
      counters: counterApi,
      dbSources,
      counterVersion,
      countersChanged: () => setCounterVersion((v) => v + 1),
    }),
    [store, dataApi, counterApi, dbSources, counterVersion],
  );
  return <DataContext.Provider value={value}>{children}</DataContext.Provider>;
}

export function useDataContext(): DataContextValue | null {
  return useContext(DataContext);
}

const EMPTY_STATE: WorkbookState = {
  sheets: new Map(),
  loading: new Set(),
  failed: new Set(),
  recordIndex: 0,
  total: 1,
};
const noSubscribe = () => () => {};
const emptyState = () => EMPTY_STATE;

/** The workbook state (an empty one outside a DataProvider). */
export function useWorkbooks(): WorkbookState {
  const ctx = useContext(DataContext);
  return useSyncExternalStore(ctx?.store.subscribe ?? noSubscribe, ctx?.store.get ?? emptyState);
}

const hasLiveClock = (doc: LabelDocument) => doc.elements.some((el) => isClock(el) && el.TimeType !== 1);

function sameValues(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}

/** The current time, updated every second while `live`. */
function useClock(live: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!live) return;
    setNow(new Date());
    const h = setInterval(() => setNow(new Date()), TIME_REFRESH_MS);
    return () => clearInterval(h);
  }, [live]);
  return now;
}

/**
 * Each element's text for the shown record (resolveValues), or undefined outside a DataProvider.
 * The map keeps its identity while no value changed, so the canvas redraws only what changed.
 */
export function useRecordValues(doc: LabelDocument): ReadonlyMap<string, string> | undefined {
  const ctx = useContext(DataContext);
  const { sheets, recordIndex, total } = useWorkbooks();
  const { i18n } = useTranslation();
  const now = useClock(!!ctx && hasLiveClock(doc));
  const counters = useCounterPreviews(ctx?.counters, doc, total, ctx?.counterVersion ?? 0);
  const prev = useRef<ReadonlyMap<string, string> | undefined>(undefined);
  const region = i18n.language?.startsWith("zh") ? 0 : 1;
  return useMemo(() => {
    if (!ctx) return undefined;
    let next: ReadonlyMap<string, string>;
    try {
      next = resolveValues(doc, recordIndex, sheets, now, { region, counters });
    } catch (err) {
      // a malformed source must not take the canvas down: show the stored values
      console.error("resolveValues failed", err);
      return undefined;
    }
    if (prev.current && sameValues(prev.current, next)) return prev.current;
    prev.current = next;
    return next;
  }, [ctx, doc, recordIndex, sheets, now, region, counters]);
}
