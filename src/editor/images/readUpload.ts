// Reading an uploaded image file in the browser, shared by the Image panel and the QR centre image:
// the upload rules of upload.ts against the configured size limit, the translated warning when a
// file is refused (tip39, or tip30 + limit + tip31), and the file read as a data URL (tip65 when the
// browser cannot read it).
import type { TFunction } from "i18next";
import { message } from "../../app/ui/message";
import { TIP } from "../../i18n/tips";
import { checkImageFile, type ImageCheck, imageSizeLimitKb } from "../../image/upload";

export function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });
}

/** The configured upload limit in KB (configuration.image_size in localStorage, or the default). */
export function configuredImageLimitKb(): number {
  return imageSizeLimitKb(typeof localStorage === "undefined" ? null : localStorage);
}

/** Shows the warning for a refused image file. */
export function warnRefusedImage(check: Exclude<ImageCheck, { ok: true }>, t: TFunction): void {
  message.warning(
    check.key === "tip39"
      ? t(TIP.imageTypeRefused)
      : `${t(TIP.imageTooLarge, { size: check.limitKb })} ${t(TIP.chooseSmallerImage)}`,
  );
}

/** The file as a data URL when the upload rules allow it and it reads; otherwise null, warned. */
export async function readImageUpload(file: File, t: TFunction): Promise<string | null> {
  const check = checkImageFile(file, configuredImageLimitKb());
  if (!check.ok) {
    warnRefusedImage(check, t);
    return null;
  }
  try {
    return await readDataUrl(file);
  } catch {
    message.warning(t(TIP.uploadFailedOrNoFile));
    return null;
  }
}
