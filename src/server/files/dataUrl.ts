// A PNG or JPEG sent inside JSON as a data URL (avatars, feedback screenshots): decoded and checked by
// its magic bytes (never by the declared type), its size, and the pixels its header claims (a
// screenshot whose header says 60000 × 60000 would be a bomb in whoever opens it later).
import { imageHeader, MAX_IMAGE_PIXELS } from "../../image/guard";
import { sniffImage } from "./urls";

export interface DecodedImage {
  readonly bytes: Uint8Array;
  readonly ext: ".png" | ".jpg";
}

/** The image in a `data:image/png|jpeg;base64,…` URL, or null when it is not one of at most `maxBytes`. */
export function decodeImageDataUrl(value: string, maxBytes: number): DecodedImage | null {
  const m = /^data:image\/(png|jpe?g);base64,([A-Za-z0-9+/=\s]+)$/.exec(value);
  if (!m) return null;
  // a base64 text decodes to three quarters of its length: refuse a huge one before decoding it
  if (m[2].length > Math.ceil((maxBytes * 4) / 3) + 64) return null;
  const bytes = new Uint8Array(Buffer.from(m[2], "base64"));
  const kind = sniffImage(bytes);
  if (bytes.length === 0 || bytes.length > maxBytes || (kind !== "png" && kind !== "jpg")) return null;
  const header = imageHeader(bytes);
  if (!header || header.width * header.height > MAX_IMAGE_PIXELS) return null;
  return { bytes, ext: kind === "png" ? ".png" : ".jpg" };
}
