// Payment orders (application.md §3 "Order", §4 "Payment order status", calls 5 payScanCode and 6
// getStatusOrder): 1 open, 2 paid, 3 failed, 4 expired. An order is made for one plan at its price
// at the time (× quantity, for seats); only a verified provider callback (applyPaymentEvent) changes
// it: a paid one grants the plan (a membership term extending an active membership, a space package,
// seats for a team), a renewal one more term, a refund (status 5) takes it back.
import { newRecordId } from "../../model/ids";
import type { Db, Queryable } from "../db";
import type { PlanRow } from "../services/plans";
import type { PaymentEvent } from "./provider";

export const OrderStatus = { open: 1, paid: 2, failed: 3, expired: 4, refunded: 5 } as const;

export type OrderKind = "member" | "space" | "seat";

export interface OrderRow {
  o_id: string;
  user_id: string;
  m_id: string;
  kind: OrderKind;
  term_days: number;
  space_mb: number;
  /** the whole price (the plan's price × quantity) */
  amount_cents: number;
  currency_symbol: string;
  provider: string;
  status: number;
  expires_at: Date;
  paid_at: Date | null;
  valid_until: Date | null;
  /** the team a seat order buys for */
  team_id: string | null;
  quantity: number;
  /** membership days this order granted (its first term and renewals): what a refund takes back */
  granted_days: number;
}

const ORDER_COLUMNS =
  "o_id, user_id, m_id, kind, term_days, space_mb, amount_cents, currency_symbol, provider, status, expires_at, paid_at, valid_until, team_id, quantity, granted_days";

/** A new open order for `plan` (`quantity` of it: seats for `teamId`); the user's other open orders
 * of the same kind are closed (expired): choosing another plan replaces the order. */
