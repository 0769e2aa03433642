// Where the membership prompt's upgrade button goes (application.md §2 dialog 1): /member when the
// message holds the member-space text of the stored configuration, else /expansion (cloud space).
// Without a stored configuration the text is this language's "member" word (member.spaceText), which
// every member-feature message holds and the cloud-space messages do not (tests/app/member.test.ts).
export function memberSpaceText(fallback: string, store: Pick<Storage, "getItem"> | null): string {
  try {
    const c = JSON.parse(store?.getItem("configuration") ?? "{}") as { member_space?: unknown };
    if (typeof c.member_space === "string" && c.member_space) return c.member_space;
  } catch {}
  return fallback;
}

export function upgradeTarget(message: string, memberSpace: string): "/member" | "/expansion" {
  return memberSpace && message.toLowerCase().includes(memberSpace.toLowerCase()) ? "/member" : "/expansion";
}
