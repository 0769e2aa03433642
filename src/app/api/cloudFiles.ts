// The calls behind the editor's spreadsheet data (spec application.md §7): the cloud file list
// (getCloudDataList type 2), upload of a local file (getToken + multipart upload) and import
// (FileUrl, RowIndex 0, TableIndex −1). The request client is injected so every branch is unit-tested.

import { isQuerySheetUrl, isSpreadsheetName, safeKeyName, toWorkbook } from "../../data/workbooks";
import { TIP } from "../../i18n/tips";
import type { Workbook } from "../../spreadsheet/types";
import { uploadOwner } from "../teams/space";
import type { ApiClient } from "./core";
import { asText } from "./read";

/** Spec: "temp-{product}" is the bucket for temporary files such as spreadsheets to import. */
export const SPREADSHEET_BUCKET = "temp-inkless";

export interface CloudFile {
  readonly id: string;
  readonly name: string;
  readonly url: string;
  readonly add_time: string;
}

export interface CloudFolder {
  readonly id: string;
  readonly name: string;
  readonly files: readonly CloudFile[];
}

/** A spreadsheet chosen in the cloud or uploaded: its display name and file URL. */
export interface ChosenFile {
  readonly name: string;
  readonly url: string;
}

/** Failures the caller turns into a tip: tip65 (no or wrong file), tip127 (upload failed). */
export class UploadError extends Error {
  constructor(readonly tip: typeof TIP.uploadFailedOrNoFile | typeof TIP.uploadFailed) {
    super(tip);
    this.name = "UploadError";
  }
}

/** Import failed (the request client already showed the server's translated reason). */
export class ImportError extends Error {
  constructor(readonly url: string) {
    super(`import failed: ${url}`);
    this.name = "ImportError";
  }
}

/** The folder list of getCloudDataList, read defensively. */
export function toFolders(raw: unknown): CloudFolder[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((f): f is Record<string, unknown> => !!f && typeof f === "object")
    .map((f) => ({
      id: asText(f.id),
      name: asText(f.name),
      files: (Array.isArray(f.data) ? f.data : [])
        .filter((x): x is Record<string, unknown> => !!x && typeof x === "object")
        .map((x) => ({
          id: asText(x.id),
          name: asText(x.name),
          url: asText(x.url),
          add_time: asText(x.add_time),
        }))
        .filter((x) => x.url !== ""),
    }));
}

const RANDOM = "abcdefghijklmnopqrstuvwxyz0123456789";
function randomSegment(n = 12): string {
  const bytes = new Uint8Array(n);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => RANDOM[b % RANDOM.length]).join("");
}

/** Upload key (spec §7 shape): `<owner>/<purpose>/<yyyymmdd>/<random>/<file name>`; the owner is the user, or the current team when its role may write (uploadOwner). */
export function uploadKey(userId: string, purpose: string, name: string, now = new Date()): string {
  const d = now.toISOString().slice(0, 10).replace(/-/g, "");
  return `${uploadOwner(userId)}/${purpose}/${d}/${randomSegment()}/${safeKeyName(name)}`;
}

/** A spreadsheet's upload key: `<userid>/excel/<yyyymmdd>/<random>/<file name>`. */
export const spreadsheetKey = (userId: string, name: string, now = new Date()) =>
  uploadKey(userId, "excel", name, now);

export interface DataApi {
  cloudFolders(): Promise<CloudFolder[]>;
  /** Reads a spreadsheet, web address or database query; `params` override a query's saved values. */
  importWorkbook(url: string, params?: Readonly<Record<string, string>>): Promise<Workbook>;
  /** Uploads a local spreadsheet; answers its name and URL. */
  upload(file: File): Promise<ChosenFile>;
}

export function createDataApi(api: ApiClient, userId: () => string, now = () => new Date()): DataApi {
  return {
    async cloudFolders() {
      return toFolders(
        await api.post(
          "/api/tem.app_public/getCloudDataList",
          { type: 2, page: 1, size: 999 },
          { loading: false },
        ),
      );
    },
    async importWorkbook(url, params) {
      let raw: unknown;
      const body: Record<string, unknown> = { FileUrl: url, RowIndex: 0, TableIndex: -1 };
      if (params && isQuerySheetUrl(url) && Object.keys(params).length > 0) body.Params = params;
      try {
        raw = await api.post("/api/tem.new_class/import", body);
      } catch {
        throw new ImportError(url);
      }
      const wb = toWorkbook(raw);
      if (!wb) throw new ImportError(url);
      return wb;
    },
    async upload(file) {
      if (!file || file.size === 0 || !isSpreadsheetName(file.name))
        throw new UploadError(TIP.uploadFailedOrNoFile);
      try {
        const token = asText(await api.post("/api/tem.app_shared/getToken", { bucket: SPREADSHEET_BUCKET }));
        const key = spreadsheetKey(userId(), file.name, now());
        const form = new FormData();
        form.append("token", token);
        form.append("key", key);
        form.append("file", file, key.slice(key.lastIndexOf("/") + 1));
        const data = await api.post<{ key?: unknown }>("/upload", form);
        const stored = asText(data?.key) || key;
        return { name: file.name, url: `/files/${stored.split("/").map(encodeURIComponent).join("/")}` };
      } catch {
        throw new UploadError(TIP.uploadFailed);
      }
    },
  };
}
