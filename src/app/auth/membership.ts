// Whether this server sells membership (INKLESS_MEMBERSHIP=off: no prices, no member links), as
// getMemberUser last said; asked once per page load, and again after a payment or a redeem.
import { useEffect, useSyncExternalStore } from "react";
import { getMemberUser, type MemberInfoAnswer } from "../api/member";

let last: MemberInfoAnswer | null = null;
let asking: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Takes getMemberUser's answer as the current one and tells the views. */
export function rememberMembership(info: MemberInfoAnswer | null): void {
  last = info;
  for (const l of listeners) l();
}

export function refreshMembership(): Promise<void> {
  asking ??= getMemberUser()
    .then(rememberMembership, () => {})
    .finally(() => {
      asking = null;
    });
  return asking;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

const snapshot = () => last;

/** true: membership is sold here; false: switched off; null: not known yet (nothing member-ish shown). */
export function useMembershipOn(): boolean | null {
  const info = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(() => {
    if (!last) void refreshMembership();
  }, []);
  return info ? info.membership !== 0 : null;
}
