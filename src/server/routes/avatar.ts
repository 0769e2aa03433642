// Avatar upload for editUserInfo: a data URL (PNG or JPEG, under 2 MB) becomes a file of the user's.
import type { SessionUser } from "../auth/sessions";
import { fileUrl, newKey, ownKeyFromUrl, sniffImage } from "../files/urls";
import type { Ctx } from "../http/context";
import { ApiError, Code } from "../http/envelope";

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** Returns the new head_pic URL ("" clears it). Accepts a data URL or one of the user's own file URLs. */
export async function saveAvatar(ctx: Ctx, u: SessionUser, value: unknown): Promise<string> {
  const bad = () => new ApiError(Code.failed, "server.error.badImage");
  if (value === "" || value === null) return "";
  if (typeof value !== "string") throw bad();
  if (ownKeyFromUrl(u.id, value)) return value;
  const m = /^data:image\/(png|jpe?g);base64,([A-Za-z0-9+/=\s]+)$/.exec(value);
  if (!m) throw bad();
  const bytes = new Uint8Array(Buffer.from(m[2], "base64"));
  const kind = sniffImage(bytes);
  if (bytes.length === 0 || bytes.length > AVATAR_MAX_BYTES || (kind !== "png" && kind !== "jpg"))
    throw bad();
  const key = newKey(u.id, "avatar", kind === "png" ? ".png" : ".jpg");
  await ctx.files.put(key, bytes);
  const old = ownKeyFromUrl(u.id, u.head_pic);
  if (old) await ctx.files.delete(old).catch(() => false);
  return fileUrl(key);
}