export async function createOrder(
  db: Db,
  userId: string,
  plan: PlanRow,
  provider: string,
  ttlMs: number,
  extra: { quantity?: number; teamId?: string } = {},
): Promise<OrderRow> {
  const quantity = extra.quantity ?? 1;
  return db.tx(async (q) => {
    await q.query("UPDATE payment_orders SET status = 4 WHERE user_id = $1 AND kind = $2 AND status = 1", [
      userId,
      plan.kind,
    ]);
    const [row] = await q.query<OrderRow>(
      `INSERT INTO payment_orders (o_id, user_id, m_id, kind, term_days, space_mb, amount_cents,
         currency_symbol, provider, expires_at, quantity, team_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now() + make_interval(secs => $10), $11, $12)
       RETURNING ${ORDER_COLUMNS}`,
      [
        newRecordId(),
        userId,
        plan.m_id,
        plan.kind,
        plan.term_days,
        plan.space_mb,
        plan.discount_cents * quantity,
        plan.currency_symbol,
        provider,
        ttlMs / 1000,
        quantity,
        extra.teamId ?? null,
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

export type EventOutcome = "applied" | "duplicate" | "replayed" | "ignored" | "unknownOrder" | "wrongAmount";

/** The order an event names: by our id, else by the provider's id remembered for it; locked. */
async function eventOrder(q: Queryable, provider: string, e: PaymentEvent): Promise<OrderRow | null> {
  if (e.o_id) {
    const [o] = await q.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM payment_orders WHERE o_id = $1 AND provider = $2 FOR UPDATE`,
      [e.o_id, provider],
    );
    if (o) return o;
  }
  if (!e.ref) return null;
  const [o] = await q.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM payment_orders WHERE provider = $1
        AND o_id = (SELECT o_id FROM payment_refs WHERE provider = $1 AND ref = $2) FOR UPDATE`,
    [provider, e.ref],
  );
  return o ?? null;
}

/**
 * Applies a verified provider event once. A nonce seen before is a replay (nothing happens); an
 * event for an order already in that state is a duplicate (nothing happens either: idempotent).
 * "paid" settles any order not yet paid (the money moved, even for an order replaced or expired
 * here); "failed" and "expired" settle only an open one; "renewed" grants one more term to a paid
 * order; "refunded" takes back what the order granted; "ended" stops a seat order's seats now.
 * Returns the user whose membership changed, if any.
 */
export async function applyPaymentEvent(
  db: Db,
  provider: string,
  e: PaymentEvent,
): Promise<{ outcome: EventOutcome; userId?: string; teamId?: string }> {
  return db.tx(async (q) => {
    const fresh = await q.query(
      "INSERT INTO payment_callbacks (provider, nonce) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING nonce",
      [provider, e.nonce],
    );
    if (fresh.length === 0) return { outcome: "replayed" };
    const order = await eventOrder(q, provider, e);
    if (!order) return { outcome: "unknownOrder" };
    for (const ref of e.refs ?? [])
      await q.query(
        "INSERT INTO payment_refs (provider, ref, o_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
        [provider, ref, order.o_id],
      );
    const who = { userId: order.user_id, teamId: order.team_id ?? undefined };
    switch (e.result) {
      case "noted":
        return { outcome: "applied" };
      case "failed":
      case "expired":
        if (order.status !== OrderStatus.open) return { outcome: "duplicate" };
        await q.query("UPDATE payment_orders SET status = $2 WHERE o_id = $1", [
          order.o_id,
          e.result === "failed" ? OrderStatus.failed : OrderStatus.expired,
        ]);
        return { outcome: "applied" };
      case "paid": {
        if (order.status === OrderStatus.paid || order.status === OrderStatus.refunded)
          return { outcome: "duplicate" };
        if (e.amountCents !== order.amount_cents) return { outcome: "wrongAmount" };
        const validUntil = await grant(q, order);
        await q.query(
          `UPDATE payment_orders SET status = 2, paid_at = now(), valid_until = $2,
             granted_days = CASE WHEN kind = 'member' THEN term_days ELSE 0 END WHERE o_id = $1`,
          [order.o_id, validUntil],
        );
        return { outcome: "applied", ...who };
      }
      case "renewed": {
        if (order.status !== OrderStatus.paid) return { outcome: "duplicate" };
        if (e.amountCents !== order.amount_cents) return { outcome: "wrongAmount" };
        // one more term from the end of the one paid (or from now, if it has lapsed)
        const [{ until }] = await q.query<{ until: Date }>(
          "SELECT GREATEST($1::timestamptz, now()) + make_interval(days => $2) AS until",
          [order.valid_until ?? new Date(), order.term_days],
        );
        const validUntil = order.kind === "member" ? await grant(q, order) : until;
        await q.query(
          `UPDATE payment_orders SET valid_until = $2,
             granted_days = granted_days + CASE WHEN kind = 'member' THEN term_days ELSE 0 END WHERE o_id = $1`,
          [order.o_id, validUntil],
        );
        return { outcome: "applied", ...who };
      }
      case "refunded": {
        if (order.status !== OrderStatus.paid) return { outcome: "duplicate" };
        // space packages and seats count only paid (status 2) orders: the status takes them back
        if (order.kind === "member" && order.granted_days > 0)
          await q.query(
            `UPDATE users SET member_expire = member_expire - make_interval(days => $2)
              WHERE id = $1 AND member_expire IS NOT NULL`,
            [order.user_id, order.granted_days],
          );
        await q.query("UPDATE payment_orders SET status = 5, refunded_at = now() WHERE o_id = $1", [
          order.o_id,
        ]);
        return { outcome: "applied", ...who };
      }
      case "ended": {
        if (order.status !== OrderStatus.paid || order.kind !== "seat") return { outcome: "duplicate" };
        await q.query("UPDATE payment_orders SET valid_until = LEAST(valid_until, now()) WHERE o_id = $1", [
          order.o_id,
        ]);
        return { outcome: "applied", ...who };
      }
    }
  });
}

/**
 * Grants a paid (or redeemed) term: membership from the end of an active membership (or from now),
 * a space package or seats from now. A member without expiry (set by the operator) stays without expiry.
 * Returns the end of what was granted (null: unlimited).
 */
export async function grant(
  q: Queryable,
  g: { user_id: string; kind: OrderKind; term_days: number },
): Promise<Date | null> {
  if (g.kind !== "member") {
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
