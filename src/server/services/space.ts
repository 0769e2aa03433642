// Cloud space (application.md §6 "more cloud space", §9 "Cloud space package"): what a user may keep
// in cloud data: the free allowance, or the member allowance, plus every space package still valid.
// An expired package is reclaimed (the quota shrinks) but no file is removed: only new files over
// the quota are refused (402 with the message the membership prompt shows, routed to /expansion).
import type { ServerConfig } from "../config";
import type { Queryable } from "../db";
import { ApiError, Code } from "../http/envelope";
import { isMember, type MemberFields } from "./membership";

const MB = 1024 * 1024;

export interface SpacePackage {
  space_mb: number;
  valid_until: Date;
}

export interface SpaceInfo {
  /** bytes in the user's live cloud data files */
  used: number;
  /** bytes allowed: the base allowance plus the valid packages */
  total: number;
  /** MB of the base allowance (free or member) */
  base_mb: number;
  packages: SpacePackage[];
}

export async function spaceInfo(
  q: Queryable,
  u: MemberFields & { id: string },
  config: Pick<ServerConfig, "freeSpaceMb" | "memberSpaceMb">,
  now: Date = new Date(),
): Promise<SpaceInfo> {
  const [{ used }] = await q.query<{ used: string | number }>(
    "SELECT COALESCE(sum(size), 0) AS used FROM cloud_files WHERE user_id = $1 AND deleted_at IS NULL",
    [u.id],
  );
  const packages = await q.query<SpacePackage>(
    `SELECT space_mb, valid_until FROM payment_orders
      WHERE user_id = $1 AND kind = 'space' AND status = 2 AND valid_until > $2 ORDER BY valid_until`,
    [u.id, now],
  );
  const base = isMember(u, now) ? config.memberSpaceMb : config.freeSpaceMb;
  const extra = packages.reduce((n, p) => n + p.space_mb, 0);
  return { used: Number(used), total: (base + extra) * MB, base_mb: base, packages };
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * MB ? `${(bytes / (1024 * MB)).toFixed(1)} GB` : `${Math.ceil(bytes / MB)} MB`;

/** One more file of `adding` bytes, or 402 when it would not fit (membership off: no quota). */
export async function checkSpace(
  q: Queryable,
  u: MemberFields & { id: string },
  adding: number,
  config: Pick<ServerConfig, "freeSpaceMb" | "memberSpaceMb" | "membership">,
): Promise<void> {
  if (!config.membership) return;
  const s = await spaceInfo(q, u, config);
  if (s.used + adding > s.total)
    throw new ApiError(Code.needMember, "server.space.full", {
      used: sizeText(s.used),
      total: sizeText(s.total),
    });
}
