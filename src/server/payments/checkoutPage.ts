// The sandbox provider's checkout page, /label/pay/<o_id> (what its QR code opens, on a phone on the
// LAN too): the order's price and plan with Pay, Fail and Let-it-expire. A button sends the signed
// callback through the same check as a real provider's (applyCallback): nothing here grants anything
// by itself. Plain server-made HTML in the payer's language, no script.
import type { IncomingMessage, ServerResponse } from "node:http";
import { pickLanguage, translate } from "../../i18n/messages";
import type { Language } from "../../model/constants";
import { readBody } from "../http/body";
import type { Services } from "../http/context";
import { checkSameSite } from "../http/csrf";
import { termText } from "../services/plans";
import { applyCallback } from "./callback";
import { findOrder, type OrderRow, OrderStatus } from "./orders";
import type { PaymentResult } from "./provider";
import { SANDBOX, sandboxSecret, signedCallback } from "./sandbox";

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** The checkout form's body: one button's name and value. */
const CHECKOUT_BODY_BYTES = 4096;

const ACTIONS: Readonly<Record<string, PaymentResult>> = { pay: "paid", fail: "failed", expire: "expired" };

export function orderDescription(
  o: Pick<OrderRow, "kind" | "term_days" | "space_mb"> & { quantity?: number },
  lang: Language,
) {
  const term = termText(o.term_days, lang);
  if (o.kind === "seat") return translate("pay.item.seats", { count: o.quantity ?? 1, term }, lang);
  return o.kind === "space"
    ? translate("pay.item.space", { space: `${Math.round(o.space_mb / 1024)} GB`, term }, lang)
    : translate("pay.item.member", { term }, lang);
}

function page(lang: Language, body: string): string {
  const t = (k: string) => esc(translate(k, {}, lang));
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${t("pay.title")}</title>
<style>body{font:16px system-ui,sans-serif;max-width:26rem;margin:2rem auto;padding:0 1rem;color:#1d2433}
.price{font-size:2rem;font-weight:700}.note{color:#5b6475;font-size:.9rem}
form{display:flex;flex-direction:column;gap:.6rem;margin-top:1.2rem}
button{font:inherit;padding:.8rem;border-radius:.5rem;border:1px solid #c9cfdb;background:#fff;cursor:pointer}
button[value=pay]{background:#1f6feb;color:#fff;border-color:#1f6feb}</style></head>
<body><h1>${t("pay.title")}</h1>${body}<p class="note">${t("pay.sandboxNote")}</p></body></html>`;
}

function send(res: ServerResponse, status: number, html: string): void {
  res.statusCode = status;
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "no-referrer");
  res.setHeader(
    "Content-Security-Policy",
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  );
  res.end(html);
}

function orderHtml(o: OrderRow, lang: Language): string {
  const t = (k: string, v: Record<string, string | number> = {}) => esc(translate(k, v, lang));
  const price = `${esc(o.currency_symbol)}${(o.amount_cents / 100).toFixed(2)}`;
  const head = `<p>${esc(orderDescription(o, lang))}</p><p class="price" data-testid="pay-price">${price}</p>`;
  const open = o.status === OrderStatus.open && new Date(o.expires_at).getTime() > Date.now();
  if (!open) {
    const key =
      o.status === OrderStatus.paid
        ? "pay.state.paid"
        : o.status === OrderStatus.failed
          ? "pay.state.failed"
          : "pay.state.expired";
    return `${head}<p data-testid="pay-state" role="status">${t(key)}</p>`;
  }
  return `${head}<form method="post">
<button type="submit" name="action" value="pay" data-testid="pay-pay">${t("pay.action.pay")}</button>
<button type="submit" name="action" value="fail" data-testid="pay-fail">${t("pay.action.fail")}</button>
<button type="submit" name="action" value="expire" data-testid="pay-expire">${t("pay.action.expire")}</button>
</form>`;
}

/** GET shows the order; POST (action=pay|fail|expire) sends the sandbox's signed callback first. */
export async function serveCheckout(
  s: Services,
  req: IncomingMessage,
  res: ServerResponse,
  oId: string,
  origin: string,
): Promise<void> {
  const lang = pickLanguage(String(req.headers["accept-language"] ?? "").split(",")[0]);
  const missing = () =>
    send(res, 404, page(lang, `<p role="alert">${esc(translate("pay.state.unknown", {}, lang))}</p>`));
  if (s.config.payments !== SANDBOX || !s.config.membership || !/^[\w-]{1,64}$/.test(oId)) return missing();
  if (req.method === "POST") {
    try {
      checkSameSite(req, origin);
    } catch {
      return send(res, 403, page(lang, ""));
    }
    let body: Buffer;
    try {
      body = await readBody(req, CHECKOUT_BODY_BYTES);
    } catch {
      // our form sends a few bytes: anything over the cap is refused cleanly, never a 500
      res.setHeader("Connection", "close");
      return send(
        res,
        413,
        page(lang, `<p role="alert">${esc(translate("pay.state.tooLarge", {}, lang))}</p>`),
      );
    }
    const form = new URLSearchParams(body.toString("utf8"));
    const result = ACTIONS[form.get("action") ?? ""];
    const o = await findOrder(s.db, oId);
    if (!o || o.provider !== SANDBOX) return missing();
    if (result && o.status === OrderStatus.open) {
      const secret = await sandboxSecret(s.db);
      const cb = signedCallback(secret, { o_id: o.o_id, result, amountCents: o.amount_cents }, new Date());
      await applyCallback(s, SANDBOX, cb.headers, Buffer.from(cb.body));
    }
    // after a POST, show the result at the page's own address (a reload does not send it again)
    res.statusCode = 303;
    res.setHeader("Location", `/label/pay/${encodeURIComponent(oId)}`);
    return void res.end();
  }
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.statusCode = 405;
    res.setHeader("Allow", "GET, POST");
    return void res.end();
  }
  const o = await findOrder(s.db, oId);
  if (!o || o.provider !== SANDBOX) return missing();
  send(res, 200, page(lang, orderHtml(o, lang)));
}
