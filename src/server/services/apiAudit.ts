// The print API's audit log (issue 39; docs/api.md "Audit log"): every call made with a token of
// the user (accepted or refused once the token is known) is recorded with the token, method,
// route, HTTP status and envelope code, and listed to the token's owner. The latest AUDIT_KEPT
// calls are kept per user; older ones are deleted as new ones come.
import type { Queryable } from "../db";

export const AUDIT_KEPT = 1000;

export interface AuditRow {
  id: string;
  token_id: string;
  token_name: string | null;
  method: string;
  route: string;
  status: number;
  code: number;
  at: Date;
}

export async function recordCall(
  q: Queryable,
  c: { userId: string; tokenId: string; method: string; route: string; status: number; code: number },
): Promise<void> {
  await q.query(
    "INSERT INTO api_audit (user_id, token_id, method, route, status, code) VALUES ($1, $2, $3, $4, $5, $6)",
    [c.userId, c.tokenId, c.method, c.route.slice(0, 200), c.status, c.code],
  );
  await q.query(
    `DELETE FROM api_audit WHERE user_id = $1 AND id <= (
       SELECT id FROM api_audit WHERE user_id = $1 ORDER BY id DESC OFFSET $2 LIMIT 1)`,
    [c.userId, AUDIT_KEPT],
  );
}

/** A page of the user's calls, newest first, with the token's name (null: deleted). */
export async function userCalls(
  q: Queryable,
  userId: string,
  page: number,
  size: number,
): Promise<{ rows: AuditRow[]; count: number }> {
  const rows = await q.query<AuditRow>(
    `SELECT a.id::text AS id, a.token_id, t.name AS token_name, a.method, a.route, a.status, a.code, a.at
       FROM api_audit a LEFT JOIN api_tokens t ON t.id = a.token_id
      WHERE a.user_id = $1 ORDER BY a.id DESC LIMIT $2 OFFSET $3`,
    [userId, size, (page - 1) * size],
  );
  const [{ n }] = await q.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM api_audit WHERE user_id = $1",
    [userId],
  );
  return { rows, count: n };
}
