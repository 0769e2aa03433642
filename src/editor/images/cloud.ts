// Cloud images for an Image element (spec §7 getCloudDataList type 1, page 1, size 999; application.md
// "Cloud image chooser"): the user's image folders, and a chosen image read into a data URL (the
// element stores its picture inline, so the label stays portable).
import { interfaceApi } from "../../app/api/client";
import { type CloudFolder, toFolders } from "../../app/api/cloudFiles";
import { checkImageFile, type ImageCheck } from "../../image/upload";

export function fetchImageFolders(): Promise<CloudFolder[]> {
  return interfaceApi
    .post<unknown>(
      "/api/tem.app_public/getCloudDataList",
      { type: 1, page: 1, size: 999 },
      { loading: false },
    )
    .then(toFolders);
}

export type CloudImage =
  | { ok: true; src: string }
  | { ok: false; check: Exclude<ImageCheck, { ok: true }> | null };

/** Fetches a chosen cloud image; refused by the upload rules (type, size), null check on any failure. */
export async function readCloudImage(url: string, name: string, limitKb: number): Promise<CloudImage> {
  try {
    const res = await fetch(url, { credentials: "same-origin" });
    if (!res.ok) return { ok: false, check: null };
    const blob = await res.blob();
    const check = checkImageFile({ name, type: blob.type, size: blob.size }, limitKb);
    if (!check.ok) return { ok: false, check };
    const src = await new Promise<string>((resolve, reject) => {
      const r = new FileReader();
      r.onload = () => resolve(String(r.result));
      r.onerror = () => reject(r.error);
      r.readAsDataURL(blob);
    });
    return src.startsWith("data:image/") ? { ok: true, src } : { ok: false, check: null };
  } catch {
    return { ok: false, check: null };
  }
}
