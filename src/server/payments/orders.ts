// Payment orders (application.md §3 "Order", §4 "Payment order status", calls 5 payScanCode and 6
// getStatusOrder): 1 open, 2 paid, 3 failed, 4 expired. An order is made for one plan at its price
// at the time; only a verified provider callback (applyPaymentEvent) changes it, and a paid one
// grants the plan: a membership term (extending an active membership) or a space package.
import { newRecordId } from "../../model/ids";
import type { Db, Queryable } from "../db";
import type { PlanRow } from "../services/plans";

export const OrderStatus = { open: 1, paid: 2, failed: 3, expired: 4 } as const;

export interface OrderRow {
  o_id: string;
  user_id: string;
  m_id: string;
  kind: "member" | "space";
  term_days: number;
  space_mb: number;
  amount_cents: number;
  currency_symbol: string;
  provider: string;
  status: number;
  expires_at: Date;
  paid_at: Date | null;
  valid_until: Date | null;
}

const ORDER_COLUMNS =
  "o_id, user_id, m_id, kind, term_days, space_mb, amount_cents, currency_symbol, provider, status, expires_at, paid_at, valid_until";

/** A new open order for `plan`; the user's other open orders of the same kind are closed (expired):
 * choosing another plan replaces the order. */
export async function createOrder(
  db: Db,
  userId: string,
  plan: PlanRow,
  provider: string,
  ttlMs: number,
): Promise<OrderRow> {
  return db.tx(async (q) => {
    await q.query("UPDATE payment_orders SET status = 4 WHERE user_id = $1 AND kind = $2 AND status = 1", [
      userId,
      plan.kind,
    ]);
    const [row] = await q.query<OrderRow>(
      `INSERT INTO payment_orders (o_id, user_id, m_id, kind, term_days, space_mb, amount_cents,
         currency_symbol, provider, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now() + make_interval(secs => $10))
       RETURNING ${ORDER_COLUMNS}`,
      [
        newRecordId(),
        userId,
        plan.m_id,
        plan.kind,
        plan.term_days,
        plan.space_mb,
        plan.discount_cents,
        plan.currency_symbol,
        provider,
        ttlMs / 1000,
      ],
    );
    return row;
  });
}

export async function findOrder(q: Queryable, oId: string): Promise<OrderRow | null> {
  const rows = await q.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM payment_orders WHERE o_id = $1`, [oId]);
  return rows[0] ?? null;
}

/** An order's status as the poll sees it: an open order past its expiry is expired (and stored so). */
export async function orderStatus(q: Queryable, userId: string, oId: string): Promise<number | null> {
  const rows = await q.query<{ status: number }>(
    `UPDATE payment_orders SET status = CASE WHEN status = 1 AND expires_at <= now() THEN 4 ELSE status END
     WHERE o_id = $1 AND user_id = $2 RETURNING status`,
    [oId, userId],
  );
  return rows[0]?.status ?? null;
}

export type EventOutcome = "applied" | "duplicate" | "replayed" | "unknownOrder" | "wrongAmount";

/**
 * Applies a verified provider event once. A nonce seen before is a replay (nothing happens); an
 * event for an order already settled is a duplicate (nothing happens either: idempotent). "paid"
 * settles any order not yet paid (the money moved, even for an order replaced or expired here);
 * "failed" and "expired" settle only an open one. Returns the user whose membership changed, if any.
 */
export async function applyPaymentEvent(
  db: Db,
  provider: string,
  e: { o_id: string; result: "paid" | "failed" | "expired"; amountCents: number; nonce: string },
): Promise<{ outcome: EventOutcome; userId?: string }> {
  return db.tx(async (q) => {
    const fresh = await q.query(
      "INSERT INTO payment_callbacks (provider, nonce) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING nonce",
      [provider, e.nonce],
    );
    if (fresh.length === 0) return { outcome: "replayed" };
    const [order] = await q.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM payment_orders WHERE o_id = $1 AND provider = $2 FOR UPDATE`,
      [e.o_id, provider],
    );
    if (!order) return { outcome: "unknownOrder" };
    if (e.result !== "paid") {
      if (order.status !== OrderStatus.open) return { outcome: "duplicate" };
      await q.query("UPDATE payment_orders SET status = $2 WHERE o_id = $1", [
        order.o_id,
        e.result === "failed" ? OrderStatus.failed : OrderStatus.expired,
      ]);
      return { outcome: "applied" };
    }
    if (order.status === OrderStatus.paid) return { outcome: "duplicate" };
    if (e.amountCents !== order.amount_cents) return { outcome: "wrongAmount" };
    const validUntil = await grant(q, order);
    await q.query("UPDATE payment_orders SET status = 2, paid_at = now(), valid_until = $2 WHERE o_id = $1", [
      order.o_id,
      validUntil,
    ]);
    return { outcome: "applied", userId: order.user_id };
  });
}

/**
 * Grants a paid (or redeemed) term: membership from the end of an active membership (or from now),
 * a space package from now. A member without expiry (set by the operator) stays without expiry.
 * Returns the end of what was granted (null: unlimited).
 */
export async function grant(
  q: Queryable,
  g: { user_id: string; kind: "member" | "space"; term_days: number },
): Promise<Date | null> {
  if (g.kind === "space") {
    const [{ until }] = await q.query<{ until: Date }>("SELECT now() + make_interval(days => $1) AS until", [
      g.term_days,
    ]);
    return until;
  }
  const [row] = await q.query<{ member_expire: Date | null }>(
    `UPDATE users SET
       member_expire = CASE WHEN is_member AND member_expire IS NULL THEN NULL
         ELSE GREATEST(CASE WHEN is_member THEN member_expire END, now()) + make_interval(days => $2) END,
       is_member = true
     WHERE id = $1 RETURNING member_expire`,
    [g.user_id, g.term_days],
  );
  return row?.member_expire ?? null;
}
