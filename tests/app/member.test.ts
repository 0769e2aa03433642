// The membership prompt's routing (application.md §2 dialog 1): /member when the message holds the
// member-space text, else /expansion; in every language, every member-feature message holds it.
import { describe, expect, it } from "vitest";
import { daysLeft } from "../../src/app/pages/member/memberText";
import { upgradeTarget } from "../../src/app/pages/member/upgradeTarget";
import { RESOURCES } from "../../src/i18n/messages";
import { LANGUAGES } from "../../src/model/constants";

describe("membership prompt routing", () => {
  it("a message that holds the member word goes to /member, others to /expansion", () => {
    expect(upgradeTarget("Only for VIP users", "VIP")).toBe("/member");
    expect(upgradeTarget("Your cloud space is full", "VIP")).toBe("/expansion");
    expect(upgradeTarget("anything", "")).toBe("/expansion");
  });

  it.each(LANGUAGES)("every member-feature message routes to /member in %s", (lang) => {
    const r = RESOURCES[lang];
    const marker = r["member.spaceText"];
    for (const key of [
      "tip.tip104",
      "tip.tip125",
      "server.error.folderQuota",
      "server.error.recoveryMember",
      "server.error.nicknameMember",
      "server.share.memberDays",
      "server.error.templateQuota",
    ])
      expect({ key, to: upgradeTarget(r[key], marker) }).toEqual({ key, to: "/member" });
    // and a full cloud space goes to /expansion
    expect(upgradeTarget(r["server.space.full"], marker)).toBe("/expansion");
  });

  it("days left: whole days, 0 on the last day (expires today) and after it", () => {
    const now = Date.parse("2026-06-01T12:00:00Z");
    expect(daysLeft("2026-06-01 13:00:00", now)).toBe(0);
    expect(daysLeft("2026-05-01 13:00:00", now)).toBe(0);
    expect(daysLeft("2026-06-02 18:00:00", now)).toBe(2);
    expect(daysLeft("2026-07-01 12:00:00", now)).toBe(30);
    expect(daysLeft("garbage", now)).toBeNull();
  });
});

describe("membership prompt buttons", () => {
  const render = async (membership: number | null, inRouter: boolean) => {
    const { createElement: h } = await import("react");
    const { renderToStaticMarkup } = await import("react-dom/server");
    const { MemoryRouter } = await import("react-router-dom");
    const { MembershipPrompt } = await import("../../src/app/pages/member/MembershipPrompt");
    const { rememberMembership } = await import("../../src/app/auth/membership");
    rememberMembership(membership === null ? null : { is_member: false, expire_time: "", membership });
    const prompt = h(MembershipPrompt, { text: "Tables are for members only.", onClose: () => {} });
    return renderToStaticMarkup(
      inRouter ? h(MemoryRouter, { initialEntries: ["/cloudData"] }, prompt) : prompt,
    );
  };

  it("offers Upgrade (and a close button) where membership is sold", async () => {
    const html = await render(1, true);
    expect(html).toContain('data-testid="membership-upgrade"');
    expect(html).toContain('data-testid="membership-confirm"');
  });

  it("membership switched off, or not known yet, or no router: only the plain confirm", async () => {
    for (const [m, r] of [
      [0, true],
      [null, true],
      [1, false],
    ] as const) {
      const html = await render(m, r);
      expect(html).not.toContain("membership-upgrade");
      expect(html).toContain('data-testid="membership-confirm"');
    }
  });
});
