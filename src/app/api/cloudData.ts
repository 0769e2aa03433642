// Cloud data (application.md §3 "Cloud items", §5, §7 calls 8, 9, 13, 15): the user's image (type 1)
// and spreadsheet (type 2) folders and their files, as the /cloudData page manages them. Listing is
// the editor's getCloudDataList reader; uploads go through getToken and the multipart /upload with
// per-file progress (XMLHttpRequest, the one browser API that reports upload progress), then
// addCloudFile registers the stored file in a folder.

import { session } from "../auth/session";
import i18n from "../i18n";
import { interfaceApi } from "./client";
import { createDataApi } from "./cloudFiles";
import { type CloudKind, type DataFile, type DataFolder, dataKey, toDataFolders } from "./cloudItems";

export * from "./cloudItems";

export function listData(kind: CloudKind): Promise<DataFolder[]> {
  return interfaceApi
    .post("/api/tem.app_public/getCloudDataList", { type: kind, page: 1, size: 999 }, { loading: false })
    .then(toDataFolders);
}

export const addFolder = (kind: CloudKind, name: string) =>
  interfaceApi.post("/api/tem.app_public/addCloudClass", { type: kind, name });
export const renameFolder = (id: string, name: string) =>
  interfaceApi.post("/api/tem.app_public/editCloudClass", {
    id,
    name,
    user_id: session.user()?.userid ?? "",
  });
export const deleteFolder = (id: string) => interfaceApi.post("/api/tem.app_public/delCloudClass", { id });
/** Spec call 9: rename, or move with the same name and another folder id. */
export const editFile = (file: DataFile, name: string, tid: string) =>
  interfaceApi.post("/api/tem.app_public/editCloudFile", {
    id: file.id,
    name,
    tid,
    user_id: session.user()?.userid ?? "",
  });
export const deleteFile = (id: string) => interfaceApi.post("/api/tem.app_public/delCloudFile", { id });

/** The first sheet's first rows of a stored spreadsheet (the server's import with our parser). */
export async function previewSheet(url: string, rows = 50) {
  const wb = await createDataApi(interfaceApi, () => session.user()?.userid ?? "").importWorkbook(url);
  return wb.sheets.map((s) => ({ name: s.sheetName, rows: s.data.slice(0, rows) }));
}

/** Spec call 15's bucket for the user's stored data files. */
export const DATA_BUCKET = "hm-inkless";

/** Sends one file to /upload, reporting progress 0…1; resolves with the stored URL. */
function send(file: File, token: string, key: string, onProgress: (p: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/interface/upload");
    xhr.withCredentials = true;
    xhr.setRequestHeader("language", i18n.language);
    xhr.setRequestHeader("platform", "web");
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new Error("upload failed"));
    xhr.onload = () => {
      try {
        const env = JSON.parse(xhr.responseText);
        const code = Number(env?.ResultCode ?? env?.code);
        const stored = typeof env?.data?.key === "string" ? env.data.key : "";
        if (xhr.status !== 200 || code !== 200 || !stored) throw new Error("upload refused");
        onProgress(1);
        resolve(`/files/${stored.split("/").map(encodeURIComponent).join("/")}`);
      } catch (e) {
        reject(e);
      }
    };
    const form = new FormData();
    form.append("token", token);
    form.append("key", key);
    form.append("file", file, key.slice(key.lastIndexOf("/") + 1));
    xhr.send(form);
  });
}

/** An upload token (valid one hour and reusable, docs/api.md), fetched once per batch of uploads. */
export async function uploadToken(): Promise<string> {
  const token = await interfaceApi.post(
    "/api/tem.app_shared/getToken",
    { bucket: DATA_BUCKET },
    { loading: false },
  );
  if (typeof token !== "string" || !token) throw new Error("no upload token");
  return token;
}

/** Uploads a file into a folder: stored bytes, then the file record (size from storage). */
export async function uploadFile(
  file: File,
  tid: string,
  token: string,
  onProgress: (p: number) => void,
): Promise<void> {
  const url = await send(file, token, dataKey(session.user()?.userid ?? "", file.name), onProgress);
  await interfaceApi.post(
    "/api/tem.app_public/addCloudFile",
    { tid, name: file.name, url },
    { loading: false },
  );
}
