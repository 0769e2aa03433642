// Plans and privileges (application.md §3 "Membership plan", "Privilege"; calls 3 getMemberList and 4
// configIns): data the operator sets (`npm run admin -- plans …`), seeded once with defaults. A plan
// is a membership term or a cloud space package (/expansion); prices are kept in cents.
import { translate } from "../../i18n/messages";
import type { Language } from "../../model/constants";
import type { Queryable } from "../db";

/** a membership term, a cloud space package, or one team seat (bought in a quantity) */
export type PlanKind = "member" | "space" | "seat";

export interface PlanRow {
  m_id: string;
  kind: PlanKind;
  term_days: number;
  space_mb: number;
  discount_cents: number;
  original_cents: number;
  currency_symbol: string;
  is_recommend: number;
  is_preference: number;
  sort: number;
  active: boolean;
}

export interface PrivilegeRow {
  id: string;
  name: string;
  ico: string;
  sort: number;
}

/** What the operator's command may set on a plan (every field but the id). */
export type PlanFields = Omit<PlanRow, "m_id">;

/** The plans and privileges a new instance starts with (the operator changes them afterwards). */
export const DEFAULT_PLANS: readonly PlanRow[] = [
  plan("month", "member", 30, 0, 990, 1500, 0, 0, 1),
  plan("quarter", "member", 90, 0, 2490, 4500, 0, 1, 2),
  plan("year", "member", 365, 0, 7900, 18000, 1, 0, 3),
  plan("space-10g", "space", 365, 10 * 1024, 990, 1990, 0, 0, 1),
  plan("space-50g", "space", 365, 50 * 1024, 2990, 5990, 1, 0, 2),
  // per seat and month; seedPlans adds it once to instances seeded before team plans
  plan("team-seat", "seat", 30, 0, 500, 500, 0, 0, 1),
];

function plan(
  m_id: string,
  kind: PlanKind,
  term_days: number,
  space_mb: number,
  discount_cents: number,
  original_cents: number,
  is_recommend: number,
  is_preference: number,
  sort: number,
): PlanRow {
  const currency_symbol = "$";
  return {
    m_id,
    kind,
    term_days,
    space_mb,
    discount_cents,
    original_cents,
    currency_symbol,
    is_recommend,
    is_preference,
    sort,
    active: true,
  };
}

/** Seeded privileges: names are translation keys (shown in the caller's language); icons are ours. */
export const DEFAULT_PRIVILEGES: readonly PrivilegeRow[] = [
  { id: "fonts", name: "member.privilege.fonts", ico: "/label/icons/symbols/star.svg", sort: 1 },
  { id: "table", name: "member.privilege.table", ico: "/label/icons/retail/receipt-text.svg", sort: 2 },
  { id: "share", name: "member.privilege.share", ico: "/label/icons/symbols/users.svg", sort: 3 },
  { id: "recovery", name: "member.privilege.recovery", ico: "/label/icons/arrows/undo.svg", sort: 4 },
  { id: "nickname", name: "member.privilege.nickname", ico: "/label/icons/symbols/user.svg", sort: 5 },
  { id: "history", name: "member.privilege.history", ico: "/label/icons/shipping/clock.svg", sort: 6 },
  { id: "folders", name: "member.privilege.folders", ico: "/label/icons/symbols/infinity.svg", sort: 7 },
  { id: "space", name: "member.privilege.space", ico: "/label/icons/recycling/cloud.svg", sort: 8 },
  { id: "honour", name: "member.privilege.honour", ico: "/label/icons/symbols/crown.svg", sort: 9 },
];

const PLAN_COLUMNS =
  "m_id, kind, term_days, space_mb, discount_cents, original_cents, currency_symbol, is_recommend, is_preference, sort, active";

/** True the first time `key` is claimed on this instance (a `meta` row marks it). */
async function firstTime(q: Queryable, key: string): Promise<boolean> {
  const first = await q.query(
    "INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING key",
    [key, new Date().toISOString()],
  );
  return first.length > 0;
}

/**
 * Inserts the defaults once per instance: a plan the operator removed stays removed. The seat plan
 * came later, so it has a mark of its own: instances seeded before team plans get it once too. (Not a
 * migration's row: a database that only has its schema must stay empty for a restore into it.)
 */
