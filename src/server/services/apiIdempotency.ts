// Idempotency keys for POST /api/v1/print (issue 39; docs/api.md "Idempotency"). A caller that
// retries a request (a timeout, a lost answer) sends the same `Idempotency-Key`: the first request
// claims the key for its user and stores its answer; a later one with the same key and the same
// body gets that answer back instead of printing again; with another body it is refused (409).
// Keys live 24 h (the scheduled purge deletes older ones) and are in the database, so a restart
// forgets none. A claim whose request never answered (the process died) is free again after 5 min.
import { createHash } from "node:crypto";
import type { Queryable } from "../db";
import { ApiError, Code } from "../http/envelope";

export const IDEMPOTENCY_HOURS = 24;
/** A key: 1–255 visible ASCII characters. */
const KEY_RE = /^[\x21-\x7e]{1,255}$/;
/** A claim older than this without an answer belongs to a request that died. */
const ABANDONED_MINUTES = 5;

const conflict = (key: string) => new ApiError(Code.conflict, key, {}, null, 409);

/** The request's Idempotency-Key (null: none sent); a malformed one is refused. */
export function idempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const v = Array.isArray(header) ? header.join(",") : header;
  if (!KEY_RE.test(v)) throw new ApiError(Code.failed, "server.apiPrint.badKey");
  return v;
}

export type Claim = { claimed: true } | { claimed: false; answer: unknown };

/** Claims `key` for this request, or the first answer given with it. Refused (409): the key came
 * with another body, or its first request is still running. */
export async function claimKey(q: Queryable, userId: string, key: string, body: Buffer): Promise<Claim> {
  const hash = createHash("sha256").update(body).digest("hex");
  const claimed = await q.query(
    `INSERT INTO api_idempotency (user_id, key, body_hash) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, key) DO UPDATE SET body_hash = EXCLUDED.body_hash, answer = NULL, created_at = now()
       WHERE api_idempotency.created_at < now() - $4::int * interval '1 hour'
          OR (api_idempotency.answer IS NULL AND api_idempotency.created_at < now() - $5::int * interval '1 minute')
     RETURNING key`,
    [userId, key, hash, IDEMPOTENCY_HOURS, ABANDONED_MINUTES],
  );
  if (claimed.length) return { claimed: true };
  const [row] = await q.query<{ body_hash: string; answer: string | null }>(
    "SELECT body_hash, answer FROM api_idempotency WHERE user_id = $1 AND key = $2",
    [userId, key],
  );
  // deleted between the two statements (its request failed): the caller may simply retry
  if (!row || row.body_hash !== hash) throw conflict("server.apiPrint.keyReused");
  if (row.answer === null) throw conflict("server.apiPrint.keyBusy");
  return { claimed: false, answer: JSON.parse(row.answer) };
}

/** Keeps the answer of the request that claimed `key`. */
export async function keepAnswer(q: Queryable, userId: string, key: string, answer: unknown): Promise<void> {
  await q.query("UPDATE api_idempotency SET answer = $3 WHERE user_id = $1 AND key = $2", [
    userId,
    key,
    JSON.stringify(answer),
  ]);
}

/** Frees `key` after its request failed: the same key may be tried again. */
export async function releaseKey(q: Queryable, userId: string, key: string): Promise<void> {
  await q.query("DELETE FROM api_idempotency WHERE user_id = $1 AND key = $2 AND answer IS NULL", [
    userId,
    key,
  ]);
}
