// One webhook delivery over the network: a POST of the signed JSON body, no redirects followed, a
// time limit, the answer's body read up to a cap and dropped. The connection's own DNS lookup is
// checked (every address public, net/addressRules.ts), so a name that resolved to a public
// address when the URL was saved and to a private one now (DNS rebinding) is refused, and the
// address checked is the address connected to.
import { createHmac } from "node:crypto";
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { isBlockedAddress } from "../net/addressRules";
import { checkWebhookHost, type HostLookup, type WebhookTarget } from "./url";

export const WEBHOOK_TIMEOUT_MS = 10_000;
const ANSWER_BYTES = 64 * 1024;

/** The signature header's value: HMAC-SHA256 of `<timestamp>.<body>` with the user's secret. */
export const signWebhook = (secret: string, timestamp: number, body: string) =>
  `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;

/** A lookup (by `resolve`) that fails unless every address the name has is public. */
const publicLookup =
  (resolve: HostLookup): LookupFunction =>
  (host, options, done) => {
    resolve(host, { ...options, all: true }, (err, found) => {
      const list = (found ?? []) as LookupAddress[];
      if (err) return done(err, "", 0);
      if (!list.length || list.some((a) => isBlockedAddress(a.address)))
        return done(Object.assign(new Error("private address"), { code: "EPRIVATE" }), "", 0);
      if (options.all) return (done as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      done(null, list[0].address, list[0].family);
    });
  };

/** POSTs `body` to the target; resolves with the HTTP status, rejects with why it was not sent. */
export async function postWebhook(
  t: WebhookTarget,
  body: string,
  headers: Record<string, string>,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
  lookupHost: HostLookup = dnsLookup,
): Promise<number> {
  await checkWebhookHost(t, lookupHost);
  const lib = t.url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      t.url,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "user-agent": "Inkless-Webhook",
          ...headers,
        },
        timeout: timeoutMs,
        ...(t.trusted ? {} : { lookup: publicLookup(lookupHost) }),
      },
      (res) => {
        let read = 0;
        res.on("data", (c: Buffer) => {
          read += c.length;
          if (read > ANSWER_BYTES) res.destroy();
        });
        res.on("close", () => resolve(res.statusCode ?? 0));
        res.on("error", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", reject);
    req.end(body);
  });
}
