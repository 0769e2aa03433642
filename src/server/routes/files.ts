// Upload tokens, the multipart upload and base64 picture upload endpoints, and /files/<key>.
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname } from "node:path";
import { hashToken, lookupSession } from "../auth/sessions";
import { ownsKey, validKey } from "../files/store";
import { fileUrl, newKey } from "../files/urls";
import { str } from "../http/body";
import { type Ctx, ok, type Route, type Routes, type Services, userOf } from "../http/context";
import { readCookie, SESSION_COOKIE } from "../http/cookies";
import { ApiError, Code } from "../http/envelope";
import { boundaryOf, parseMultipart } from "../http/multipart";
import { contentTypeOf, notFound } from "../http/static";

/** Buckets of spec call 15: hm-/na-{product} for labels and previews, temp-{product} for temporary files. */
const BUCKET = /^(hm|na|temp)-[a-z0-9_-]{1,40}$/;
const TOKEN_TTL = "1 hour";

/** The user an upload token belongs to; code 401 when it is unknown or expired. */
async function tokenUser(ctx: Ctx, token: string): Promise<string> {
  if (token.length < 20 || token.length > 100)
    throw new ApiError(Code.unauthorized, "server.error.uploadToken");
  const rows = await ctx.db.query<{ user_id: string }>(
    "SELECT user_id FROM upload_tokens WHERE token_hash = $1 AND expires_at > now()",
    [hashToken(token)],
  );
  if (!rows[0]) throw new ApiError(Code.unauthorized, "server.error.uploadToken");
  return rows[0].user_id;
}

/** Stores bytes at a key inside the user's own prefix (code 403 outside it). */
async function store(ctx: Ctx, userId: string, key: string, data: Uint8Array) {
  if (!validKey(key) || !ownsKey(userId, key))
    throw new ApiError(Code.forbidden, "server.error.keyForbidden");
  if (data.length === 0) throw new ApiError(Code.failed, "server.error.emptyFile");
  await ctx.files.put(key, data);
  const url = `${ctx.origin}${fileUrl(key)}`;
  return ok({ key, url, size: data.length }, { key });
}

export const uploadRoutes: Routes = {
  "/api/tem.app_shared/getToken": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const bucket = str(ctx.fields, "bucket", 60);
      if (!BUCKET.test(bucket)) throw new ApiError(Code.failed, "server.error.bucket");
      const token = randomBytes(32).toString("base64url");
      await ctx.db.query("DELETE FROM upload_tokens WHERE user_id = $1 AND expires_at < now()", [u.id]);
      await ctx.db.query(
        `INSERT INTO upload_tokens (token_hash, user_id, bucket, expires_at) VALUES ($1, $2, $3, now() + interval '${TOKEN_TTL}')`,
        [hashToken(token), u.id, bucket],
      );
      // Spec call 15: data is the token, url the base address (file URL = url + key).
      return ok(token, { url: `${ctx.origin}/files/`, prefix: `${u.id}/` });
    },
  },

  // Multipart upload: fields token, key and file (spec editor §7 "upload endpoint").
  "/upload": {
    auth: false,
    body: "upload",
    async handle(ctx) {
      const boundary = boundaryOf(ctx.req.headers["content-type"]);
      if (!boundary) throw new ApiError(Code.failed, "server.error.badForm");
      const parts = parseMultipart(ctx.raw, boundary);
      const field = (n: string) =>
        parts
          .find((p) => p.name === n && p.filename === undefined)
          ?.data.toString("utf8")
          .trim() ?? "";
      const file = parts.find((p) => p.name === "file");
      if (!file) throw new ApiError(Code.failed, "server.error.emptyFile");
      const userId = await tokenUser(ctx, field("token"));
      const key =
        field("key") ||
        newKey(
          userId,
          "upload",
          extname(file.filename ?? "")
            .toLowerCase()
            .slice(0, 8),
        );
      return store(ctx, userId, key, new Uint8Array(file.data));
    },
  },
};

/** Base64 picture upload: POST putb64/-1/key/<url-safe base64 of key>, Authorization: UpToken <token>. */
export const putb64Route: Route = {
  auth: false,
  body: "upload",
  async handle(ctx) {
    const auth = String(ctx.req.headers.authorization ?? "");
    const m = /^UpToken\s+(\S+)$/.exec(auth);
    const userId = await tokenUser(ctx, m ? m[1] : "");
    const encoded = String(ctx.fields.$param ?? "");
    let key = "";
    if (/^[A-Za-z0-9_\-+/=]+$/.test(encoded)) key = Buffer.from(encoded, "base64url").toString("utf8");
    let text = ctx.raw.toString("latin1").trim();
    const comma = text.startsWith("data:") ? text.indexOf(",") : -1;
    if (comma >= 0) text = text.slice(comma + 1);
    if (!/^[A-Za-z0-9+/=_\-\s]*$/.test(text)) throw new ApiError(Code.failed, "server.error.badImage");
    return store(ctx, userId, key, new Uint8Array(Buffer.from(text, "base64")));
  },
};

/** GET /files/<key>: only the owner (by session) may read a file; others get 404. */
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
  if (!key || !session || !ownsKey(session.id, key)) return notFound(res);
  const data = await s.files.get(key);
  if (!data) return notFound(res);
  res.statusCode = 200;
  res.setHeader("Content-Type", contentTypeOf(key));
  res.setHeader("Content-Length", data.length);
  res.setHeader("Cache-Control", "private, no-cache");
  res.setHeader("X-Content-Type-Options", "nosniff");
  // Uploaded content never runs as a page of this origin.
  res.setHeader(
    "Content-Security-Policy",
    "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
  );
  res.end(req.method === "HEAD" ? undefined : data);
}
