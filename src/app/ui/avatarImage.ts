// Turns a chosen picture into a small square avatar (centre crop, JPEG data URL) in the browser,
// so the stored head_pic stays a few kilobytes whatever the user picks.

export const AVATAR_SIZE = 160;
export const AVATAR_TYPES = ["image/png", "image/jpeg"] as const;

export async function toAvatarDataUrl(file: File): Promise<string> {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) throw new Error("type");
  const bitmap = await createImageBitmap(file);
  try {
    const side = Math.min(bitmap.width, bitmap.height);
    const canvas = document.createElement("canvas");
    canvas.width = AVATAR_SIZE;
    canvas.height = AVATAR_SIZE;
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("canvas");
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, AVATAR_SIZE, AVATAR_SIZE);
    ctx.drawImage(
      bitmap,
      (bitmap.width - side) / 2,
      (bitmap.height - side) / 2,
      side,
      side,
      0,
      0,
      AVATAR_SIZE,
      AVATAR_SIZE,
    );
    return canvas.toDataURL("image/jpeg", 0.85);
  } finally {
    bitmap.close();
  }
}
