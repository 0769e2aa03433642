// The sandbox provider: its "payment app" is a checkout page of this server (/label/pay/<o_id>,
// checkoutPage.ts) with Pay, Fail and Let-it-expire buttons. Each button sends the signed callback a
// real provider would send (HMAC-SHA256 over "timestamp.body" with a secret only the server knows,
// a fresh nonce, a timestamp): the same route and the same checks as any provider.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import type { Queryable } from "../db";
import { CALLBACK_WINDOW_MS, type PaymentEvent, type PaymentProvider, type PaymentResult } from "./provider";

export const SANDBOX = "sandbox";
export const SIGNATURE_HEADER = "x-inkless-signature";
export const TIMESTAMP_HEADER = "x-inkless-timestamp";

/** The sandbox's signing secret: made once per instance and kept in meta. */
export async function sandboxSecret(q: Queryable): Promise<string> {
  await q.query(
    "INSERT INTO meta (key, value) VALUES ('sandbox_payment_secret', $1) ON CONFLICT DO NOTHING",
    [randomBytes(32).toString("hex")],
  );
  const [row] = await q.query<{ value: string }>(
    "SELECT value FROM meta WHERE key = 'sandbox_payment_secret'",
  );
  return row.value;
}

export const sign = (secret: string, timestamp: string, body: string) =>
  createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");

/** The callback a payer's action produces: body and headers, as the sandbox "sends" them. */
export function signedCallback(
  secret: string,
  event: Omit<PaymentEvent, "nonce">,
  now: Date,
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({
    o_id: event.o_id,
    result: event.result,
    amount: event.amountCents,
    nonce: randomBytes(16).toString("hex"),
  });
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return {
    body,
    headers: { [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: sign(secret, timestamp, body) },
  };
}

const RESULTS: readonly PaymentResult[] = ["paid", "failed", "expired"];

export function verifySigned(secret: string, headers: IncomingHttpHeaders, raw: Buffer, now: Date) {
  const timestamp = String(headers[TIMESTAMP_HEADER] ?? "");
  const given = String(headers[SIGNATURE_HEADER] ?? "");
  if (!/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(given)) return null;
  if (Math.abs(now.getTime() - Number(timestamp) * 1000) > CALLBACK_WINDOW_MS) return null;
  const want = Buffer.from(sign(secret, timestamp, raw.toString("utf8")), "hex");
  if (!timingSafeEqual(want, Buffer.from(given, "hex"))) return null;
  let o: { o_id?: unknown; result?: unknown; amount?: unknown; nonce?: unknown };
  try {
    o = JSON.parse(raw.toString("utf8"));
  } catch {
    return null;
  }
  if (typeof o.o_id !== "string" || typeof o.nonce !== "string" || !o.nonce) return null;
  if (!RESULTS.includes(o.result as PaymentResult) || !Number.isInteger(o.amount)) return null;
  return { o_id: o.o_id, result: o.result as PaymentResult, amountCents: o.amount as number, nonce: o.nonce };
}

export async function sandboxProvider(q: Queryable): Promise<PaymentProvider> {
  const secret = await sandboxSecret(q);
  return {
    id: SANDBOX,
    async checkout(order) {
      return { url: `${order.origin}/label/pay/${encodeURIComponent(order.o_id)}` };
    },
    async verify(headers, raw, now) {
      return verifySigned(secret, headers, raw, now);
    },
  };
}
