// The label's canvas images (labelAttr canvas_img, the file's <Canvas> list): reference pictures kept
// with a label, such as the photo an AI template was recognised from or a template's page previews.
// Only image sources an <img> may show are offered: data:image URLs, http(s) and same-site paths.

/** More than this many thumbnails is not a picker any more; the rest are left out. */
export const MAX_CANVAS_IMAGES = 100;

const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|bmp|svg\+xml)(;[a-z0-9=._+-]+)*,/i;
const WEB = /^https?:\/\/[^\s/]+/i;
// a path on this site (/files/<key>), never protocol-relative (//host)
const SITE_PATH = /^\/(?!\/)/;

/** True for a source the picker may put in an <img>. */
export function isShowableImage(src: unknown): src is string {
  if (typeof src !== "string") return false;
  const s = src.trim();
  if (s === "" || [...s].some((c) => c.charCodeAt(0) < 0x20)) return false;
  return DATA_IMAGE.test(s) || WEB.test(s) || SITE_PATH.test(s);
}

/** The images the picker shows, in order, trimmed; unusable entries are dropped. */
export function pickableImages(list: readonly unknown[] | undefined): string[] {
  if (!Array.isArray(list)) return [];
  return list
    .filter(isShowableImage)
    .map((s) => s.trim())
    .slice(0, MAX_CANVAS_IMAGES);
}

/** The picker appears only when there is a choice: more than one canvas image (spec §2). */
export function pickerShown(images: readonly string[]): boolean {
  return images.length > 1;
}

/** The chosen index kept inside the list (the list may shrink when another label is opened). */
export function clampChoice(chosen: number | null, total: number): number | null {
  if (chosen === null || total < 1) return null;
  return Math.min(Math.max(0, Math.trunc(chosen)), total - 1);
}
