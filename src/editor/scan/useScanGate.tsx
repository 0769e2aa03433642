// Scan-to-print is a member feature (application.md §6): a free user gets the membership prompt,
// unless membership is switched off for the installation (memberFeatureOpen).
import { type ReactNode, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { fetchMemberInfo, memberFeatureOpen } from "../../app/api/memberInfo";
import { message } from "../../app/ui/message";
import { MembershipPrompt } from "../appDialogs";

/** `allow()` resolves true when the scan panel may open, else shows why; render `dialog`. */
export function useScanGate(): { allow: () => Promise<boolean>; dialog: ReactNode } {
  const { t } = useTranslation();
  const [prompt, setPrompt] = useState(false);
  const allow = useCallback(async () => {
    const info = await fetchMemberInfo();
    if (memberFeatureOpen(info)) return true;
    if (info) setPrompt(true);
    else message.error(t("editor.scan.memberUnknown"));
    return false;
  }, [t]);
  const dialog = prompt ? (
    <MembershipPrompt text={t("editor.scan.membersOnly")} onClose={() => setPrompt(false)} />
  ) : null;
  return { allow, dialog };
}
