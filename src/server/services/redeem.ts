// Redeem codes (application.md §5 "Redeem", §7 call 7 exchangeMember): the operator mints them
// (`npm run admin -- redeem-codes --days 30 --count 100`, printed once, stored only as hashes); a
// code makes its redeemer a member for its days (extending an active membership), once.
import { createHash, randomInt } from "node:crypto";
import type { Db, Queryable } from "../db";
import { grant } from "../payments/orders";

/** No 0/O, 1/I/L: a code read aloud or typed from paper is not misread. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const GROUPS = 4;
const GROUP = 4;

/** Case, spaces and dashes do not matter. */
export const normalizeRedeemCode = (code: string) => code.toUpperCase().replace(/[\s-]+/g, "");

export const hashRedeemCode = (code: string) =>
  createHash("sha256")
    .update(`inkless-redeem:${normalizeRedeemCode(code)}`)
    .digest("hex");

export function newRedeemCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    let s = "";
    for (let i = 0; i < GROUP; i++) s += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(s);
  }
  return groups.join("-");
}

/** Mints `count` codes of `days` each; the codes themselves are returned once and never stored. */
export async function mintRedeemCodes(q: Queryable, days: number, count: number): Promise<string[]> {
  const codes = Array.from({ length: count }, newRedeemCode);
  await q.query("INSERT INTO redeem_codes (code_hash, days) SELECT unnest($1::text[]), $2", [
    codes.map(hashRedeemCode),
    days,
  ]);
  return codes;
}

export type RedeemOutcome = { ok: true; validUntil: Date | null } | { ok: false; reason: "unknown" | "used" };

/** Uses a code for `userId`: atomically, so two redeemers of one code cannot both win. */
export async function redeem(db: Db, userId: string, code: string): Promise<RedeemOutcome> {
  return db.tx(async (q) => {
    const [row] = await q.query<{ days: number; used_by: string | null }>(
      "SELECT days, used_by FROM redeem_codes WHERE code_hash = $1 FOR UPDATE",
      [hashRedeemCode(code)],
    );
    if (!row) return { ok: false, reason: "unknown" };
    if (row.used_by !== null) return { ok: false, reason: "used" };
    const validUntil = await grant(q, { user_id: userId, kind: "member", term_days: row.days });
    await q.query(
      "UPDATE redeem_codes SET used_by = $2, used_at = now(), valid_until = $3 WHERE code_hash = $1",
      [hashRedeemCode(code), userId, validUntil],
    );
    return { ok: true, validUntil };
  });
}
