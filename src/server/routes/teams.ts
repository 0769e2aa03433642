// Teams (issue 40): create and rename, the user's teams and a team's members, invitations by
// account (kept for it and sent through the mail sender) or by link, accept/decline, roles, removal
// and leaving. The rules are services/teams.ts; documented in docs/api.md and docs/server.md.
import { translate } from "../../i18n/messages";
import type { SpaceAction } from "../../model/teamRoles";
import { num, str } from "../http/body";
import { type Ctx, ok, type Routes, userOf } from "../http/context";
import { ApiError, Code } from "../http/envelope";
import { paymentProvider } from "../payments/index";
import { startPayment } from "../payments/start";
import { ensureUserContent } from "../seed/seed";
import { listPlans, priceText, termText } from "../services/plans";
import {
  acceptInvite,
  actingSpace,
  createTeam,
  declineInvite,
  inviteAccount,
  inviteLink,
  invitesFor,
  linkInvite,
  listTeams,
  parseRole,
  removeMember,
  renameTeam,
  requireOwner,
  setRole,
  teamDetail,
  withdrawInvite,
} from "../services/teams";
import { retentionOf, setRetention, versionsSpace } from "../services/versionRules";
import { checkName, formatTime, parseAccount } from "../validate";

/** The most seats one order may buy. */
const MAX_SEATS_BOUGHT = 500;
/** The team the request names (`id`) as a space, once the caller's role allows `action`. */
async function teamSpace(ctx: Ctx, action: SpaceAction) {
  const id = str(ctx.fields, "id", 64);
  if (!id) throw new ApiError(Code.failed, "server.error.approvalTeamOnly");
  return actingSpace(ctx.db, userOf(ctx), id, action);
}

/** The app page that accepts an invitation link. */
const joinUrl = (origin: string, token: string) =>
  `${origin}/label/team/join?token=${encodeURIComponent(token)}`;

