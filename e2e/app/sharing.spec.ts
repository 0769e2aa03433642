// Shared templates (issue 17): A shares a template for 1 day from /sharingTemplates; B adds the code
// (empty and unknown codes show their messages), opens the template read-only (saving makes a copy in
// B's folders, A's template is untouched), prints it directly; A revokes and B loses it, file
// included. The 7-day choice shows the membership prompt for a free user. A share link opened while
// logged out survives the login and opens the shared template.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { waitForEditor } from "../editor/helpers";
import {
  apiPost,
  appUrl,
  chooseFromMainNav,
  fillLogin,
  launchBrowser,
  newContext,
  newUser,
  type RunningApp,
  registerUser,
  screenshot,
  sharePickerReady,
  signedInPage,
  startApp,
  type TestUser,
  waitForRoute,
} from "../support";

const t = en as Record<string, string>;
const fmt = (key: string, vars: Record<string, string>) =>
  t[key].replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? "");
let app: RunningApp;
let browser: Browser;
let a: Page;
let b: Page;
let bUser: TestUser;
const contexts: BrowserContext[] = [];

// a member through the operator's list (INKLESS_MEMBERS), for the validities free users may not pick
const memberUser = newUser();

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp({ INKLESS_MEMBERS: memberUser.account }), launchBrowser()]);
  const sa = await signedInPage(browser, app.baseUrl);
  const sb = await signedInPage(browser, app.baseUrl);
  contexts.push(sa.context, sb.context);
  a = sa.page;
  b = sb.page;
  bUser = sb.user;
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== "fail") return;
  // every page the spec opened (A's, B's and those of the later users), so a failure shows each side
  const pages = contexts.flatMap((c) => c.pages());
  for (const [i, page] of pages.entries())
    await screenshot(page, `sharing-fail-${i}-${ctx.task.name.slice(0, 30)}`);
});

async function toast(page: Page, text: string) {
  await page.waitForFunction(
    (want) => [...document.querySelectorAll(".toast-text")].some((n) => n.textContent?.includes(want)),
    text,
  );
}

const elementCount = (page: Page) => page.locator('[data-testid="canvas"] g[data-id]').count();

async function templateNames(page: Page): Promise<string[]> {
  const r = await apiPost(page, "/api/tem.app_public/getUserTemplateList", { size: 200 });
  return r.data.map((x: { name: string }) => x.name);
}

let code = "";
let shared: { id: string; name: string; file_web: string; update_time: string };

