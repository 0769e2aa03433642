// Membership and payment (application.md §7 calls 2–6; docs/api.md "Membership and payment"): member
// info, plans, privileges, a payment order with its QR code, the order's status, the providers'
// signed callback, and the purchase records. The user is always the session's: a user_id sent by the
// client is ignored. Membership is granted only by a verified callback (payments/).
import { refundAttempt, takeAttempt } from "../auth/rateLimit";
import { str } from "../http/body";
import { type Ctx, ok, type Routes, userOf } from "../http/context";
import { ApiError, Code } from "../http/envelope";
import { applyCallback } from "../payments/callback";
import { paymentProvider } from "../payments/index";
import { orderStatus } from "../payments/orders";
import { qrDataUrl } from "../payments/qrSvg";
import { startPayment } from "../payments/start";
import { memberOnlyFeatures } from "../services/memberContent";
import { isMember } from "../services/membership";
import { findPlan, listPlans, listPrivileges, planView, privilegeView } from "../services/plans";
import { purchaseRecords } from "../services/purchases";
import { normalizeRedeemCode, redeem } from "../services/redeem";
import { spaceInfo } from "../services/space";
import { formatTime } from "../validate";

/** Wrong redeem codes one client address may try per minute (each user: MAX_FAILURES). */
const REDEEM_PER_IP = 20;

/** The plans' kind a call asks for: space packages (/expansion) or membership terms (the default). */
const kindOf = (ctx: Ctx) => (str(ctx.fields, "kind", 10) === "space" ? "space" : "member");

export const memberRoutes: Routes = {
  "/api/tem.app_member/getMemberUser": {
    get: true,
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const expire = u.member_expire ? new Date(u.member_expire) : null;
      const member = isMember(u);
      return ok({
        u_id: u.id,
        user_id: u.id,
        is_member: member,
        expire_time: expire ? formatTime(expire) : "",
        new_expire_time: expire ? formatTime(expire) : "",
        member_num: 0,
        status: member ? 1 : 0,
        // features this deployment keeps for members (INKLESS_MEMBER_TABLE=1: the table element)
        member_only: memberOnlyFeatures(ctx.config),
        // 0: membership is switched off on this server (no prices, no member links)
        membership: ctx.config.membership ? 1 : 0,
        // 1: plans can be paid here (a payment provider is set up)
        payments: paymentProvider(ctx.config, ctx.db) ? 1 : 0,
      });
    },
  },

  // app: 3 (the web app); kind: "space" for the cloud space packages
  "/api/tem.app_member/getMemberList": {
    get: true,
    auth: true,
    async handle(ctx) {
      if (!ctx.config.membership) return ok([]);
      return ok((await listPlans(ctx.db, { kind: kindOf(ctx) })).map((p) => planView(p, ctx.lang)));
    },
  },

  "/api/tem.app_member/configIns": {
    get: true,
    auth: true,
    async handle(ctx) {
      if (!ctx.config.membership) return ok([]);
      return ok((await listPrivileges(ctx.db)).map((p) => privilegeView(p, ctx.lang)));
    },
  },

  "/api/tem.app_member/payScanCode": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      if (!paymentProvider(ctx.config, ctx.db)) throw new ApiError(Code.failed, "server.pay.off");
      const plan = await findPlan(ctx.db, str(ctx.fields, "m_id", 64));
      // seats are bought for a team, from its page (/api/team/buySeats)
      if (!plan?.active || plan.kind === "seat") throw new ApiError(Code.failed, "server.pay.noPlan");
      const { order, url } = await startPayment(ctx, u.id, plan, {
        returnPath: plan.kind === "space" ? "/label/expansion" : "/label/member",
      });
      return ok({
        o_id: order.o_id,
        image: qrDataUrl(url),
        url,
        expire_time: formatTime(order.expires_at),
        // ms until the order expires (the client's clock may differ from ours)
        expires_in: Math.max(0, new Date(order.expires_at).getTime() - Date.now()),
      });
    },
  },

  "/api/tem.app_member/getStatusOrder": {
    get: true,
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const oId = str(ctx.fields, "o_id", 64);
      const status = await orderStatus(ctx.db, u.id, oId);
      if (status === null) throw new ApiError(Code.failed, "server.pay.noOrder");
      return ok({ o_id: oId, status });
    },
  },

  // A provider's server-to-server callback (?provider=sandbox): signed; see docs/payments.md.
  "/api/payment/callback": {
    auth: false,
    async handle(ctx) {
      const provider = new URL(ctx.req.url ?? "", "http://x").searchParams.get("provider") ?? "";
      const outcome = await applyCallback(ctx, provider, ctx.req.headers, ctx.raw);
      if (outcome === "badSignature" || outcome === "noProvider")
        throw new ApiError(Code.forbidden, "server.pay.badCallback", {}, null, 403);
      if (outcome === "unknownOrder" || outcome === "wrongAmount")
        throw new ApiError(Code.failed, "server.pay.noOrder");
      return ok({ outcome });
    },
  },

  // exchange_code (case, spaces and dashes ignored): one use; wrong guesses are rate-limited
  "/api/tem.app_member/exchangeMember": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      if (!ctx.config.membership) throw new ApiError(Code.failed, "server.pay.off");
      const code = normalizeRedeemCode(str(ctx.fields, "exchange_code", 100));
      if (!code) throw new ApiError(Code.failed, "member.redeem.empty");
      const userKey = `member-redeem:${u.id}`;
      const ipKey = `member-redeem-ip:${ctx.ip}`;
      if (!(await takeAttempt(ctx.db, ipKey, REDEEM_PER_IP)))
        throw new ApiError(Code.failed, "server.error.tooFrequent");
      if (!(await takeAttempt(ctx.db, userKey))) throw new ApiError(Code.failed, "server.error.tooFrequent");
      const r = await redeem(ctx.db, u.id, code);
      if (!r.ok)
        throw new ApiError(Code.failed, r.reason === "used" ? "server.redeem.used" : "server.redeem.unknown");
      await refundAttempt(ctx.db, userKey);
      await refundAttempt(ctx.db, ipKey);
      ctx.sessions.deleteUser(u.id);
      return ok({ expire_time: formatTime(r.validUntil) });
    },
  },

  // Cloud space (/expansion): bytes used and allowed, the base allowance and the valid packages.
  "/api/tem.app_member/getSpaceInfo": {
    get: true,
    auth: true,
    async handle(ctx) {
      const s = await spaceInfo(ctx.db, userOf(ctx), ctx.config);
      return ok({
        used: s.used,
        total: ctx.config.membership ? s.total : null,
        base_mb: s.base_mb,
        packages: s.packages.map((p) => ({ space_mb: p.space_mb, valid_until: formatTime(p.valid_until) })),
      });
    },
  },

  // Purchase records (application.md §3): date, valid until, and the plan or space bought.
  "/api/tem.app_member/getPurchaseRecords": {
    get: true,
    auth: true,
    async handle(ctx) {
      return ok(await purchaseRecords(ctx.db, userOf(ctx).id, ctx.lang));
    },
  },
};