export const teamRoutes: Routes = {
  "/api/team/list": {
    get: true,
    auth: true,
    async handle(ctx) {
      return ok(await listTeams(ctx.db, userOf(ctx).id));
    },
  },

  "/api/team/create": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const name = checkName(str(ctx.fields, "name", 100));
      const id = await ctx.db.tx((q) => createTeam(q, u.id, name, ctx.config.teamSeats));
      await ensureUserContent(ctx, id, ctx.lang);
      return ok({ id, name, role: "owner", members: 1 });
    },
  },

  "/api/team/rename": {
    auth: true,
    async handle(ctx) {
      const id = str(ctx.fields, "id", 64);
      const name = checkName(str(ctx.fields, "name", 100));
      await renameTeam(ctx.db, userOf(ctx).id, id, name);
      return ok({ id, name });
    },
  },

  "/api/team/detail": {
    get: true,
    auth: true,
    async handle(ctx) {
      const d = await teamDetail(ctx.db, userOf(ctx).id, str(ctx.fields, "id", 64));
      // what a seat costs, for the owner's "buy seats" form (null: seats cannot be bought here)
      const [plan] = ctx.config.membership ? await listPlans(ctx.db, { kind: "seat" }) : [];
      const sellable = d.role === "owner" && plan && paymentProvider(ctx.config, ctx.db);
      return ok({
        ...d,
        invites: d.invites.map((i) => ({ ...i, expires_at: formatTime(i.expires_at) })),
        seat_plan: sellable
          ? {
              price: priceText(plan.discount_cents),
              currency_symbol: plan.currency_symbol,
              term: termText(plan.term_days, ctx.lang),
            }
          : null,
      });
    },
  },

  // An owner invites an account: the invitation waits for it and a message goes out (SMTP or outbox).
  "/api/team/invite": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const teamId = str(ctx.fields, "id", 64);
      const { account, channel } = parseAccount(str(ctx.fields, "account", 254));
      const role = parseRole(str(ctx.fields, "role", 16));
      const { id, teamName } = await ctx.db.tx((q) => inviteAccount(q, u.id, teamId, account, role));
      const vars = { team: teamName, from: u.nickname, role: translate(`team.role.${role}`, {}, ctx.lang) };
      await ctx.sender.send({
        to: account,
        channel,
        subject: translate("server.mail.teamInviteSubject", vars, ctx.lang),
        text: translate("server.mail.teamInviteText", { ...vars, url: `${ctx.origin}/label/team` }, ctx.lang),
      });
      return ok({ id, account, role });
    },
  },

  // An owner buys seats (a quantity of the seat plan): a payment order for the team and the
  // provider's checkout URL to go to; the seats come with the provider's verified callback.
  "/api/team/buySeats": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const teamId = str(ctx.fields, "id", 64);
      const seats = num(ctx.fields, "seats") ?? 0;
      if (!Number.isInteger(seats) || seats < 1 || seats > MAX_SEATS_BOUGHT)
        throw new ApiError(Code.failed, "server.error.seatCount", { max: MAX_SEATS_BOUGHT });
      await requireOwner(ctx.db, u.id, teamId);
      if (!ctx.config.membership) throw new ApiError(Code.failed, "server.pay.off");
      const [plan] = await listPlans(ctx.db, { kind: "seat" });
      if (!plan) throw new ApiError(Code.failed, "server.pay.noPlan");
      const { order, url } = await startPayment(ctx, u.id, plan, {
        returnPath: "/label/team",
        quantity: seats,
        teamId,
      });
      return ok({
        o_id: order.o_id,
        url,
        amount: priceText(order.amount_cents),
        currency_symbol: order.currency_symbol,
      });
    },
  },

  "/api/team/inviteLink": {
    auth: true,
    async handle(ctx) {
      const teamId = str(ctx.fields, "id", 64);
      const role = parseRole(str(ctx.fields, "role", 16));
      const days = num(ctx.fields, "days") ?? 7;
      const { id, token } = await inviteLink(ctx.db, userOf(ctx).id, teamId, role, days);
      return ok({ id, role, url: joinUrl(ctx.origin, token) });
    },
  },

  "/api/team/withdrawInvite": {
    auth: true,
    async handle(ctx) {
      const id = str(ctx.fields, "invite", 64);
      await withdrawInvite(ctx.db, userOf(ctx).id, str(ctx.fields, "id", 64), id);
      return ok({ id });
    },
  },

  // The invitations waiting for the signed-in account.
  "/api/team/invites": {
    get: true,
    auth: true,
    async handle(ctx) {
      const rows = await invitesFor(ctx.db, userOf(ctx).account);
      return ok(rows.map((r) => ({ ...r, expires_at: formatTime(r.expires_at) })));
    },
  },

  // What a link offers, before the user joins.
  "/api/team/linkInfo": {
    get: true,
    auth: true,
    async handle(ctx) {
      const i = await linkInvite(ctx.db, str(ctx.fields, "token", 100));
      return ok({ team_id: i.team_id, team_name: i.team_name, role: i.role });
    },
  },

  // Accept by invitation id (for the account) or by a link's token.
  "/api/team/accept": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const token = str(ctx.fields, "token", 100);
      const by = token ? { token } : { id: str(ctx.fields, "invite", 64) };
      const teamId = await ctx.db.tx((q) => acceptInvite(q, u, by));
      return ok({ team_id: teamId });
    },
  },

  "/api/team/decline": {
    auth: true,
    async handle(ctx) {
      const id = str(ctx.fields, "invite", 64);
      await declineInvite(ctx.db, userOf(ctx).account, id);
      return ok({ id });
    },
  },

  "/api/team/setRole": {
    auth: true,
    async handle(ctx) {
      const teamId = str(ctx.fields, "id", 64);
      const member = str(ctx.fields, "user", 64);
      const role = parseRole(str(ctx.fields, "role", 16));
      await ctx.db.tx((q) => setRole(q, userOf(ctx).id, teamId, member, role));
      return ok({ user: member, role });
    },
  },

  "/api/team/removeMember": {
    auth: true,
    async handle(ctx) {
      const teamId = str(ctx.fields, "id", 64);
      const member = str(ctx.fields, "user", 64);
      await ctx.db.tx((q) => removeMember(q, userOf(ctx).id, teamId, member));
      return ok({ user: member });
    },
  },

  "/api/team/leave": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const teamId = str(ctx.fields, "id", 64);
      await ctx.db.tx((q) => removeMember(q, u.id, teamId, u.id));
      return ok({ id: teamId });
    },
  },

  // The team's version retention and the space its kept versions use (any member reads).
  "/api/team/versions": {
    get: true,
    auth: true,
    async handle(ctx) {
      const space = await teamSpace(ctx, "read");
      const [r, used] = await Promise.all([
        retentionOf(ctx.db, space.id),
        versionsSpace(ctx.db, ctx.files, space.id),
      ]);
      return ok({ kept: r.kept, days: r.days, versions: used.versions, bytes: used.bytes });
    },
  },

  // An owner sets how many versions each template keeps and for how many days (0: no age limit).
  "/api/team/setVersionRetention": {
    auth: true,
    async handle(ctx) {
      const space = await teamSpace(ctx, "manage");
      const r = { kept: num(ctx.fields, "kept") ?? Number.NaN, days: num(ctx.fields, "days") ?? Number.NaN };
      await setRetention(ctx.db, space.id, r);
      return ok(r);
    },
  },
};