export async function seedPlans(q: Queryable): Promise<void> {
  if (await firstTime(q, "plans_seeded")) {
    await firstTime(q, "plans_seeded_seat");
    for (const p of DEFAULT_PLANS) await savePlan(q, p);
    for (const p of DEFAULT_PRIVILEGES) await savePrivilege(q, p);
    return;
  }
  if (await firstTime(q, "plans_seeded_seat"))
    for (const p of DEFAULT_PLANS.filter((x) => x.kind === "seat")) await savePlan(q, p);
}

export async function listPlans(q: Queryable, opts: { kind?: PlanKind; all?: boolean } = {}) {
  const where: string[] = [];
  const args: unknown[] = [];
  if (!opts.all) where.push("active");
  if (opts.kind) {
    args.push(opts.kind);
    where.push(`kind = $${args.length}`);
  }
  return q.query<PlanRow>(
    `SELECT ${PLAN_COLUMNS} FROM member_plans ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
     ORDER BY kind, sort, m_id`,
    args,
  );
}

export async function findPlan(q: Queryable, mId: string): Promise<PlanRow | null> {
  const rows = await q.query<PlanRow>(`SELECT ${PLAN_COLUMNS} FROM member_plans WHERE m_id = $1`, [mId]);
  return rows[0] ?? null;
}

export async function savePlan(q: Queryable, p: PlanRow): Promise<void> {
  await q.query(
    `INSERT INTO member_plans (${PLAN_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (m_id) DO UPDATE SET kind = $2, term_days = $3, space_mb = $4, discount_cents = $5,
       original_cents = $6, currency_symbol = $7, is_recommend = $8, is_preference = $9, sort = $10, active = $11`,
    [
      p.m_id,
      p.kind,
      p.term_days,
      p.space_mb,
      p.discount_cents,
      p.original_cents,
      p.currency_symbol,
      p.is_recommend,
      p.is_preference,
      p.sort,
      p.active,
    ],
  );
}

export async function listPrivileges(q: Queryable): Promise<PrivilegeRow[]> {
  return q.query<PrivilegeRow>("SELECT id, name, ico, sort FROM member_privileges ORDER BY sort, id");
}

export async function savePrivilege(q: Queryable, p: PrivilegeRow): Promise<void> {
  await q.query(
    `INSERT INTO member_privileges (id, name, ico, sort) VALUES ($1, $2, $3, $4)
     ON CONFLICT (id) DO UPDATE SET name = $2, ico = $3, sort = $4`,
    [p.id, p.name, p.ico, p.sort],
  );
}

export async function removePrivilege(q: Queryable, id: string): Promise<boolean> {
  return (await q.query("DELETE FROM member_privileges WHERE id = $1 RETURNING id", [id])).length > 0;
}

/** Cents as the price text, e.g. 990 → "9.90". */
export const priceText = (cents: number) => (cents / 100).toFixed(2);

/** A plan as getMemberList answers it (spec §3 fields plus what the dialog shows next to them). */
export function planView(p: PlanRow, lang: Language) {
  return {
    m_id: p.m_id,
    kind: p.kind,
    the_term: termText(p.term_days, lang),
    term_days: p.term_days,
    space_mb: p.space_mb,
    discount_price: priceText(p.discount_cents),
    original_price: priceText(p.original_cents),
    currency_symbol: p.currency_symbol,
    is_recommend: p.is_recommend,
    is_preference: p.is_preference,
  };
}
export type PlanView = ReturnType<typeof planView>;

/** A term in the caller's language: whole years, whole months (30 days) or days. */
export function termText(days: number, lang: Language): string {
  const [unit, count] =
    days % 365 === 0 ? ["year", days / 365] : days % 30 === 0 ? ["month", days / 30] : ["day", days];
  return translate(`member.term.${unit}${count === 1 ? "" : "s"}`, { count }, lang);
}

/** A privilege as configIns answers it: a seeded name (a translation key) in the caller's language. */
export const privilegeView = (p: PrivilegeRow, lang: Language) => ({
  name: translate(p.name, {}, lang),
  ico: p.ico,
});
