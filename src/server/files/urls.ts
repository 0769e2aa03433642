// File URLs: stored as "/files/<key>" (or absolute, as getToken's base url gives them).
import { randomBytes } from "node:crypto";
import { ownsKey, validKey } from "./store";

/** The storage key behind a /files/ URL (relative or absolute http(s)), or null. */
export function keyFromUrl(url: string): string | null {
  const m = /^(?:https?:\/\/[^/?#]+)?\/files\/([^?#]+)$/.exec(url);
  if (!m) return null;
  try {
    return validKey(m[1].split("/").map(decodeURIComponent).join("/"));
  } catch {
    return null;
  }
}

/** The key of a URL only when it is one of the user's own files. */
export function ownKeyFromUrl(userId: string, url: string): string | null {
  const k = keyFromUrl(url);
  return k && ownsKey(userId, k) ? k : null;
}

export const fileUrl = (key: string) => `/files/${key.split("/").map(encodeURIComponent).join("/")}`;

/** A fresh key below the user's prefix: <userId>/<purpose>/<yyyymmdd>/<random><ext>. */
export function newKey(userId: string, purpose: string, ext: string): string {
  const d = new Date().toISOString().slice(0, 10).replace(/-/g, "");
  return `${userId}/${purpose}/${d}/${randomBytes(12).toString("base64url")}${ext}`;
}

/** Image type by magic bytes (never by the name or the declared type). */
export function sniffImage(b: Uint8Array): "png" | "jpg" | "gif" | "webp" | null {
  if (b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return "png";
  if (b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpg";
  if (b.length > 6 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46) return "gif";
  if (
    b.length > 12 &&
    String.fromCharCode(...b.subarray(0, 4)) === "RIFF" &&
    String.fromCharCode(...b.subarray(8, 12)) === "WEBP"
  )
    return "webp";
  return null;
}
