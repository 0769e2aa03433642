// Membership (spec §6): a user is a member while is_member is set and member_expire (if any) is
// still ahead. The one definition the routes use for member-only rules.

export interface MembershipFields {
  is_member?: boolean | null;
  member_expire?: Date | string | null;
}

export function isMember(user: MembershipFields, now = new Date()): boolean {
  if (!user.is_member) return false;
  if (!user.member_expire) return true;
  const expire = new Date(user.member_expire);
  return Number.isFinite(expire.getTime()) && expire > now;
}
