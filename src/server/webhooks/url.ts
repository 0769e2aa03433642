// A webhook's address (issue 39; docs/security.md "Webhooks"): https only, to a public address,
// never this server. Plain http is allowed only for the exact host:port pairs of the test-only
// allow-list (INKLESS_WEBHOOK_TEST_HOSTS), which also skip the address check: a test's receiver
// listens on 127.0.0.1. The address check runs when the URL is saved (a clear message) and again
// at every delivery, on the address the connection really uses (webhooks/post.ts).
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP } from "node:net";
import { ApiError, Code } from "../http/envelope";
import { isBlockedAddress } from "../net/addressRules";

export const WEBHOOK_URL_MAX = 500;

/** How a webhook's host name is looked up: node:dns's `lookup` (tests inject their own). */
export type HostLookup = typeof dnsLookup;

/** Every address `host` has, by `resolve` (none when it cannot be found). */
export function addressesOf(resolve: HostLookup, host: string): Promise<LookupAddress[]> {
  return new Promise((ok) =>
    resolve(host, { all: true, verbatim: true }, (err, found) => ok(err ? [] : (found as LookupAddress[]))),
  );
}

const refuse = (key: string) => new ApiError(Code.failed, key);

export interface WebhookTarget {
  url: URL;
  /** On the test-only allow-list: http allowed, no address check. */
  trusted: boolean;
}

/** The URL's host:port as the allow-list writes it (default ports filled in). */
const hostPort = (u: URL) => `${u.hostname}:${u.port || (u.protocol === "https:" ? "443" : "80")}`;

/** A saved or given URL checked for its form; throws the message to show. */
export function parseWebhookUrl(raw: string, testHosts: readonly string[], ownOrigins: readonly string[]) {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse("server.webhook.badUrl");
  }
  if (raw.length > WEBHOOK_URL_MAX || url.username || url.password) throw refuse("server.webhook.badUrl");
  const trusted = testHosts.includes(hostPort(url));
  if (url.protocol !== "https:" && !(trusted && url.protocol === "http:"))
    throw refuse("server.webhook.badUrl");
  if (!trusted && ownOrigins.some((o) => new URL(o).hostname === url.hostname))
    throw refuse("server.webhook.private");
  return { url, trusted } satisfies WebhookTarget;
}

/** Every address the host resolves to is public (a literal one must be); else the message. */
export async function checkWebhookHost(t: WebhookTarget, resolve: HostLookup = dnsLookup): Promise<void> {
  if (t.trusted) return;
  const host = t.url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) {
    if (isBlockedAddress(host)) throw refuse("server.webhook.private");
    return;
  }
  const found = await addressesOf(resolve, host);
  if (!found.length) throw refuse("server.webhook.unresolved");
  if (found.some((a) => isBlockedAddress(a.address))) throw refuse("server.webhook.private");
}
