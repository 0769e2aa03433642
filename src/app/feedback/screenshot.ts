// The feedback form's screenshot: an uploaded PNG/JPEG, or a capture of the page behind the dialog.
// The capture is html-to-image (the page's DOM drawn through an SVG foreignObject onto the browser's
// own canvas): the home, cloud data and help pages are HTML, not one SVG, so the canvas of our label
// SVG alone would miss most of them; html-to-image has no dependencies and is widely used.
import { toJpeg, toPng } from "html-to-image";
import { FEEDBACK_SCREENSHOT_MAX_BYTES } from "../../feedback/rules";

/** Bytes behind a base64 data URL. */
export const dataUrlBytes = (url: string) => Math.floor(((url.length - url.indexOf(",") - 1) * 3) / 4);

export type ScreenshotProblem = "type" | "size";

/** A picked file as a data URL, or why it cannot be sent. */
export function readScreenshot(file: File): Promise<{ url: string } | { problem: ScreenshotProblem }> {
  if (file.type !== "image/png" && file.type !== "image/jpeg") return Promise.resolve({ problem: "type" });
  if (file.size > FEEDBACK_SCREENSHOT_MAX_BYTES) return Promise.resolve({ problem: "size" });
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ url: String(reader.result) });
    reader.onerror = () => resolve({ problem: "type" });
    reader.readAsDataURL(file);
  });
}

/**
 * The visible part of the page (without `skip`, the dialog itself) as a PNG, or a JPEG when the
 * PNG is over the size cap; null when even that is too large.
 */
export async function capturePage(skip: Element | null): Promise<string | null> {
  const node = document.body;
  const options = {
    width: window.innerWidth,
    height: window.innerHeight,
    pixelRatio: 1,
    backgroundColor: "#ffffff",
    filter: (n: HTMLElement) => n !== skip && !(n instanceof HTMLDialogElement && n.open),
    style: { transform: `translate(${-window.scrollX}px, ${-window.scrollY}px)` },
  };
  const png = await toPng(node, options);
  if (dataUrlBytes(png) <= FEEDBACK_SCREENSHOT_MAX_BYTES) return png;
  const jpeg = await toJpeg(node, { ...options, quality: 0.8 });
  return dataUrlBytes(jpeg) <= FEEDBACK_SCREENSHOT_MAX_BYTES ? jpeg : null;
}
