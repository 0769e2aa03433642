// The print API's audit log (issue 39; docs/api.md "Audit log"): every call made with a token of
// the user (accepted or refused once the token is known: also a revoked or expired token whose
// secret is right, with the reason) is recorded with the token, method, route, HTTP status,
// envelope code and refusal reason, and listed to the token's owner, filtered (token, ok or
// refused, dates, path) and paged here in the database. The latest AUDIT_KEPT calls are kept per
// user; older ones are deleted as new ones come.
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
  /** why the token was refused (a message key), "" otherwise */
  reason: string;
  at: Date;
}

export async function recordCall(
  q: Queryable,
  c: {
    userId: string;
    tokenId: string;
    method: string;
    route: string;
    status: number;
    code: number;
    reason?: string;
  },
): Promise<void> {
  await q.query(
    "INSERT INTO api_audit (user_id, token_id, method, route, status, code, reason) VALUES ($1, $2, $3, $4, $5, $6, $7)",
    [c.userId, c.tokenId, c.method, c.route.slice(0, 200), c.status, c.code, c.reason ?? ""],
  );
  await q.query(
    `DELETE FROM api_audit WHERE user_id = $1 AND id <= (
       SELECT id FROM api_audit WHERE user_id = $1 ORDER BY id DESC OFFSET $2 LIMIT 1)`,
    [c.userId, AUDIT_KEPT],
  );
}

/** What the owner filters the log by (every field optional). */
export interface AuditFilter {
  tokenId?: string;
  /** ok: answered 200 with code 200; refused: anything else */
  outcome?: "ok" | "refused";
  /** calls at or after `from`, and before `until` */
  from?: Date;
  until?: Date;
  /** a part of the route, any case */
  path?: string;
}

/** A page of the user's calls that pass the filter, newest first, with the token's name (null:
 * deleted) and how many pass it in all. */
export async function userCalls(
  q: Queryable,
  userId: string,
  filter: AuditFilter,
  page: number,
  size: number,
): Promise<{ rows: AuditRow[]; count: number }> {
  const where = ["a.user_id = $1"];
  const args: unknown[] = [userId];
  const arg = (v: unknown) => {
    args.push(v);
    return `$${args.length}`;
  };
  if (filter.tokenId) where.push(`a.token_id = ${arg(filter.tokenId)}`);
  if (filter.outcome === "ok") where.push("a.status = 200 AND a.code = 200");
  if (filter.outcome === "refused") where.push("NOT (a.status = 200 AND a.code = 200)");
  if (filter.from) where.push(`a.at >= ${arg(filter.from)}`);
  if (filter.until) where.push(`a.at < ${arg(filter.until)}`);
  // LIKE's own characters in the typed text match themselves
  if (filter.path) where.push(`a.route ILIKE ${arg(`%${filter.path.replace(/[\\%_]/g, "\\$&")}%`)}`);
  const cond = where.join(" AND ");
  const [{ n }] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM api_audit a WHERE ${cond}`,
    args,
  );
  const rows = await q.query<AuditRow>(
    `SELECT a.id::text AS id, a.token_id, t.name AS token_name, a.method, a.route, a.status, a.code,
            a.reason, a.at
       FROM api_audit a LEFT JOIN api_tokens t ON t.id = a.token_id
      WHERE ${cond} ORDER BY a.id DESC LIMIT ${arg(size)} OFFSET ${arg((page - 1) * size)}`,
    args,
  );
  return { rows, count: n };
}

/** The tokens the user's log names (the filter's choices), revoked ones included, by name. */
export function auditTokens(
  q: Queryable,
  userId: string,
): Promise<{ id: string; name: string | null; revoked: boolean }[]> {
  return q.query(
    `SELECT DISTINCT a.token_id AS id, t.name, t.revoked_at IS NOT NULL AS revoked
       FROM api_audit a LEFT JOIN api_tokens t ON t.id = a.token_id
      WHERE a.user_id = $1 ORDER BY t.name, a.token_id`,
    [userId],
  );
}
