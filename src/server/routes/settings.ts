// The user's settings (issue 16) and cloud space: read, change (only valid fields are kept), and the
// space used against the user's allowance.
import { ok, type Routes, userOf } from "../http/context";
import { saveSettings, signInState, spaceUse } from "../services/settings";

export const settingsRoutes: Routes = {
  // settings, configuration and space: what a sign-in answers (for a sign-in that did not, e.g. OIDC)
  "/api/user/getSettings": {
    get: true,
    auth: true,
    async handle(ctx) {
      return ok(await signInState(ctx, userOf(ctx).id));
    },
  },
  // any of the settings' fields; the answer is the whole of them after the change
  "/api/user/saveSettings": {
    auth: true,
    async handle(ctx) {
      return ok(await saveSettings(ctx.db, userOf(ctx).id, ctx.fields));
    },
  },
  "/api/user/getSpace": {
    get: true,
    auth: true,
    async handle(ctx) {
      return ok(await spaceUse(ctx, userOf(ctx).id));
    },
  },
};
