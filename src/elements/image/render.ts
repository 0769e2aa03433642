// Image: a data-URI <image> filling the box; keep proportion (ISParticipating) letterboxes it.
import { IMAGE_THRESHOLD } from "../../model/constants";
import { safeImageHref } from "../../model/kinds/image";
import type { ImageElement } from "../../model/types";
import { prepareThreshold, thresholdedImage } from "../../render/imageThreshold";
import { num } from "../../render/svg";
import type { ElementKind } from "../kind";

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
  // BLACKWHITE: the thresholded preview when one was prepared (browser), else the image itself
  const shown = blackWhite(el) ? (thresholdedImage(href, thresholdOf(el)) ?? href) : href;
  return `<image x="0" y="0" width="${num(w)}" height="${num(h)}" preserveAspectRatio="${par}" href="${shown}"/>`;
}

const blackWhite = (el: ImageElement) => el.imageDisplayMode === "BLACKWHITE";
const thresholdOf = (el: ImageElement) =>
  Number.isInteger(el.Threshold) && el.Threshold >= 0 && el.Threshold <= 255 ? el.Threshold : IMAGE_THRESHOLD;

export const imageKind: ElementKind<ImageElement> = {
  type: "Image",
  async prepare(el) {
    const href = safeImageHref(el.imageSrc);
    if (href && blackWhite(el)) await prepareThreshold(href, thresholdOf(el));
  },
  render: (el, ctx) => renderImage(el, ctx.target),
};
