// DataSourceList editing (label-editor.md §4 "Data source list"): add, delete the current entry (the
// index steps back when it was the last), move the current entry up or down, change it.
// A list never becomes empty: deleting the only entry leaves one empty fixed-text entry.
import { createDataSource } from "../model/defaults";
import type { DataSource } from "../model/types";
import type { SourceBound } from "./targets";

type ListPart = Pick<SourceBound, "DataSourceList" | "dataSourceIndex">;

function clampIndex(i: number, length: number): number {
  if (length === 0) return 0;
  return Math.min(Math.max(0, Math.trunc(i) || 0), length - 1);
}

/** Appends an entry (empty fixed text by default) and makes it current. */
export function addSource<T extends ListPart>(b: T, source: DataSource = createDataSource()): T {
  const list = [...b.DataSourceList, source];
  return { ...b, DataSourceList: list, dataSourceIndex: list.length - 1 };
}

export function deleteCurrentSource<T extends ListPart>(b: T): T {
  const i = clampIndex(b.dataSourceIndex, b.DataSourceList.length);
  const list = b.DataSourceList.filter((_, k) => k !== i);
  if (list.length === 0) return { ...b, DataSourceList: [createDataSource()], dataSourceIndex: 0 };
  return { ...b, DataSourceList: list, dataSourceIndex: i >= list.length ? list.length - 1 : i };
}

/** Moves the current entry one place up (-1) or down (+1); the index follows it. No-op at the ends. */
export function moveCurrentSource<T extends ListPart>(b: T, direction: -1 | 1): T {
  const i = clampIndex(b.dataSourceIndex, b.DataSourceList.length);
  const j = i + direction;
  if (j < 0 || j >= b.DataSourceList.length) return b;
  const list = b.DataSourceList.slice();
  [list[i], list[j]] = [list[j], list[i]];
  return { ...b, DataSourceList: list, dataSourceIndex: j };
}

export function selectSource<T extends ListPart>(b: T, index: number): T {
  const i = clampIndex(index, b.DataSourceList.length);
  return i === b.dataSourceIndex ? b : { ...b, dataSourceIndex: i };
}

/** Applies a patch to the current entry. */
export function updateCurrentSource<T extends ListPart>(b: T, patch: Partial<DataSource>): T {
  if (b.DataSourceList.length === 0) return addSource(b, createDataSource(patch));
  const i = clampIndex(b.dataSourceIndex, b.DataSourceList.length);
  const list = b.DataSourceList.slice();
  list[i] = { ...list[i], ...patch };
  return { ...b, DataSourceList: list };
}

/** A fixed-text entry's text lives in both FirstValue (shown) and NormalText (restored on switch back). */
export function fixedTextPatch(text: string): Partial<DataSource> {
  return { DataSourceType: 0, FirstValue: text, NormalText: text };
}
