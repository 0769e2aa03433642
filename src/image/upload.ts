// Image upload rules (spec §5 Uploads): .jpeg, .jpg or .png only (tip39); size in KB at most
// configuration.image_size from localStorage (tip30 + limit + tip31), 2048 KB when not configured.

export const DEFAULT_IMAGE_SIZE_KB = 2048;
const IMAGE_NAME = /\.(jpe?g|png)$/i;
const IMAGE_TYPES = new Set(["image/jpeg", "image/png", ""]);

/** The configured limit in KB (configuration.image_size), or the default. */
export function imageSizeLimitKb(store: Pick<Storage, "getItem"> | null): number {
  try {
    const c = JSON.parse(store?.getItem("configuration") ?? "null");
    const n = Number(c?.image_size);
    return Number.isFinite(n) && n > 0 ? n : DEFAULT_IMAGE_SIZE_KB;
  } catch {
    return DEFAULT_IMAGE_SIZE_KB;
  }
}

export type ImageCheck =
  | { ok: true }
  | { ok: false; key: "tip39" }
  | { ok: false; key: "tip30"; limitKb: number };

export function checkImageFile(
  file: { name: string; type: string; size: number },
  limitKb: number,
): ImageCheck {
  if (!IMAGE_NAME.test(file.name) || !IMAGE_TYPES.has(file.type)) return { ok: false, key: "tip39" };
  if (file.size / 1024 > limitKb) return { ok: false, key: "tip30", limitKb };
  return { ok: true };
}

/** The box for an image of natural size w×h that keeps the current width (keep proportion). */
export function proportionalHeight(width: number, natW: number, natH: number): number {
  if (!(natW > 0) || !(natH > 0) || !(width > 0)) return width;
  return (width * natH) / natW;
}
