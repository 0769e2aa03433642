// Signing in with another account (OpenID Connect; application.md §2 /prelogin, /thirdLogin,
// /bindings; docs/api.md). A sign-in under way lives in `oidc_flows`, found by the hash of the
// `oidc_flow` cookie of the browser that started it, so an answer can only finish the sign-in of the
// browser that asked for it. Each step uses the row once.
import { createHash, randomBytes } from "node:crypto";
import { takeAttempt } from "../auth/rateLimit";
import { str } from "../http/body";
import { type Ctx, ok, type Routes } from "../http/context";
import { clearFlowCookie, FLOW_COOKIE, flowCookie, readCookie } from "../http/cookies";
import { ApiError, Code } from "../http/envelope";
import { ensureUserContent } from "../seed/seed";
import { parseAccount } from "../validate";
import { checkCredentials, createUser, newProfile, startSession, type UserRow, userInfo } from "./accounts";

/** Sign-ins one IP may start per minute (each writes a row before anyone is known). */
export const OIDC_STARTS_PER_IP = 30;

const fail = (key: string) => new ApiError(Code.failed, key);
const secure = (ctx: Ctx) => ctx.origin.startsWith("https:");
const flowHash = (token: string) => createHash("sha256").update(token).digest("base64url");

interface FlowRow {
  provider: string;
  state: string;
  nonce: string;
  code_verifier: string;
  redirect_uri: string;
  next_path: string;
  issuer: string | null;
  subject: string | null;
  email: string;
  name: string;
}

/** The hash of this browser's flow cookie, or "" without one. */
function browserFlow(ctx: Ctx): string {
  const token = readCookie(ctx.req.headers.cookie, FLOW_COOKIE) ?? "";
  return token.length >= 20 && token.length <= 100 ? flowHash(token) : "";
}

/** Where the app goes after signing in: a path inside the app, else nothing (the app picks /index). */
function nextPath(raw: string): string {
  return raw.startsWith("/") && !raw.startsWith("//") && !raw.startsWith("/\\") ? raw : "";
}

/** Takes this browser's flow at the given stage (answer awaited, or identity waiting to be bound). */
async function takeFlow(ctx: Ctx, stage: "answer" | "bind"): Promise<FlowRow> {
  const hash = browserFlow(ctx);
  const rows = hash
    ? await ctx.db.query<FlowRow>(
        `DELETE FROM oidc_flows WHERE flow_hash = $1 AND expires_at > now()
           AND subject IS ${stage === "answer" ? "" : "NOT "}NULL RETURNING *`,
        [hash],
      )
    : [];
  if (!rows[0]) throw fail("server.oidc.noFlow");
  return rows[0];
}

/** The identity waiting to be bound by this browser (not taken). */
async function pendingIdentity(ctx: Ctx): Promise<FlowRow> {
  const hash = browserFlow(ctx);
  const rows = hash
    ? await ctx.db.query<FlowRow>(
        "SELECT * FROM oidc_flows WHERE flow_hash = $1 AND expires_at > now() AND subject IS NOT NULL",
        [hash],
      )
    : [];
  if (!rows[0]) throw fail("server.oidc.noFlow");
  return rows[0];
}

/** Links the flow's identity to the user; false when it is linked already (a parallel bind). */
async function link(ctx: Ctx, flow: FlowRow, userId: string): Promise<boolean> {
  const rows = await ctx.db.query(
    `INSERT INTO oidc_identities (issuer, subject, user_id, provider, email) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (issuer, subject) DO NOTHING RETURNING 1`,
    [flow.issuer, flow.subject, userId, flow.provider, flow.email],
  );
  return rows.length > 0;
}

/** Signs the browser in as the user; the flow cookie is spent. */
async function signIn(ctx: Ctx, user: UserRow, next: string) {
  await ensureUserContent(ctx, user.id, ctx.lang);
  await startSession(ctx, user.id);
  ctx.setCookie(clearFlowCookie(secure(ctx)));
  return ok({ status: "signedIn", user: userInfo(user), redirect: next });
}

const providerName = (ctx: Ctx, id: string) => ctx.oidc.providers.find((p) => p.id === id)?.name ?? id;

