// Avatar upload for editUserInfo: a data URL (PNG or JPEG, under 2 MB) becomes a file of the user's.
import type { SessionUser } from "../auth/sessions";
import { decodeImageDataUrl } from "../files/dataUrl";
import { fileUrl, newKey, ownKeyFromUrl } from "../files/urls";
import type { Ctx } from "../http/context";
import { ApiError, Code } from "../http/envelope";

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** Returns the new head_pic URL ("" clears it). Accepts a data URL or one of the user's own file URLs. */
export async function saveAvatar(ctx: Ctx, u: SessionUser, value: unknown): Promise<string> {
  const bad = () => new ApiError(Code.failed, "server.error.badImage");
  if (value === "" || value === null) return "";
  if (typeof value !== "string") throw bad();
  if (ownKeyFromUrl(u.id, value)) return value;
  const image = decodeImageDataUrl(value, AVATAR_MAX_BYTES);
  if (!image) throw bad();
  const key = newKey(u.id, "avatar", image.ext);
  await ctx.files.put(key, image.bytes);
  const old = ownKeyFromUrl(u.id, u.head_pic);
  if (old) await ctx.files.delete(old).catch(() => false);
  return fileUrl(key);
}
