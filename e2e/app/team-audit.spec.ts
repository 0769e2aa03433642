// The owner's sections of /team (issue 40). Activity: the owner sees who was invited and who joined,
// narrows the list by action and by member, and saves it as CSV headed in the page's language; a
// member who is not an owner has no activity section; axe-clean. Versions: the owner sets how many
// versions each template keeps and for how many days; it is kept, and a member reads it.
import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import {
  apiPost,
  appUrl,
  axeViolations,
  launchBrowser,
  type RunningApp,
  screenshot,
  signedInPage,
  startApp,
  type TestUser,
} from "../support";

const t = en as Record<string, string>;
let app: RunningApp;
let browser: Browser;
let owner: Page;
let member: Page;
let memberUser: TestUser;
const contexts: BrowserContext[] = [];

const rows = (page: Page) =>
  page.$$eval('[data-testid="audit-table"] tbody tr', (trs) =>
    trs.map((tr) => [...tr.querySelectorAll("td")].slice(1).map((td) => td.textContent ?? "")),
  );

describe("a team's activity", () => {
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    const a = await signedInPage(browser, app.baseUrl);
    const b = await signedInPage(browser, app.baseUrl);
    contexts.push(a.context, b.context);
    owner = a.page;
    member = b.page;
    memberUser = b.user;
    const team = await apiPost(owner, "/api/team/create", { name: "Packing" });
    expect(team.code).toBe(200);
    await apiPost(owner, "/api/team/invite", {
      id: team.data.id,
      account: memberUser.account,
      role: "designer",
    });
    const invites = await member.evaluate(
      async () => (await (await fetch("/interface/api/team/invites")).json()).data,
    );
    expect((await apiPost(member, "/api/team/accept", { invite: invites[0].id })).code).toBe(200);
  }, 240_000);
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await app?.stop();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === "fail")
      await screenshot(owner, `team-audit-fail-${ctx.task.name.slice(0, 30)}`);
  });

  it("lists the invitation and the joining, newest first, and narrows by action and member", async () => {
    await owner.goto(appUrl(app.baseUrl, "/team"));
    await owner.getByTestId("audit-table").waitFor();
    expect(await rows(owner)).toEqual([
      [memberUser.account, t["team.audit.action.member.joined"], memberUser.account, t["team.role.designer"]],
      [
        expect.any(String),
        t["team.audit.action.member.invited"],
        memberUser.account,
        t["team.role.designer"],
      ],
    ]);
    await owner.getByTestId("audit-action").selectOption("member.invited");
    await owner.waitForFunction(
      () => document.querySelectorAll('[data-testid="audit-table"] tbody tr').length === 1,
    );
    expect((await rows(owner))[0][1]).toBe(t["team.audit.action.member.invited"]);
    await owner.getByTestId("audit-action").selectOption("");
    const memberId = await owner
      .getByTestId("audit-member")
      .locator("option", { hasText: memberUser.account })
      .getAttribute("value");
    await owner.getByTestId("audit-member").selectOption(memberId ?? "");
    await owner.waitForFunction(
      () => document.querySelectorAll('[data-testid="audit-table"] tbody tr').length === 1,
    );
    expect((await rows(owner))[0][1]).toBe(t["team.audit.action.member.joined"]);
    expect(await axeViolations(owner)).toEqual([]);
    await screenshot(owner, "team-audit");
  });

  it("saves the list as CSV", async () => {
    await owner.getByTestId("audit-member").selectOption("");
    const download = owner.waitForEvent("download");
    await owner.getByTestId("audit-csv").click();
    const file = await (await download).path();
    const lines = readFileSync(file, "utf8")
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      ["time", "member", "action", "subject", "detail"].map((k) => t[`team.audit.col.${k}`]).join(","),
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(t["team.audit.action.member.joined"]);
  });

  it("keeps the owner's version retention, which a member reads", async () => {
    await owner.goto(appUrl(app.baseUrl, "/team"));
    await owner.getByTestId("team-versions-kept").fill("5");
    await owner.getByTestId("team-versions-days").fill("30");
    const saved = owner.waitForResponse((r) => r.url().includes("/setVersionRetention"));
    await owner.getByTestId("team-versions-save").click();
    expect((await (await saved).json()).code).toBe(200);
    await owner.reload();
    await expect.poll(() => owner.getByTestId("team-versions-kept").inputValue()).toBe("5");
    expect(await owner.getByTestId("team-versions-days").inputValue()).toBe("30");
    await member.goto(appUrl(app.baseUrl, "/team"));
    await member
      .getByText(t["app.team.retentionIs"].replace("{{kept}}", "5").replace("{{days}}", "30"))
      .waitFor();
    expect(await member.getByTestId("team-versions-kept").count()).toBe(0);
  });

  it("is not shown to a member who is not an owner", async () => {
    await member.goto(appUrl(app.baseUrl, "/team"));
    await member.getByTestId("team-Packing").waitFor();
    expect(await member.getByTestId("team-audit").count()).toBe(0);
  });
});