export const oidcRoutes: Routes = {
  "/api/oidc/providers": {
    get: true,
    auth: false,
    async handle(ctx) {
      return ok(ctx.oidc.providers.map((p) => ({ id: p.id, name: p.name })));
    },
  },

  "/api/oidc/start": {
    auth: false,
    async handle(ctx) {
      const p = ctx.oidc.provider(str(ctx.fields, "provider", 32));
      if (!(await takeAttempt(ctx.db, `oidc-start-ip:${ctx.ip}`, OIDC_STARTS_PER_IP)))
        throw fail("server.error.tooFrequent");
      const redirectUri = `${ctx.origin}/label/thirdLogin`;
      const s = await ctx.oidc.start(p, redirectUri, ctx.config.log);
      const old = browserFlow(ctx);
      if (old) await ctx.db.query("DELETE FROM oidc_flows WHERE flow_hash = $1", [old]);
      const token = randomBytes(32).toString("base64url");
      await ctx.db.query(
        `INSERT INTO oidc_flows (flow_hash, provider, state, nonce, code_verifier, redirect_uri, next_path, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, now() + interval '10 minutes')`,
        [
          flowHash(token),
          p.id,
          s.state,
          s.nonce,
          s.codeVerifier,
          redirectUri,
          nextPath(str(ctx.fields, "redirect", 512)),
        ],
      );
      ctx.setCookie(flowCookie(token, secure(ctx)));
      return ok({ url: s.url });
    },
  },

  // The provider's answer, as /label/thirdLogin received it (`query`: its search string).
  "/api/oidc/callback": {
    auth: false,
    async handle(ctx) {
      const query = str(ctx.fields, "query", 8192);
      const flow = await takeFlow(ctx, "answer");
      const p = ctx.oidc.provider(flow.provider);
      const url = new URL(flow.redirect_uri);
      url.search = query.startsWith("?") ? query : `?${query}`;
      const id = await ctx.oidc.finish(
        p,
        url,
        { state: flow.state, nonce: flow.nonce, codeVerifier: flow.code_verifier },
        ctx.config.log,
      );
      const known = await ctx.db.query<UserRow>(
        `SELECT u.id, u.account, u.nickname, u.head_pic FROM oidc_identities i JOIN users u ON u.id = i.user_id
          WHERE i.issuer = $1 AND i.subject = $2`,
        [id.issuer, id.subject],
      );
      if (known[0]) return signIn(ctx, known[0], flow.next_path);
      // unknown identity: it waits (10 minutes) for the browser to link it or make an account for it
      await ctx.db.query(
        `INSERT INTO oidc_flows (flow_hash, provider, state, nonce, code_verifier, redirect_uri, next_path,
           issuer, subject, email, name, expires_at)
         VALUES ($1, $2, '', '', '', $3, $4, $5, $6, $7, $8, now() + interval '10 minutes')`,
        [browserFlow(ctx), p.id, flow.redirect_uri, flow.next_path, id.issuer, id.subject, id.email, id.name],
      );
      return ok({ status: "bind", provider: p.name, email: id.email, name: id.name });
    },
  },

  "/api/oidc/binding": {
    get: true,
    auth: false,
    async handle(ctx) {
      const flow = await pendingIdentity(ctx);
      return ok({ provider: providerName(ctx, flow.provider), email: flow.email, name: flow.name });
    },
  },

  // Link the waiting identity to an existing account, after its password check.
  "/api/oidc/bind": {
    auth: false,
    async handle(ctx) {
      await pendingIdentity(ctx);
      const user = await checkCredentials(ctx);
      const flow = await takeFlow(ctx, "bind");
      if (!(await link(ctx, flow, user.id))) throw fail("server.oidc.alreadyLinked");
      return signIn(ctx, user, flow.next_path);
    },
  },

  // Make a new account for the waiting identity (no password: it signs in through the provider, and
  // may set one later with a verification code).
  "/api/oidc/bindNew": {
    auth: false,
    async handle(ctx) {
      await pendingIdentity(ctx);
      const { account } = parseAccount(str(ctx.fields, "account", 254));
      const user = await createUser(ctx, { account, passwordHash: "", ...newProfile(ctx.fields) });
      let flow: FlowRow | null = null;
      try {
        flow = await takeFlow(ctx, "bind");
        if (!(await link(ctx, flow, user.id))) throw fail("server.oidc.alreadyLinked");
      } catch (e) {
        // another request took the identity meanwhile: the account made for it goes again
        await ctx.db.query("DELETE FROM users WHERE id = $1", [user.id]);
        throw e;
      }
      return signIn(ctx, user, flow.next_path);
    },
  },
};
