// Pictures in the file: an Image element's data URL is stored as base64 <Data> plus its MIME type.
// What comes back from a file is whitelisted: only raster/SVG image types as base64 data URLs, or
// plain http(s) URLs, ever reach the document (never javascript: or other schemes).

export const IMAGE_MIME_TYPES = [
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/bmp",
  "image/svg+xml",
] as const;

const DATA_URL_RE = /^data:([^;,]*)((?:;[^;,]*)*),([\s\S]*)$/;
const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;

export interface StoredImage {
  /** base64 without a prefix */
  data: string;
  /** MIME type of `data` */
  format: string;
  /** an http(s) address when the picture is not embedded */
  url: string;
}

function utf8ToBase64(s: string): string {
  const bytes = new TextEncoder().encode(s);
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

const NONE: StoredImage = { data: "", format: "", url: "" };

/** Splits an element's imageSrc for writing. */
export function storeImage(src: string): StoredImage {
  const m = DATA_URL_RE.exec(src);
  if (m) {
    const format = m[1] || "image/png";
    if (m[2].split(";").includes("base64")) return m[3] === "" ? NONE : { data: m[3], format, url: "" };
    // a percent-encoded data URL: same picture, embedded as base64
    try {
      return { data: utf8ToBase64(decodeURIComponent(m[3])), format, url: "" };
    } catch {
      return NONE;
    }
  }
  if (/^https?:\/\//i.test(src)) return { data: "", format: "", url: src };
  return NONE;
}

/** Recognises a picture type from the first bytes of its base64 text. */
function sniff(b64: string): string | undefined {
  if (b64.startsWith("iVBORw0KGgo")) return "image/png";
  if (b64.startsWith("/9j/")) return "image/jpeg";
  if (b64.startsWith("R0lGOD")) return "image/gif";
  if (b64.startsWith("UklGR")) return "image/webp";
  if (b64.startsWith("Qk")) return "image/bmp";
  if (b64.startsWith("PHN2Zy") || b64.startsWith("PD94bWwg")) return "image/svg+xml";
  return undefined;
}

/** Rebuilds imageSrc from what the file holds; anything unusable gives "". */
export function loadImage(
  data: string | undefined,
  format: string | undefined,
  url: string | undefined,
): string {
  const b64 = (data ?? "").replace(/\s+/g, "");
  if (b64 !== "") {
    if (!BASE64_RE.test(b64)) return "";
    const declared = (format ?? "").trim().toLowerCase();
    const mime = (IMAGE_MIME_TYPES as readonly string[]).includes(declared)
      ? declared
      : (sniff(b64) ?? "image/png");
    return `data:${mime};base64,${b64}`;
  }
  const u = (url ?? "").trim();
  return /^https?:\/\/[^\s"<>]+$/i.test(u) ? u : "";
}
