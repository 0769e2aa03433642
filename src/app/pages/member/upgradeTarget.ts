// Where the membership prompt's upgrade button goes (application.md §2 dialog 1): /member when the
// message holds the member-space text, else /expansion (cloud space). The text is this language's
// "member" word (member.spaceText), which every member-feature message holds and the cloud-space
// messages do not (tests/app/member.test.ts). The stored configuration's member_space is the
// member's cloud space as text ("5 GB", docs/api.md): it is shown, not matched (docs/decisions.md).
export function upgradeTarget(message: string, memberSpace: string): "/member" | "/expansion" {
  return memberSpace && message.toLowerCase().includes(memberSpace.toLowerCase()) ? "/member" : "/expansion";
}
