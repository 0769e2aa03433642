// The personal centre's webhook (docs/api.md "Webhooks"): its URL, the latest deliveries, save
// (a new signing secret, answered this once) and remove.
import { interfaceApi } from "./client";
import { asNumber, asText } from "./read";

export interface WebhookDelivery {
  readonly id: string;
  readonly event: string;
  readonly jobId: string;
  readonly status: "pending" | "delivered" | "failed";
  readonly attempts: number;
  readonly error: string;
  readonly created: string;
}

export interface WebhookState {
  readonly url: string | null;
  readonly deliveries: readonly WebhookDelivery[];
}

const STATUSES = ["pending", "delivered", "failed"] as const;

function toDelivery(raw: unknown): WebhookDelivery | null {
  const o = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : null;
  if (!o || !asText(o.id)) return null;
  const status = STATUSES.find((s) => s === o.status) ?? "pending";
  return {
    id: asText(o.id),
    event: asText(o.event),
    jobId: asText(o.job_id),
    status,
    attempts: asNumber(o.attempts),
    error: asText(o.error),
    created: asText(o.add_time),
  };
}

export async function getWebhook(): Promise<WebhookState> {
  const d = await interfaceApi.post<Record<string, unknown>>("/api/webhook/get", {}, { loading: false });
  const hook = d?.webhook && typeof d.webhook === "object" ? (d.webhook as Record<string, unknown>) : null;
  const list = Array.isArray(d?.deliveries) ? d.deliveries : [];
  return {
    url: hook ? asText(hook.url) : null,
    deliveries: list.map(toDelivery).filter((x): x is WebhookDelivery => x !== null),
  };
}

/** Saves the URL; answers the new signing secret (shown once). */
export async function saveWebhook(url: string): Promise<string> {
  const d = await interfaceApi.post<Record<string, unknown>>("/api/webhook/save", { url });
  const secret = asText(d?.secret);
  if (!secret) throw new Error("bad answer");
  return secret;
}

export async function removeWebhook(): Promise<void> {
  await interfaceApi.post("/api/webhook/remove", {});
}
