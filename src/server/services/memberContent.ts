// Member-only content of a saved label (application.md §6: exclusive fonts; in the member build
// variant the table component, INKLESS_MEMBER_TABLE=1, and variable templates, INKLESS_MEMBER_VARIABLE=1):
// a free user's save of a label file that uses them is refused with 402 and the same message the
// editor shows (tip125, tip104, the variable one), so the rule holds for any client, not only ours.

import { isVariableLabel, VARIABLE_FEATURE, VARIABLE_MEMBERS_ONLY } from "../../data/variable";
import { TIP } from "../../i18n/tips";
import { parseLabelFile } from "../../model/file";
import { hasCells } from "../../model/kinds/caps";
import type { ServerConfig } from "../config";
import type { Services } from "../http/context";
import { ApiError, Code } from "../http/envelope";
import { fontList } from "./fonts";
import { isMember, type MemberFields } from "./membership";

/** The features this deployment keeps for members (getMemberUser's member_only). */
export function memberOnlyFeatures(
  c: Pick<ServerConfig, "membership" | "memberTable" | "memberVariable">,
): string[] {
  if (!c.membership) return [];
  return [...(c.memberTable ? ["table"] : []), ...(c.memberVariable ? [VARIABLE_FEATURE] : [])];
}

export async function checkMemberContent(
  s: Pick<Services, "config" | "files">,
  u: MemberFields,
  key: string,
): Promise<void> {
  if (isMember(u)) return;
  const bytes = await s.files.get(key);
  if (!bytes) return; // no file: the template's own checks answer
  const parsed = parseLabelFile(bytes, key);
  if (!parsed.ok) return;
  const premium = new Set((await fontList(s)).filter((f) => f.is_me_sp === 1).map((f) => f.name));
  const elements = parsed.doc.elements;
  if (elements.some((e) => "FontFamily" in e && premium.has(e.FontFamily)))
    throw new ApiError(Code.needMember, TIP.fontMembersOnly);
  if (s.config.memberTable && elements.some(hasCells))
    throw new ApiError(Code.needMember, TIP.tableMembersOnly);
  if (s.config.memberVariable && isVariableLabel(parsed.doc))
    throw new ApiError(Code.needMember, VARIABLE_MEMBERS_ONLY);
}
