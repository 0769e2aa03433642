// Member build variant (spec §6: "Table element: member-only in one build variant (tip104, membership
// dialog)"; "Variable templates" among the member-only features): before a table is added from the
// palette, or an element or cell is given a spreadsheet column or a sequence, a non-member of a
// deployment that keeps the feature for members (INKLESS_MEMBER_TABLE=1 / INKLESS_MEMBER_VARIABLE=1,
// seen as getMemberUser's member_only) gets the membership prompt and nothing changes. Everywhere
// else they are free. What a file or a paste already holds stays.
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { fetchMemberInfo, type MemberInfo } from "../../app/api/memberInfo";
import { TIP } from "../../i18n/tips";
import { MembershipPrompt } from "../appDialogs";

export const TABLE_FEATURE = "table";

/** May this user use `feature`? When the server cannot be asked, the last answer decides (free at first). */
export function featureAllowed(feature: string, info: MemberInfo | null, last: MemberInfo | null): boolean {
  const i = info ?? last;
  return !i || i.isMember || i.membershipOff === true || !i.memberOnly.includes(feature);
}

/** May this user add a table? */
export const tableAllowed = (info: MemberInfo | null, last: MemberInfo | null): boolean =>
  featureAllowed(TABLE_FEATURE, info, last);

let lastInfo: MemberInfo | null = null;

/** The member info, asked again (the last answer kept for when the server cannot be asked). */
async function memberInfo(): Promise<{ info: MemberInfo | null; last: MemberInfo | null }> {
  const last = lastInfo;
  const info = await fetchMemberInfo();
  if (info) lastInfo = info;
  return { info, last };
}

/**
 * `allow()` resolves true when `feature` may be used, else shows the membership prompt with
 * `textKey` (its upgrade button leads to the member centre); render `dialog`.
 */
export function useMemberGate(
  feature: string,
  textKey: string,
): { allow: () => Promise<boolean>; dialog: ReactNode } {
  const { t } = useTranslation();
  const [prompt, setPrompt] = useState(false);
  const allow = useCallback(async () => {
    const { info, last } = await memberInfo();
    const ok = featureAllowed(feature, info, last);
    if (!ok) setPrompt(true);
    return ok;
  }, [feature]);
  const dialog = prompt ? <MembershipPrompt text={t(textKey)} onClose={() => setPrompt(false)} /> : null;
  return { allow, dialog };
}

export const useTableGate = () => useMemberGate(TABLE_FEATURE, TIP.tableMembersOnly);

/** Is `feature` kept for members and this user not one (for a "members" badge)? false until known. */
export function useMembersOnly(feature: string): boolean {
  const [only, setOnly] = useState(() => !!lastInfo && !featureAllowed(feature, lastInfo, null));
  useEffect(() => {
    let live = true;
    void memberInfo().then(({ info, last }) => live && setOnly(!featureAllowed(feature, info, last)));
    return () => {
      live = false;
    };
  }, [feature]);
  return only;
}
