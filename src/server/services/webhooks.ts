// Webhooks of the print API (issue 39; docs/api.md "Webhooks"): a user registers one URL; the
// server makes its signing secret (answered once, when the URL is saved; kept as it is, since
// signing needs it). Each of the user's print jobs that ends (done or failed) queues a delivery of
// a JSON event, POSTed signed (webhooks/post.ts) by the sender (webhooks/sender.ts), retried with
// backoff a bounded number of times. Deliveries are kept per user up to a cap and listed.
import { randomBytes } from "node:crypto";
import { newRecordId } from "../../model/ids";
import type { Queryable } from "../db";
import { jobOut, printJobsById } from "./devices";

/** The events a webhook hears. */
export const WEBHOOK_EVENTS = ["job.done", "job.failed"];

/** Tries of one delivery in all, and the wait before the n-th retry: base × 4^(n−1). */
export const WEBHOOK_ATTEMPTS = 6;
/** Deliveries kept (listed) per user; older finished ones are deleted. */
export const WEBHOOK_DELIVERIES_KEPT = 100;
/** A claimed delivery not finished within this time (its process died) is tried again. */
const LEASE_SECONDS = 60;

export interface WebhookRow {
  user_id: string;
  url: string;
  secret: string;
  created_at: Date;
}

export interface DeliveryRow {
  id: string;
  user_id: string;
  event: string;
  job_id: string;
  body: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  last_error: string;
  created_at: Date;
  done_at: Date | null;
}

export const newWebhookSecret = () => `whsec_${randomBytes(32).toString("base64url")}`;

export async function userWebhook(q: Queryable, userId: string): Promise<WebhookRow | null> {
  const rows = await q.query<WebhookRow>("SELECT * FROM webhooks WHERE user_id = $1", [userId]);
  return rows[0] ?? null;
}

/** Sets the user's URL with a new secret (answered once). */
export async function saveWebhook(q: Queryable, userId: string, url: string): Promise<WebhookRow> {
  const rows = await q.query<WebhookRow>(
    `INSERT INTO webhooks (user_id, url, secret) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET url = EXCLUDED.url, secret = EXCLUDED.secret, created_at = now()
     RETURNING *`,
    [userId, url, newWebhookSecret()],
  );
  return rows[0];
}

/** Removes the user's webhook; deliveries still waiting are dropped. */
export async function removeWebhook(q: Queryable, userId: string): Promise<void> {
  await q.query("DELETE FROM webhooks WHERE user_id = $1", [userId]);
  await q.query("DELETE FROM webhook_deliveries WHERE user_id = $1 AND status = 'pending'", [userId]);
}

export function userDeliveries(q: Queryable, userId: string, limit = 20): Promise<DeliveryRow[]> {
  return q.query<DeliveryRow>(
    "SELECT * FROM webhook_deliveries WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2",
    [userId, limit],
  );
}

/** Queues a delivery for each of these jobs that ended and whose user has a webhook; answers
 * whether any was queued (the sender is then woken). */
export async function queueJobEvents(q: Queryable, jobIds: readonly string[]): Promise<boolean> {
  if (!jobIds.length) return false;
  const jobs = (await printJobsById(q, jobIds)).filter((j) => j.status === "done" || j.status === "failed");
  if (!jobs.length) return false;
  const hooks = await q.query<{ user_id: string }>(
    "SELECT user_id FROM webhooks WHERE user_id = ANY($1::text[])",
    [[...new Set(jobs.map((j) => j.user_id))]],
  );
  const users = new Set(hooks.map((h) => h.user_id));
  let queued = false;
  for (const j of jobs) {
    if (!users.has(j.user_id)) continue;
    const id = newRecordId();
    const event = `job.${j.status}`;
    const body = JSON.stringify({ id, event, created: new Date().toISOString(), data: jobOut(j) });
    await q.query(
      `INSERT INTO webhook_deliveries (id, user_id, event, job_id, body, next_at) VALUES ($1, $2, $3, $4, $5, now())`,
      [id, j.user_id, event, j.id, body],
    );
    await q.query(
      `DELETE FROM webhook_deliveries WHERE user_id = $1 AND status <> 'pending' AND id IN (
         SELECT id FROM webhook_deliveries WHERE user_id = $1 ORDER BY created_at DESC, id DESC OFFSET $2)`,
      [j.user_id, WEBHOOK_DELIVERIES_KEPT],
    );
    queued = true;
  }
  return queued;
}

/** Claims up to `limit` due deliveries (one more attempt each, leased so that no other process
 * sends them meanwhile), with the URL and secret to send them to. */
export function claimDue(
  q: Queryable,
  limit = 20,
): Promise<(DeliveryRow & { url: string | null; secret: string | null })[]> {
  return q.query(
    `WITH due AS (
       UPDATE webhook_deliveries SET attempts = attempts + 1,
              next_at = now() + $2::int * interval '1 second'
        WHERE id IN (SELECT id FROM webhook_deliveries WHERE next_at <= now()
                      ORDER BY next_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING *)
     SELECT due.*, w.url, w.secret FROM due LEFT JOIN webhooks w ON w.user_id = due.user_id`,
    [limit, LEASE_SECONDS],
  );
}

/** Records a try: delivered, or failed with why (retried after `retryMs` × 4^(attempts−1), until
 * WEBHOOK_ATTEMPTS tries were made). */
export async function recordTry(
  q: Queryable,
  d: Pick<DeliveryRow, "id" | "attempts">,
  error: string | null,
  retryMs: number,
): Promise<void> {
  if (error === null) {
    await q.query(
      "UPDATE webhook_deliveries SET status = 'delivered', next_at = NULL, last_error = '', done_at = now() WHERE id = $1",
      [d.id],
    );
    return;
  }
  const last = d.attempts >= WEBHOOK_ATTEMPTS;
  await q.query(
    `UPDATE webhook_deliveries SET last_error = $2,
        status = CASE WHEN $3::boolean THEN 'failed' ELSE 'pending' END,
        next_at = CASE WHEN $3::boolean THEN NULL ELSE now() + $4::double precision * interval '1 millisecond' END,
        done_at = CASE WHEN $3::boolean THEN now() ELSE NULL END
      WHERE id = $1`,
    [d.id, error.slice(0, 200), last, retryMs * 4 ** (d.attempts - 1)],
  );
}

/** Milliseconds until the next delivery is due (null: none waiting). */
export async function nextDueMs(q: Queryable): Promise<number | null> {
  const [row] = await q.query<{ ms: number | null }>(
    "SELECT (EXTRACT(EPOCH FROM (min(next_at) - now())) * 1000)::float8 AS ms FROM webhook_deliveries WHERE next_at IS NOT NULL",
  );
  return row?.ms ?? null;
}
