// Image: a data-URI <image> filling the box; keep proportion (ISParticipating) letterboxes it.
import type { ImageElement } from "../../model/types";
import { type ElementKind, num } from "../kind";

const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|bmp);base64,[A-Za-z0-9+/=\r\n]+$/;

/** The image's data URI when it is one we can embed everywhere, else null (never a remote URL). */
export function safeImageHref(src: string): string | null {
  if (typeof src !== "string" || !DATA_IMAGE.test(src)) return null;
  return src.replace(/[\r\n]/g, "");
}

export function renderImage(el: ImageElement, target: string): string {
  const w = Math.max(el.Width, 0);
  const h = Math.max(el.Height, 0);
  const href = safeImageHref(el.imageSrc);
  if (!href) {
    // Nothing to print; on the canvas, show where the image goes.
    return target === "canvas"
      ? `<rect x="0" y="0" width="${num(w)}" height="${num(h)}" fill="none" stroke="#9aa4b5" stroke-width="0.2" stroke-dasharray="1 0.5"/>`
      : "";
  }
  const par = el.ISParticipating ? "xMidYMid meet" : "none";
  return `<image x="0" y="0" width="${num(w)}" height="${num(h)}" preserveAspectRatio="${par}" href="${href}"/>`;
}

export const imageKind: ElementKind<ImageElement> = {
  type: "Image",
  render: (el, ctx) => renderImage(el, ctx.target),
};
