// The texts of a user's membership, one definition for the upgrade dialog, /member, /expansion and the
// personal centre: the state with its expiry (days left, a date, "expires today"), and sizes of cloud
// space.
import type { TFunction } from "i18next";
import type { MemberState } from "../../../model/membership";
import { dateText, parseDate } from "../../settings/dateText";

/** "yyyy-MM-dd HH:mm:ss" (UTC) → whole days left, 0 when it ends today (local calendar day). */
export function daysLeft(expire: string, now: number): number | null {
  const end = parseDate(expire)?.getTime();
  if (end === undefined) return null;
  if (end <= now || new Date(end).toDateString() === new Date(now).toDateString()) return 0;
  return Math.ceil((end - now) / 86_400_000);
}

/** Not a member; a member without expiry; expires today; until a date with the days left. */
export function memberStateText(t: TFunction, lang: string, member: MemberState, now = Date.now()): string {
  if (!member.is_member) return t("member.state.free");
  if (!member.expire_time) return t("member.state.forever");
  const left = daysLeft(member.expire_time, now);
  if (left === 0) return t("member.state.today");
  return t("member.state.until", {
    date: dateText(lang, member.expire_time),
    count: left ?? 0,
  });
}
