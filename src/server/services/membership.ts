// Membership and quotas (application.md §6 roles, §9 limits): the one place that says who is a member
// and what a free user may not exceed. Routes call these; no route re-states a rule.
import type { Queryable } from "../db";
import { ApiError, Code } from "../http/envelope";

/** Folders a free user may have per kind (template folders; image folders; spreadsheet folders). */
export const FOLDER_QUOTA = 50;

export interface MemberFields {
  is_member: boolean;
  member_expire: Date | string | null;
}

/** A member: the flag is set and the expiry (when there is one) is still ahead of `now`. */
export function isMember(u: MemberFields, now: Date = new Date()): boolean {
  if (!u.is_member) return false;
  if (!u.member_expire) return true;
  const end = new Date(u.member_expire).getTime();
  return Number.isFinite(end) && end > now.getTime();
}

/** The session user as the rules see it: an account the operator lists (INKLESS_MEMBERS) is a member
 * without expiry; everyone else as the database says. */
export function withOperatorMembers<T extends MemberFields & { account: string }>(
  u: T,
  accounts: ReadonlySet<string>,
): T {
  return accounts.has(u.account.toLowerCase()) ? { ...u, is_member: true, member_expire: null } : u;
}

/** Code 402 (the client opens the membership prompt with the message) unless `u` is a member. */
export function requireMember(
  u: MemberFields,
  key: string,
  vars: Record<string, string | number> = {},
  now: Date = new Date(),
): void {
  if (!isMember(u, now)) throw new ApiError(Code.needMember, key, vars);
}

/** The folders a quota counts: template folders, or cloud data folders of one type. */
export type FolderKind = { table: "template_classes" } | { table: "cloud_classes"; type: 1 | 2 };

/** Live (not deleted) folders of a kind. */
export async function countFolders(q: Queryable, userId: string, kind: FolderKind): Promise<number> {
  const [{ n }] =
    kind.table === "template_classes"
      ? await q.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM template_classes WHERE user_id = $1 AND deleted_at IS NULL",
          [userId],
        )
      : await q.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM cloud_classes WHERE user_id = $1 AND type = $2 AND deleted_at IS NULL",
          [userId, kind.type],
        );
  return n;
}

/** One more folder of a kind: free users stop at FOLDER_QUOTA (402), members are unlimited. */
export async function checkFolderQuota(
  q: Queryable,
  u: MemberFields & { id: string },
  kind: FolderKind,
  now: Date = new Date(),
): Promise<void> {
  if (isMember(u, now)) return;
  if ((await countFolders(q, u.id, kind)) >= FOLDER_QUOTA)
    throw new ApiError(Code.needMember, "server.error.folderQuota", { max: FOLDER_QUOTA });
}

/** One more template: free users stop at `max` live templates (402), members are unlimited. */
export async function checkTemplateQuota(
  q: Queryable,
  u: MemberFields & { id: string },
  max: number,
  now: Date = new Date(),
): Promise<void> {
  if (isMember(u, now)) return;
  const [{ n }] = await q.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM templates WHERE user_id = $1 AND deleted_at IS NULL",
    [u.id],
  );
  if (n >= max) throw new ApiError(Code.needMember, "server.error.templateQuota", { max });
}

/** Cloud space of a user, in bytes: the member's or the free allowance (INKLESS_*SPACE_MB). */
export function spaceQuotaBytes(
  u: MemberFields,
  config: { spaceMb: number; memberSpaceMb: number },
  now: Date = new Date(),
): number {
  return (isMember(u, now) ? config.memberSpaceMb : config.spaceMb) * 1024 * 1024;
}
