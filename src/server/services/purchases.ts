// Purchase records (application.md §3 "Purchase record": date, valid until, space): the user's paid
// orders and redeemed codes, newest first.

import { translate } from "../../i18n/messages";
import type { Language } from "../../model/constants";
import type { Queryable } from "../db";
import { orderDescription } from "../payments/checkoutPage";
import { formatTime } from "../validate";
import { termText } from "./plans";

export interface PurchaseRecord {
  /** "order" (paid) or "redeem" (a redeem code) */
  source: "order" | "redeem";
  kind: "member" | "space" | "seat";
  /** what was bought, in the caller's language */
  item: string;
  /** MB of cloud space (space packages), else 0 */
  space_mb: number;
  date: string;
  valid_until: string;
  /** price text with its currency symbol; "" for a redeemed code */
  price: string;
}

export async function purchaseRecords(
  q: Queryable,
  userId: string,
  lang: Language,
): Promise<PurchaseRecord[]> {
  const orders = await q.query<{
    kind: "member" | "space" | "seat";
    quantity: number;
    term_days: number;
    space_mb: number;
    amount_cents: number;
    currency_symbol: string;
    paid_at: Date;
    valid_until: Date | null;
  }>(
    `SELECT kind, quantity, term_days, space_mb, amount_cents, currency_symbol, paid_at, valid_until
     FROM payment_orders WHERE user_id = $1 AND status = 2`,
    [userId],
  );
  const codes = await q.query<{ days: number; used_at: Date; valid_until: Date | null }>(
    "SELECT days, used_at, valid_until FROM redeem_codes WHERE used_by = $1",
    [userId],
  );
  const records: (PurchaseRecord & { at: number })[] = [
    ...orders.map((o) => ({
      source: "order" as const,
      kind: o.kind,
      item: orderDescription(o, lang),
      space_mb: o.kind === "space" ? o.space_mb : 0,
      date: formatTime(o.paid_at),
      valid_until: formatTime(o.valid_until),
      price: `${o.currency_symbol}${(o.amount_cents / 100).toFixed(2)}`,
      at: new Date(o.paid_at).getTime(),
    })),
    ...codes.map((c) => ({
      source: "redeem" as const,
      kind: "member" as const,
      item: translate("pay.item.redeemed", { term: termText(c.days, lang) }, lang),
      space_mb: 0,
      date: formatTime(c.used_at),
      valid_until: formatTime(c.valid_until),
      price: "",
      at: new Date(c.used_at).getTime(),
    })),
  ];
  return records.sort((a, b) => b.at - a.at).map(({ at: _at, ...r }) => r);
}