describe("shared templates", () => {
  it("A shares a template for 1 day from the page reached by the navigation", async () => {
    const first = (await apiPost(a, "/api/tem.app_public/getUserTemplateList", { size: 1 })).data[0];
    await chooseFromMainNav(a, t["app.nav.sharing"]);
    await waitForRoute(a, "/sharingTemplates");
    await a.getByRole("tab", { name: t["app.share.mine"], selected: true }).waitFor();
    await a.getByText(t["app.share.mineEmpty"]).waitFor();
    // the template picker lists the default folder's templates
    await a.getByTestId("share-template").selectOption(first.id);
    const picked = await a.getByTestId("share-template").inputValue();
    const list = (await apiPost(a, "/api/tem.app_public/getUserTemplateList", { size: 200 })).data;
    shared = list.find((x: { id: string }) => x.id === picked);
    expect(shared).toBeTruthy();
    expect(await a.getByTestId("share-days").inputValue()).toBe("1");
    await a.getByRole("button", { name: t["app.share.create"] }).click();
    const row = a.getByTestId("my-share");
    await row.waitFor();
    code = (await row.getAttribute("data-code")) ?? "";
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{10}$/);
    expect(await a.getByTestId("share-created").textContent()).toContain(code);
    expect(await row.textContent()).toContain(shared.name);
    // uses: nobody has added it yet
    expect(await row.locator("td").nth(3).textContent()).toBe("0");
    await screenshot(a, "sharing-my-shares");
  });

  it("the 7-day choice shows the membership prompt for a free user", async () => {
    await a.getByTestId("share-days").selectOption("7");
    await a.getByRole("button", { name: t["app.share.create"] }).click();
    await a.getByTestId("membership-prompt").waitFor();
    expect(await a.getByTestId("membership-message").textContent()).toBe(t["server.share.memberDays"]);
    await screenshot(a, "sharing-member-prompt");
    await a.getByTestId("membership-confirm").click();
    await a.getByTestId("membership-prompt").waitFor({ state: "detached" });
    expect(await a.getByTestId("my-share").count()).toBe(1);
    await a.getByTestId("share-days").selectOption("1");
  });

  it("the 7-day choice works for a member", async () => {
    const context = await newContext(browser);
    contexts.push(context);
    const m = await context.newPage();
    await registerUser(m, app.baseUrl, memberUser);
    await m.goto(appUrl(app.baseUrl, "/sharingTemplates"));
    await sharePickerReady(m);
    await m.getByTestId("share-days").selectOption("7");
    await m.getByRole("button", { name: t["app.share.create"] }).click();
    const row = m.getByTestId("my-share");
    await row.waitFor();
    expect(await m.getByTestId("membership-prompt").count()).toBe(0);
    const mine = await apiPost(m, "/api/share/mine", {});
    expect(mine.data).toEqual([expect.objectContaining({ days: 7, expired: 0 })]);
    await screenshot(m, "sharing-member-7-days");
  });

  it("a list answering late does not hide the share just made", async () => {
    const { context, page: c } = await signedInPage(browser, app.baseUrl);
    contexts.push(context);
    // in the page: the opening list's answer (still empty) reaches the app only when the test
    // releases it, after the list asked for once the share is made (held in the page, so no
    // connection stays busy); `listsRead` counts the answers the app has read
    await c.addInitScript(() => {
      const w = window as unknown as { listsRead: number; releaseList: () => void };
      w.listsRead = 0;
      const released = new Promise<void>((resolve) => {
        w.releaseList = resolve;
      });
      let lists = 0;
      const plain = window.fetch.bind(window);
      window.fetch = async (...args) => {
        if (!String(args[0]).endsWith("/api/share/mine")) return plain(...args);
        const first = ++lists === 1;
        const res = await plain(...args);
        if (first) await released;
        const json = res.json.bind(res);
        res.json = () =>
          json().finally(() => {
            w.listsRead += 1;
          });
        return res;
      };
    });
    await c.goto(appUrl(app.baseUrl, "/sharingTemplates"));
    await sharePickerReady(c);
    await c.getByRole("button", { name: t["app.share.create"] }).click();
    await c.getByTestId("my-share").waitFor();
    const asked = await c.evaluate(
      () => performance.getEntriesByType("resource").filter((e) => e.name.endsWith("/api/share/mine")).length,
    );
    await c.evaluate(() => (window as unknown as { releaseList: () => void }).releaseList());
    // every list asked for has been read, the held one too
    await c.waitForFunction((n) => (window as unknown as { listsRead: number }).listsRead >= n, asked);
    // two frames: React has rendered whatever the late answer set
    await c.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await c.getByTestId("my-share").count()).toBe(1);
  });

  it("B adds the code (after the empty and unknown messages) and sees the template", async () => {
    await b.goto(appUrl(app.baseUrl, "/sharingTemplates"));
    await b.getByRole("tab", { name: t["app.share.received"] }).click();
    await b.waitForURL((u) => u.searchParams.get("tab") === "received");
    await b.getByText(t["app.share.receivedEmpty"]).waitFor();
    const input = b.getByLabel(t["app.share.code"]);
    await b.getByRole("button", { name: t["app.share.add"], exact: true }).click();
    await b.getByText(t["app.share.codeRequired"]).waitFor();
    expect(await input.getAttribute("aria-invalid")).toBe("true");
    await input.fill("ZZZZ-ZZZZ-ZZ");
    await b.getByRole("button", { name: t["app.share.add"], exact: true }).click();
    await b.locator(".field-error").getByText(t["server.share.unknown"]).waitFor();
    await input.fill(code.toLowerCase());
    await b.getByRole("button", { name: t["app.share.add"], exact: true }).click();
    const item = b.getByTestId("received-share");
    await item.waitFor();
    expect(await item.getAttribute("data-code")).toBe(code);
    expect(await item.getByTestId("received-template").textContent()).toContain(shared.name);
    expect(await input.inputValue()).toBe("");
    await screenshot(b, "sharing-shared-with-me");
    // A's list counts the use
    await a.reload();
    await a.getByTestId("my-share").waitFor();
    expect(await a.getByTestId("my-share").locator("td").nth(3).textContent()).toBe("1");
  });

  it("B opens it read-only: saving makes a copy in B's folders, A's template is untouched", async () => {
    // every user starts with the same samples: B's own of that name goes first, so B's copy is a new template (no overwrite question)
    const own = (await apiPost(b, "/api/tem.app_public/getUserTemplateList", { size: 200 })).data.find(
      (x: { name: string }) => x.name === shared.name,
    );
    expect((await apiPost(b, "/api/tem.app_public/delUserTemplate", { id: own.id })).code).toBe(200);
    const before = await templateNames(b);
    await b.getByRole("button", { name: fmt("app.share.openNamed", { name: shared.name }) }).click();
    await waitForRoute(b, "/editLabel");
    await waitForEditor(b);
    await b.getByTestId("share-notice").waitFor();
    await b.waitForFunction(() => document.querySelectorAll('[data-testid="canvas"] g[data-id]').length > 0);
    expect(await elementCount(b)).toBeGreaterThan(0);
    const added = b.waitForResponse((r) => r.url().includes("/addUserTemplate"));
    await b.keyboard.press("Control+s");
    const answer = await (await added).json();
    expect(answer.code, JSON.stringify(answer)).toBe(200);
    expect(answer.data.name).toBe(shared.name);
    // the copy is B's own label now: no notice, type no longer share
    await b.getByTestId("share-notice").waitFor({ state: "detached" });
    const after = await templateNames(b);
    expect(after.sort()).toEqual([...before, shared.name].sort());
    const mine = (await apiPost(b, "/api/tem.app_public/getUserTemplateList", { size: 200 })).data;
    expect(mine.every((x: { id: string }) => x.id !== shared.id)).toBe(true);
    const aNow = (await apiPost(a, "/api/tem.app_public/getUserTemplateList", { size: 200 })).data.find(
      (x: { id: string }) => x.id === shared.id,
    );
    expect(aNow.update_time).toBe(shared.update_time);
    expect(aNow.file_web).toBe(shared.file_web);
  });

  it("B prints it directly from the list, without making a copy", async () => {
    await b.goto(appUrl(app.baseUrl, "/sharingTemplates?tab=received"));
    const before = await templateNames(b);
    await b.getByRole("button", { name: fmt("app.share.printNamed", { name: shared.name }) }).click();
    await waitForRoute(b, "/editLabel");
    await b.getByTestId("print-dialog").waitFor();
    // the shared label itself is what the dialog previews
    await b.getByTestId("print-preview").locator(":scope > svg").waitFor();
    await screenshot(b, "sharing-print-direct");
    expect(await templateNames(b)).toEqual(before);
  });

  it("A revokes: B loses the share and its file", async () => {
    const fileStatus = () =>
      b.evaluate(async (url) => (await fetch(url, { credentials: "include" })).status, shared.file_web);
    expect(await fileStatus()).toBe(200);
    await a.getByRole("button", { name: fmt("app.share.revokeNamed", { name: shared.name }) }).click();
    await a.getByTestId("cloud-confirm-ok").click();
    await a.getByText(t["app.share.mineEmpty"]).waitFor();
    await b.goto(appUrl(app.baseUrl, "/sharingTemplates?tab=received"));
    await b.getByText(t["app.share.receivedEmpty"]).waitFor();
    expect(await b.getByTestId("received-share").count()).toBe(0);
    expect(await fileStatus()).toBe(404);
    // the revoked code says so
    await b.getByLabel(t["app.share.code"]).fill(code);
    await b.getByRole("button", { name: t["app.share.add"], exact: true }).click();
    await b.locator(".field-error").getByText(t["server.share.revoked"]).waitFor();
  });

  it("a share link opened while logged out survives the login and opens the shared template", async () => {
    await a.getByRole("button", { name: t["app.share.create"] }).click();
    await a.getByTestId("my-share").waitFor();
    const linkCode = (await a.getByTestId("my-share").getAttribute("data-code")) ?? "";
    const fresh = await newContext(browser);
    contexts.push(fresh);
    const p = await fresh.newPage();
    await p.goto(appUrl(app.baseUrl, `/editLabel?share=${linkCode}`));
    await waitForRoute(p, "/login");
    expect(new URL(p.url()).searchParams.get("redirect")).toBe(`/editLabel?share=${linkCode}`);
    await fillLogin(p, bUser);
    await p.getByTestId("share-notice").waitFor();
    await waitForEditor(p);
    const attr = JSON.parse(new URL(p.url()).searchParams.get("labelAttr") ?? "{}");
    expect(attr).toMatchObject({ id: shared.id, type: "share", name: shared.name });
    expect(await p.evaluate(() => sessionStorage.getItem("shareTempQuery"))).toBe(`share=${linkCode}`);
    await screenshot(p, "sharing-link-editor");
    // leaving the editor for another page clears the held share query (the guard rule)
    await p.goto(appUrl(app.baseUrl, "/sharingTemplates?tab=received"));
    await p.getByTestId("received-share").waitFor();
    expect(await p.evaluate(() => sessionStorage.getItem("shareTempQuery"))).toBeNull();
  });
  it("the folder-sharing switch: off refuses a folder share and is kept; on, B gets the whole folder", async () => {
    const sw = a.getByRole("checkbox", { name: t["app.share.folderSwitch"] });
    // the switch is disabled until the server's setting has loaded
    const loaded = async () => {
      await a.locator('[data-testid="share-folder-switch"]:enabled').waitFor();
      return sw.isChecked();
    };
    expect(await loaded()).toBe(true);
    const off = a.waitForResponse((r) => r.url().includes("/api/share/setFolderSharing"));
    await sw.uncheck();
    await off;
    await a.reload();
    await a.getByTestId("my-share").first().waitFor();
    expect(await loaded()).toBe(false);
    await a.getByTestId("share-kind-folder").check();
    expect(await a.getByTestId("share-template").count()).toBe(0);
    await a.getByRole("button", { name: t["app.share.create"] }).click();
    await toast(a, t["server.share.foldersOffMine"]);
    await sw.check();
    await a.getByRole("button", { name: t["app.share.create"] }).click();
    const folderRow = a.getByTestId("my-share").filter({ hasText: t["app.share.kindFolder"] });
    await folderRow.waitFor();
    const folderCode = (await folderRow.getAttribute("data-code")) ?? "";
    await b.goto(appUrl(app.baseUrl, "/sharingTemplates?tab=received"));
    await b.getByLabel(t["app.share.code"]).fill(folderCode);
    await b.getByRole("button", { name: t["app.share.add"], exact: true }).click();
    const item = b.getByTestId("received-share").filter({ hasText: "Default folder" });
    await item.waitFor();
    const aCount = (await apiPost(a, "/api/tem.app_public/getUserTemplateList", { size: 200 })).count;
    expect(await item.getByTestId("received-template").count()).toBe(aCount);
    await screenshot(b, "sharing-folder-received");
  });
});
