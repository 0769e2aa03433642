// Upload tokens, the multipart upload and base64 picture upload endpoints, and /files/<key>.
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname } from "node:path";
import { roleAllows } from "../../model/teamRoles";
import { lookupSession } from "../auth/sessions";
import { sendStoredFile } from "../files/serve";
import { FileTooLarge, ownsKey, validKey } from "../files/store";
import { fileUrl, newKey } from "../files/urls";
import { readBody, str, tooLarge } from "../http/body";
import { type Ctx, ok, type Route, type Routes, type Services, userOf } from "../http/context";
import { readCookie, SESSION_COOKIE } from "../http/cookies";
import { ApiError, Code } from "../http/envelope";
import { boundaryOf, readMultipart } from "../http/multipart";
import { notFound } from "../http/static";
import { LIBRARY_PREFIX } from "../seed/industryLibrary";
import { readableThroughShare } from "../services/sharing";
import { readableInTeam } from "../services/teams";
import { newUploadToken, uploadTokenUser } from "../services/uploadTokens";
import { spaceOf } from "./teamSpace";

/** Buckets of spec call 15: hm-/na-{product} for labels and previews, temp-{product} for temporary files. */
const BUCKET = /^(hm|na|temp)-[a-z0-9_-]{1,40}$/;

/** A key inside the user's own prefix (code 403 outside it). */
function ownKey(userId: string, key: string): string {
  if (!validKey(key) || !ownsKey(userId, key))
    throw new ApiError(Code.forbidden, "server.error.keyForbidden");
  return key;
}

/** Streams bytes to a key, within the upload limit (413 past it: nothing is stored). */
async function store(ctx: Ctx, key: string, bytes: AsyncIterable<Uint8Array> | Iterable<Uint8Array>) {
  let size: number;
  try {
    size = await ctx.files.putStream(key, bytes, ctx.config.maxUploadBytes);
  } catch (e) {
    if (e instanceof FileTooLarge) throw tooLarge(ctx.config.maxUploadBytes);
    throw e;
  }
  if (size === 0) {
    await ctx.files.delete(key);
    throw new ApiError(Code.failed, "server.error.emptyFile");
  }
  const url = `${ctx.origin}${fileUrl(key)}`;
  return ok({ key, url, size }, { key });
}

export const uploadRoutes: Routes = {
  "/api/tem.app_shared/getToken": {
    auth: true,
    async handle(ctx) {
      // in a team space the files go under the team's prefix for its writers; a member who only
      // prints or reads uploads (printed pictures) under their own prefix
      const space = await spaceOf(ctx, "read");
      const u = space.role && roleAllows(space.role, "write") ? space : userOf(ctx);
      const bucket = str(ctx.fields, "bucket", 60);
      if (!BUCKET.test(bucket)) throw new ApiError(Code.failed, "server.error.bucket");
      const token = await newUploadToken(ctx.db, u.id, bucket, u.tokenHash);
      // Spec call 15: data is the token, url the base address (file URL = url + key).
      return ok(token, { url: `${ctx.origin}/files/`, prefix: `${u.id}/` });
    },
  },

  // Multipart upload: fields token, key and file (spec editor §7 "upload endpoint"). The token and
  // key come before the file part and are checked before the file is read; the file is streamed.
  "/upload": {
    auth: false,
    body: "upload",
    async handle(ctx) {
      const boundary = boundaryOf(ctx.req.headers["content-type"]);
      if (!boundary) throw new ApiError(Code.failed, "server.error.badForm");
      const form = await readMultipart(ctx.req, boundary);
      const field = (n: string) => form.fields.get(n)?.trim() ?? "";
      const userId = await uploadTokenUser(ctx.db, field("token"));
      if (!form.file) throw new ApiError(Code.failed, "server.error.emptyFile");
      const ext = extname(form.file.filename ?? "")
        .toLowerCase()
        .slice(0, 8);
      const key = ownKey(userId, field("key") || newKey(userId, "upload", ext));
      return store(ctx, key, form.bytes);
    },
  },
};

/** Base64 picture upload: POST putb64/-1/key/<url-safe base64 of key>, Authorization: UpToken <token>
 * (checked before the body is read). */
export const putb64Route: Route = {
  auth: false,
  body: "upload",
  async handle(ctx) {
    const auth = String(ctx.req.headers.authorization ?? "");
    const m = /^UpToken\s+(\S+)$/.exec(auth);
    const userId = await uploadTokenUser(ctx.db, m ? m[1] : "");
    const encoded = String(ctx.fields.$param ?? "");
    let key = "";
    if (/^[A-Za-z0-9_\-+/=]+$/.test(encoded)) key = Buffer.from(encoded, "base64url").toString("utf8");
    ownKey(userId, key);
    // base64 is 4/3 of the bytes it carries
    let text = (await readBody(ctx.req, Math.ceil((ctx.config.maxUploadBytes * 4) / 3) + 1024))
      .toString("latin1")
      .trim();
    const comma = text.startsWith("data:") ? text.indexOf(",") : -1;
    if (comma >= 0) text = text.slice(comma + 1);
    if (!/^[A-Za-z0-9+/=_\-\s]*$/.test(text)) throw new ApiError(Code.failed, "server.error.badImage");
    const bytes = Buffer.from(text, "base64");
    return store(ctx, key, [bytes]);
  },
};

/** GET /files/<key>: only the owner (by session), or a member of the team whose file it is, may read a
 * file; others get 404. Streamed (serve.ts). */
export async function serveUserFile(
  s: Services,
  req: IncomingMessage,
  res: ServerResponse,
  rawKey: string,
): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD") return notFound(res);
  let key: string | null = null;
  try {
    key = validKey(rawKey.split("/").map(decodeURIComponent).join("/"));
  } catch {
    key = null;
  }
  const token = readCookie(req.headers.cookie, SESSION_COOKIE);
  const session = key && token ? await lookupSession(s.db, s.sessions, token) : null;
  if (!key || !session) return notFound(res);
  // someone else's file only when it belongs to a template shared with this user (a live share);
  // the industry library is every signed-in user's
  const readable =
    ownsKey(session.id, key) ||
    key.startsWith(LIBRARY_PREFIX) ||
    (await readableThroughShare(s.db, session.id, key)) ||
    (await readableInTeam(s.db, session.id, key));
  if (!readable) return notFound(res);
  const file = await s.files.open(key);
  if (!file) return notFound(res);
  sendStoredFile(req, res, key, file);
}
