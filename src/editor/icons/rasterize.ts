// An icon becomes an Image element's imageSrc: the SVG is drawn on a canvas and stored as a PNG data
// URL, which the renderer embeds everywhere (canvas, our PDF writer, PNG/JPEG, printer) — SVG data
// URLs are not in the portable subset.
export const ICON_RASTER_PX = 512;

export async function iconToPngDataUrl(url: string, px = ICON_RASTER_PX): Promise<string> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`icon ${url}: HTTP ${res.status}`);
  const svg = await res.text();
  const blobUrl = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  try {
    const img = new Image();
    img.width = px;
    img.height = px;
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error(`icon ${url}: not an image`));
      img.src = blobUrl;
    });
    const canvas = document.createElement("canvas");
    canvas.width = px;
    canvas.height = px;
    const g = canvas.getContext("2d");
    if (!g) throw new Error("no canvas");
    g.drawImage(img, 0, 0, px, px);
    return canvas.toDataURL("image/png");
  } finally {
    URL.revokeObjectURL(blobUrl);
  }
}
