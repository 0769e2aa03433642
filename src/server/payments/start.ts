// Starting a payment, for every kind of order (membership, space, team seats): the order is made at
// the plan's price (× quantity), the provider asked for its checkout URL. One path, so the member
// dialog and the team page cannot start a payment differently.
import type { Language } from "../../model/constants";
import type { ServerConfig } from "../config";
import type { Db } from "../db";
import { ApiError, Code } from "../http/envelope";
import type { PlanRow } from "../services/plans";
import { orderDescription } from "./checkoutPage";
import { paymentProvider } from "./index";
import { createOrder, type OrderRow } from "./orders";

export async function startPayment(
  c: { db: Db; config: ServerConfig; lang: Language; origin: string },
  userId: string,
  plan: PlanRow,
  opts: { returnPath: string; quantity?: number; teamId?: string },
): Promise<{ order: OrderRow; url: string }> {
  const made = paymentProvider(c.config, c.db);
  if (!made) throw new ApiError(Code.failed, "server.pay.off");
  const provider = await made;
  const order = await createOrder(c.db, userId, plan, provider.id, c.config.orderTtlMs, opts);
  const { url } = await provider.checkout({
    o_id: order.o_id,
    kind: order.kind,
    unitCents: plan.discount_cents,
    quantity: order.quantity,
    amountCents: order.amount_cents,
    currencySymbol: order.currency_symbol,
    termDays: order.term_days,
    description: orderDescription(order, c.lang),
    expiresAt: new Date(order.expires_at),
    origin: c.origin,
    returnPath: opts.returnPath,
  });
  return { order, url };
}
