// Membership as the editor needs it (spec §6 "Membership", call getMemberUser): whether the user is a
// member, and which features this deployment keeps for members (`member_only`, e.g. "table" in the
// member build variant, INKLESS_MEMBER_TABLE=1 on the server; docs/server.md).
import { getMemberUser } from "./member";

export interface MemberInfo {
  readonly isMember: boolean;
  readonly memberOnly: readonly string[];
  /** the installation switched membership off (getMemberUser's `membership: 0`): everything is open */
  readonly membershipOff?: boolean;
}

/** Reads getMemberUser's answer; anything malformed counts as a non-member with nothing reserved. */
export function parseMemberInfo(d: unknown): MemberInfo {
  const o =
    d && typeof d === "object"
      ? (d as { is_member?: unknown; member_only?: unknown; membership?: unknown })
      : {};
  const list = Array.isArray(o.member_only)
    ? o.member_only.filter((x): x is string => typeof x === "string")
    : [];
  return {
    isMember: o.is_member === true || o.is_member === 1,
    memberOnly: list,
    ...(o.membership === 0 ? { membershipOff: true } : {}),
  };
}

/**
 * May this user use a member-only feature of spec §6 (e.g. scan-to-print)? Members may, and everyone
 * when membership is switched off for the installation; not when the server cannot be asked.
 */
export function memberFeatureOpen(info: MemberInfo | null): boolean {
  return !!info && (info.isMember || info.membershipOff === true);
}

/** The signed-in user's membership; null when the server cannot be asked. */
export async function fetchMemberInfo(): Promise<MemberInfo | null> {
  try {
    return parseMemberInfo(await getMemberUser());
  } catch {
    return null;
  }
}
