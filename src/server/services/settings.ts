// Per-user settings (model/settings.ts) and what the app is told at sign-in: the settings, the
// spec's stored configuration (member_space, image_size) and the cloud space used.
import { normaliseSettings, type UserSettings } from "../../model/settings";
import type { Db, Queryable } from "../db";
import type { Services } from "../http/context";
import { withOperatorMembers } from "./membership";
import { spaceInfo } from "./space";

export async function readSettings(q: Queryable, userId: string): Promise<UserSettings> {
  const [row] = await q.query<{ settings: unknown }>(
    "SELECT settings FROM user_settings WHERE user_id = $1",
    [userId],
  );
  return normaliseSettings(row?.settings);
}

/** Applies the valid fields of `patch` over the stored settings; answers the result. */
export async function saveSettings(db: Db, userId: string, patch: unknown): Promise<UserSettings> {
  return db.tx(async (t) => {
    await t.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`settings:${userId}`]);
    const next = normaliseSettings(patch, await readSettings(t, userId));
    await t.query(
      `INSERT INTO user_settings (user_id, settings) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET settings = EXCLUDED.settings, updated_at = now()`,
      [userId, JSON.stringify(next)],
    );
    return next;
  });
}

/** "10 GB", "500 MB": the member space as the membership texts state it. */
export function spaceText(mb: number): string {
  return mb >= 1024 && mb % 1024 === 0 ? `${mb / 1024} GB` : `${mb} MB`;
}

export interface SpaceUse {
  /** bytes stored under the user's prefix (labels, previews, images, spreadsheets, avatar) */
  used: number;
  total: number;
}

export async function spaceUse(s: Services, userId: string): Promise<SpaceUse> {
  const [u] = await s.db.query<{ account: string; is_member: boolean; member_expire: Date | null }>(
    "SELECT account, is_member, member_expire FROM users WHERE id = $1",
    [userId],
  );
  const member = u
    ? withOperatorMembers(u, s.config.memberAccounts, !s.config.membership)
    : { is_member: false, member_expire: null };
  // the measure the upload quota enforces (services/space.ts), packages included
  const { used, total } = await spaceInfo(s.db, { ...member, id: userId }, s.config);
  return { used, total };
}

/** What a sign-in (or a reload of the user's info) answers besides the user: see docs/api.md. */
export async function signInState(s: Services, userId: string) {
  return {
    settings: await readSettings(s.db, userId),
    configuration: { member_space: spaceText(s.config.memberSpaceMb), image_size: s.config.imageSizeKb },
    space: await spaceUse(s, userId),
  };
}
