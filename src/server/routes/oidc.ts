// Signing in with another account (OpenID Connect; application.md §2 /prelogin, /thirdLogin,
// /bindings; docs/api.md). A sign-in under way lives in `oidc_flows`, found by the hash of the
// `oidc_flow` cookie of the browser that started it, so an answer can only finish the sign-in of the
// browser that asked for it. Each step uses the row once (services/oidcFlows.ts).

import { createHash, randomBytes } from "node:crypto";
import { isLocalPath } from "../../model/localPath";
import { takeAttempt } from "../auth/rateLimit";
import { str } from "../http/body";
import { type Ctx, ok, type Routes } from "../http/context";
import { clearFlowCookie, FLOW_COOKIE, flowCookie, readCookie } from "../http/cookies";
import { ApiError, Code } from "../http/envelope";
import { ensureUserContent } from "../seed/seed";
import { createUser, deleteUser, type UserRow } from "../services/accounts";
import {
  awaitBinding,
  type FlowRow,
  linkedUser,
  linkIdentity,
  pendingIdentity as pendingIdentityOf,
  startFlow,
  takeFlow as takeFlowOf,
} from "../services/oidcFlows";
import { parseAccount } from "../validate";
import { checkCredentials, newProfile, startSession, userInfo } from "./accounts";

/** Sign-ins one IP may start per minute (each writes a row before anyone is known). */
export const OIDC_STARTS_PER_IP = 30;

const fail = (key: string) => new ApiError(Code.failed, key);
const secure = (ctx: Ctx) => ctx.origin.startsWith("https:");
const flowHash = (token: string) => createHash("sha256").update(token).digest("base64url");

/** The hash of this browser's flow cookie, or "" without one. */
function browserFlow(ctx: Ctx): string {
  const token = readCookie(ctx.req.headers.cookie, FLOW_COOKIE) ?? "";
  return token.length >= 20 && token.length <= 100 ? flowHash(token) : "";
}

/** Where the app goes after signing in: a path inside the app, else nothing (the app picks /index). */
function nextPath(raw: string): string {
  return isLocalPath(raw) ? raw : "";
}

/** Takes this browser's flow at the given stage (answer awaited, or identity waiting to be bound). */
const takeFlow = (ctx: Ctx, stage: "answer" | "bind") => takeFlowOf(ctx.db, browserFlow(ctx), stage);

/** The identity waiting to be bound by this browser (not taken). */
const pendingIdentity = (ctx: Ctx) => pendingIdentityOf(ctx.db, browserFlow(ctx));

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
      const token = randomBytes(32).toString("base64url");
      await startFlow(ctx.db, flowHash(token), browserFlow(ctx), {
        provider: p.id,
        state: s.state,
        nonce: s.nonce,
        codeVerifier: s.codeVerifier,
        redirectUri,
        next: nextPath(str(ctx.fields, "redirect", 512)),
      });
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
      const known = await linkedUser(ctx.db, id.issuer, id.subject);
      if (known) return signIn(ctx, known, flow.next_path);
      // unknown identity: it waits (10 minutes) for the browser to link it or make an account for it
      await awaitBinding(ctx.db, browserFlow(ctx), { ...flow, provider: p.id }, id);
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
      if (!(await linkIdentity(ctx.db, flow, user.id))) throw fail("server.oidc.alreadyLinked");
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
      const user = await createUser(ctx, ctx.lang, { account, passwordHash: "", ...newProfile(ctx.fields) });
      let flow: FlowRow | null = null;
      try {
        flow = await takeFlow(ctx, "bind");
        if (!(await linkIdentity(ctx.db, flow, user.id))) throw fail("server.oidc.alreadyLinked");
      } catch (e) {
        // another request took the identity meanwhile: the account made for it goes again
        await deleteUser(ctx.db, user.id);
        throw e;
      }
      return signIn(ctx, user, flow.next_path);
    },
  },
};
