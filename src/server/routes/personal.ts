// The personal centre's own calls (ours; the spec names the personal centre and account
// cancellation, not their calls): the sign-in methods, "Export my data" and account cancellation.
import { str } from "../http/body";
import { ok, type Routes, userOf } from "../http/context";
import { clearSessionCookie } from "../http/cookies";
import { ApiError, Code } from "../http/envelope";
import { hasPassword } from "../services/accounts";
import { deleteAccount, signedInRecently } from "../services/cancelAccount";
import { writeUserExport } from "../services/exportData";
import { isMember } from "../services/membership";
import { linkedIdentities } from "../services/oidcFlows";
import { checkCredentials } from "./accounts";

const fail = (key: string) => new ApiError(Code.failed, key);

export const personalRoutes: Routes = {
  // How the user signs in: a password (or not) and the linked accounts of other providers.
  "/api/user/signInMethods": {
    get: true,
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const linked = await linkedIdentities(ctx.db, u.id);
      const names = new Map(ctx.config.oidcProviders.map((p) => [p.id, p.name]));
      return ok({
        password: await hasPassword(ctx.db, u.id),
        providers: linked.map((l) => ({
          id: l.provider,
          name: names.get(l.provider) ?? l.provider,
          email: l.email,
        })),
      });
    },
  },

  // A zip of everything the user keeps here (services/exportData.ts), streamed as it is made. GET so
  // a plain link downloads it; it changes nothing.
  "/api/user/exportData": {
    get: true,
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const day = new Date().toISOString().slice(0, 10);
      ctx.res.statusCode = 200;
      ctx.res.setHeader("Content-Type", "application/zip");
      ctx.res.setHeader("Content-Disposition", `attachment; filename="inkless-data-${day}.zip"`);
      ctx.res.setHeader("Cache-Control", "no-store");
      ctx.res.setHeader("X-Content-Type-Options", "nosniff");
      await writeUserExport(ctx.db, ctx.files, u, isMember(u), ctx.res);
      return { data: null, streamed: true };
    },
  },

  // Account cancellation: `confirm` must be the account as typed by the user; then the password, or
  // for an account without one a sign-in of at most CANCEL_REAUTH_MS ago (services/cancelAccount.ts) (code 209 with data
  // { reauth: true } otherwise: the client has the user sign in again). Everything of the user goes
  // (services/cancelAccount.ts) and the session ends.
  "/api/user/cancelAccount": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      if (str(ctx.fields, "confirm", 254).toLowerCase() !== u.account.toLowerCase())
        throw fail("server.error.cancelConfirm");
      if (await hasPassword(ctx.db, u.id)) {
        const checked = await checkCredentials({ ...ctx, fields: { ...ctx.fields, account: u.account } });
        if (checked.id !== u.id) throw new ApiError(Code.unauthorized, "server.error.wrongCredentials");
      } else {
        if (!(await signedInRecently(ctx.db, u.tokenHash)))
          throw new ApiError(Code.failed, "server.error.cancelSignInAgain", {}, { reauth: true });
      }
      await deleteAccount(ctx.db, ctx.files, u.id, u.account);
      ctx.sessions.deleteUser(u.id);
      ctx.session = null;
      ctx.setCookie(clearSessionCookie(ctx.origin.startsWith("https:")));
      return ok(null);
    },
  },
};
