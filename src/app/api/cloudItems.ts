// Cloud data items (application.md §3 "Cloud items", §5): the readers, sort orders, default folder
// names, upload refusals and storage keys of the /cloudData page, without any request (unit-tested).

import { isSpreadsheetName } from "../../data/workbooks";
import { TIP } from "../../i18n/tips";
import { checkImageFile } from "../../image/upload";
import type { SortOrder } from "../../model/sortOrders";
import { toFolders, uploadKey } from "./cloudFiles";
import { asNumber, asText } from "./read";

export type CloudKind = 1 | 2;

export interface DataFile {
  readonly id: string;
  readonly tid: string;
  readonly name: string;
  readonly url: string;
  readonly size: number;
  readonly add_time: string;
}

export interface DataFolder {
  readonly id: string;
  readonly name: string;
  readonly files: readonly DataFile[];
}

export { SORT_ORDERS, type SortOrder } from "../../model/sortOrders";

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

/** Files in one of the six orders; ties keep a stable order by name, then id. */
export function sortFiles(files: readonly DataFile[], order: SortOrder): DataFile[] {
  const byName = (a: DataFile, b: DataFile) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id);
  const cmp: Record<SortOrder, (a: DataFile, b: DataFile) => number> = {
    nameAsc: byName,
    nameDesc: (a, b) => -byName(a, b),
    dateAsc: (a, b) => a.add_time.localeCompare(b.add_time) || byName(a, b),
    dateDesc: (a, b) => b.add_time.localeCompare(a.add_time) || byName(a, b),
    sizeAsc: (a, b) => a.size - b.size || byName(a, b),
    sizeDesc: (a, b) => b.size - a.size || byName(a, b),
  };
  return [...files].sort(cmp[order]);
}

/** The default name of a new folder: "New folder N" with the smallest N not taken (§3). */
export function nextFolderName(taken: readonly string[], base: string): string {
  const names = new Set(taken);
  let n = 1;
  while (names.has(`${base} ${n}`)) n++;
  return `${base} ${n}`;
}

/** A copy's name without its " (n)" number. */
export const copyBase = (name: string) => name.replace(/ \(\d+\)$/, "");

/** The name of a duplicate: "Name (2)", "Name (3)"…, the first not taken ("Name (2)" copies as "Name (3)"). */
export function copyName(name: string, taken: readonly string[]): string {
  const names = new Set(taken);
  const base = copyBase(name);
  let n = 2;
  while (names.has(`${base} (${n})`)) n++;
  return `${base} (${n})`;
}

/** The template name an uploaded label file gets: its file name without .tprt / .tprts. */
export const uploadedName = (fileName: string) => fileName.replace(/\.tprts?$/i, "").trim();

/** Why a file may not be uploaded to a tab, as a message key with its values; null when it may. */
export type UploadRefusal =
  | { key: typeof TIP.imageTypeRefused }
  | { key: typeof TIP.imageTooLarge; limitKb: number }
  | { key: "server.error.sheetType" }
  | { key: typeof TIP.uploadFailedOrNoFile };

export function refuseUpload(
  file: { name: string; type: string; size: number },
  kind: CloudKind,
  limitKb: number,
): UploadRefusal | null {
  if (file.size === 0) return { key: TIP.uploadFailedOrNoFile };
  if (kind === 2) return isSpreadsheetName(file.name) ? null : { key: "server.error.sheetType" };
  const check = checkImageFile(file, limitKb);
  if (check.ok) return null;
  return check.key === "tip39"
    ? { key: TIP.imageTypeRefused }
    : { key: TIP.imageTooLarge, limitKb: check.limitKb };
}

/** getCloudDataList's answer with ids, sizes and folder ids kept (the chooser reader drops them). */
export function toDataFolders(raw: unknown): DataFolder[] {
  const sizes = new Map<string, { size: number; tid: string }>();
  if (Array.isArray(raw))
    for (const f of raw)
      for (const x of Array.isArray(f?.data) ? f.data : [])
        if (x && typeof x === "object")
          sizes.set(asText(x.id), { size: asNumber(x.size), tid: asText(x.tid) || asText(f.id) });
  return toFolders(raw).map((f) => ({
    id: f.id,
    name: f.name,
    files: f.files.map((x) => ({ ...x, ...(sizes.get(x.id) ?? { size: 0, tid: f.id }) })),
  }));
}

/** `<userid>/cloudData/<yyyymmdd>/<random>/<file name>` (§7 key shape). */
export const dataKey = (userId: string, name: string, now = new Date()) =>
  uploadKey(userId, "cloudData", name, now);
