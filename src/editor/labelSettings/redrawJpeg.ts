// A background chosen from the cloud images is redrawn as JPEG at quality 0.5 (spec §5), on white
// (a JPEG has no transparency), and stored as base64 without the data: prefix.
export const CLOUD_BACKGROUND_QUALITY = 0.5;

export async function redrawJpeg(src: string, quality = CLOUD_BACKGROUND_QUALITY): Promise<string> {
  const img = new Image();
  await new Promise<void>((resolve, reject) => {
    img.onload = () => resolve();
    img.onerror = () => reject(new Error("image"));
    img.src = src;
  });
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, img.naturalWidth);
  canvas.height = Math.max(1, img.naturalHeight);
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("no 2D canvas");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(img, 0, 0);
  const url = canvas.toDataURL("image/jpeg", quality);
  return url.slice(url.indexOf(",") + 1);
}
