// Who counts as a member (application.md §6): is_member with an expiry that has not passed. The one
// place the rule is written; every quota and the member info call ask it.
import type { SessionUser } from "./sessions";

export function isMember(u: Pick<SessionUser, "is_member" | "member_expire">, now = new Date()): boolean {
  return u.is_member && (!u.member_expire || new Date(u.member_expire) > now);
}
