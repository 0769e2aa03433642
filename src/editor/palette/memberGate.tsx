// Member build variant (spec §6: "Table element: member-only in one build variant (tip104, membership
// dialog)"): before a table is added from the palette, a non-member of a deployment that keeps tables
// for members (INKLESS_MEMBER_TABLE=1, seen as getMemberUser's member_only) gets the membership prompt
// with tip104 and no table. Everywhere else tables are free. Tables already in a file or pasted stay.
import { type ReactNode, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { fetchMemberInfo, type MemberInfo } from "../../app/api/memberInfo";
import { TIP } from "../../i18n/tips";
import { MembershipPrompt } from "../save/SaveDialogs";

export const TABLE_FEATURE = "table";

/** May this user add a table? When the server cannot be asked, the last answer decides (free at first). */
export function tableAllowed(info: MemberInfo | null, last: MemberInfo | null): boolean {
  const i = info ?? last;
  return !i || i.isMember || !i.memberOnly.includes(TABLE_FEATURE);
}

let lastInfo: MemberInfo | null = null;

/** `allow()` resolves true when a table may be added, else shows the prompt; render `dialog`. */
export function useTableGate(): { allow: () => Promise<boolean>; dialog: ReactNode } {
  const { t } = useTranslation();
  const [prompt, setPrompt] = useState(false);
  const allow = useCallback(async () => {
    const info = await fetchMemberInfo();
    const ok = tableAllowed(info, lastInfo);
    if (info) lastInfo = info;
    if (!ok) setPrompt(true);
    return ok;
  }, []);
  const dialog = prompt ? (
    <MembershipPrompt text={t(TIP.tableMembersOnly)} onClose={() => setPrompt(false)} />
  ) : null;
  return { allow, dialog };
}
