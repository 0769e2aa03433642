// `npm run admin -- plans …` and `… privileges …`: the operator's plans (membership terms and cloud
// space packages) and the privileges the upgrade dialog lists (services/plans.ts).
import { parseArgs } from "node:util";
import {
  findPlan,
  listPlans,
  listPrivileges,
  type PlanKind,
  type PlanRow,
  priceText,
  removePrivilege,
  savePlan,
  savePrivilege,
  seedPlans,
} from "../services/plans";
import { mintRedeemCodes } from "../services/redeem";
import type { AdminIo } from "./commands";
import { AdminError } from "./commands";

const ID = /^[\w-]{1,64}$/;

function cents(v: string | undefined, name: string): number | undefined {
  if (v === undefined) return undefined;
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(v))
    throw new AdminError(`--${name} needs a price such as 9.90, not "${v}"`);
  return Math.round(Number(v) * 100);
}

function whole(v: string | undefined, name: string, min: number, max: number): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!/^\d+$/.test(v) || n < min || n > max)
    throw new AdminError(`--${name} needs a whole number from ${min} to ${max}, not "${v}"`);
  return n;
}

function planLine(p: PlanRow): string {
  const what =
    p.kind === "space" ? `space ${p.space_mb / 1024} GB` : p.kind === "seat" ? "team seat" : "membership";
  const badges = [
    p.is_recommend ? "recommended" : "",
    p.is_preference ? "preferred" : "",
    p.active ? "" : "REMOVED",
  ]
    .filter(Boolean)
    .join(", ");
  return `${p.m_id}  ${what}, ${p.term_days} days, ${p.currency_symbol}${priceText(p.discount_cents)} (was ${p.currency_symbol}${priceText(p.original_cents)})${badges ? `  [${badges}]` : ""}`;
}

export const PLANS_USAGE =
  "plans [list [--all] [--json]] | plans set ID [--kind member|space|seat] [--days N] [--space-gb N] [--price 9.90] [--original 15.00] [--currency $] [--recommend 0|1] [--preference 0|1] [--sort N] | plans remove ID";

export async function plansCommand(args: readonly string[], io: AdminIo): Promise<void> {
  await seedPlans(io.db); // the defaults first, as the server would have made them
  const [sub = "list", ...rest] = args;
  if (sub === "list") {
    const { values } = parseArgs({
      args: rest,
      options: { all: { type: "boolean" }, json: { type: "boolean" } },
    });
    const rows = await listPlans(io.db, { all: values.all });
    if (values.json) return io.out(`${JSON.stringify(rows, null, 2)}\n`);
    return io.out(rows.length ? `${rows.map(planLine).join("\n")}\n` : "No plans.\n");
  }
  const [id, ...opts] = rest;
  if (!id || !ID.test(id)) throw new AdminError(`plans ${sub} needs a plan id (letters, digits, - and _)`);
  if (sub === "remove") {
    const p = await findPlan(io.db, id);
    if (!p) throw new AdminError(`no plan "${id}"`);
    // kept (inactive) so past orders still name it
    await savePlan(io.db, { ...p, active: false });
    return io.out(`removed ${id}\n`);
  }
  if (sub !== "set") throw new AdminError(`unknown plans command "${sub}"`);
  const { values: v } = parseArgs({
    args: opts,
    options: {
      kind: { type: "string" },
      days: { type: "string" },
      "space-gb": { type: "string" },
      price: { type: "string" },
      original: { type: "string" },
      currency: { type: "string" },
      recommend: { type: "string" },
      preference: { type: "string" },
      sort: { type: "string" },
    },
  });
  if (v.kind !== undefined && v.kind !== "member" && v.kind !== "space" && v.kind !== "seat")
    throw new AdminError(`--kind is member, space or seat, not "${v.kind}"`);
  const old = await findPlan(io.db, id);
  const price = cents(v.price, "price");
  const days = whole(v.days, "days", 1, 36500);
  if (!old && (price === undefined || days === undefined))
    throw new AdminError(`a new plan needs --days and --price`);
  const kind = (v.kind as PlanKind | undefined) ?? old?.kind ?? "member";
  const spaceGb = whole(v["space-gb"], "space-gb", 1, 1_000_000);
  if (kind === "space" && spaceGb === undefined && !old?.space_mb)
    throw new AdminError("a space package needs --space-gb");
  const p: PlanRow = {
    m_id: id,
    kind,
    term_days: days ?? (old as PlanRow).term_days,
    space_mb: kind === "space" ? (spaceGb !== undefined ? spaceGb * 1024 : (old as PlanRow).space_mb) : 0,
    discount_cents: price ?? (old as PlanRow).discount_cents,
    original_cents: cents(v.original, "original") ?? old?.original_cents ?? price ?? 0,
    currency_symbol: v.currency?.trim().slice(0, 8) || old?.currency_symbol || "$",
    is_recommend: whole(v.recommend, "recommend", 0, 1) ?? old?.is_recommend ?? 0,
    is_preference: whole(v.preference, "preference", 0, 1) ?? old?.is_preference ?? 0,
    sort: whole(v.sort, "sort", 0, 1_000_000) ?? old?.sort ?? 0,
    active: true,
  };
  await savePlan(io.db, p);
  io.out(`${planLine(p)}\n`);
}

export const PRIVILEGES_USAGE =
  "privileges [list] | privileges set ID --name TEXT [--ico URL] [--sort N] | privileges remove ID";

export async function privilegesCommand(args: readonly string[], io: AdminIo): Promise<void> {
  await seedPlans(io.db);
  const [sub = "list", id, ...opts] = args;
  if (sub === "list") {
    const rows = await listPrivileges(io.db);
    return io.out(
      rows.length ? `${rows.map((p) => `${p.id}  ${p.name}  ${p.ico}`).join("\n")}\n` : "No privileges.\n",
    );
  }
  if (!id || !ID.test(id)) throw new AdminError(`privileges ${sub} needs an id (letters, digits, - and _)`);
  if (sub === "remove") {
    if (!(await removePrivilege(io.db, id))) throw new AdminError(`no privilege "${id}"`);
    return io.out(`removed ${id}\n`);
  }
  if (sub !== "set") throw new AdminError(`unknown privileges command "${sub}"`);
  const { values: v } = parseArgs({
    args: opts,
    options: { name: { type: "string" }, ico: { type: "string" }, sort: { type: "string" } },
  });
  const old = (await listPrivileges(io.db)).find((p) => p.id === id);
  const name = v.name?.trim() || old?.name;
  if (!name) throw new AdminError("a new privilege needs --name");
  await savePrivilege(io.db, {
    id,
    name: name.slice(0, 100),
    ico: v.ico ?? old?.ico ?? "",
    sort: whole(v.sort, "sort", 0, 1_000_000) ?? old?.sort ?? 0,
  });
  io.out(`saved ${id}\n`);
}

export const REDEEM_USAGE = "redeem-codes --days N --count N";

/** Mints redeem codes and prints them (this is the only time they are shown). */
export async function redeemCodesCommand(args: readonly string[], io: AdminIo): Promise<void> {
  const { values } = parseArgs({
    args: [...args],
    options: { days: { type: "string" }, count: { type: "string" } },
  });
  const days = whole(values.days, "days", 1, 36500);
  const count = whole(values.count ?? "1", "count", 1, 100_000);
  if (days === undefined || count === undefined)
    throw new AdminError("redeem-codes needs --days (and --count)");
  const codes = await mintRedeemCodes(io.db, days, count);
  io.out(`${codes.join("\n")}\n`);
}
