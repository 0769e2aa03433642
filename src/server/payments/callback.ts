// A provider's callback, from its HTTP route (/api/payment/callback?provider=…) or from the sandbox's
// checkout page: verified by the provider (signature, freshness), applied once (orders.ts), and the
// paying user's cached sessions dropped so the new membership shows on the next request.
import type { IncomingHttpHeaders } from "node:http";
import type { Services } from "../http/context";
import { paymentProvider } from "./index";
import { applyPaymentEvent, type EventOutcome } from "./orders";

export type CallbackOutcome = EventOutcome | "badSignature" | "noProvider";

export async function applyCallback(
  s: Services,
  providerId: string,
  headers: IncomingHttpHeaders,
  raw: Buffer,
): Promise<CallbackOutcome> {
  const made = paymentProvider(s.config, s.db);
  const provider = made ? await made : null;
  if (!provider || provider.id !== providerId) return "noProvider";
  const event = await provider.verify(headers, raw, new Date());
  if (!event) return "badSignature";
  if (event === "ignored") return "ignored";
  const r = await applyPaymentEvent(s.db, provider.id, event);
  if (r.userId) s.sessions.deleteUser(r.userId);
  if (r.outcome !== "applied") s.config.log(`[inkless] payment callback ${event.o_id}: ${r.outcome}`);
  return r.outcome;
}
