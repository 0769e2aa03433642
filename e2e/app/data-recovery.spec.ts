// Data recovery (issue 16): a member deletes an image on /cloudData and a template folder, finds both
// on /dataRecovery (kind, name, deletion date, days left), restores the image (back in its folder)
// and deletes the folder forever after the confirmation. A free user sees the list, gets the
// membership prompt on restore, and deletes several selected items forever.
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import {
  apiPost,
  chooseFromUserMenu,
  launchBrowser,
  newUser,
  type RunningApp,
  registerUser,
  screenshot,
  signedInPage,
  startApp,
  waitForRoute,
  waitForTitle,
} from "../support";

const t = en as Record<string, string>;
const member = newUser();
let app: RunningApp;
let browser: Browser;
let page: Page;
let current: Page | undefined;

beforeAll(async () => {
  // the operator makes this account a member (INKLESS_MEMBERS); every other account is free
  [app, browser] = await Promise.all([startApp({ INKLESS_MEMBERS: member.account }), launchBrowser()]);
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  await registerUser(page, app.baseUrl, member);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail" && current)
    await screenshot(current, `data-recovery-fail-${ctx.task.name.slice(0, 30)}`);
});

const rows = (p: Page) => p.getByTestId("recovery-item");
const row = (p: Page, name: string) =>
  rows(p).filter({ has: p.getByTestId("recovery-name").getByText(name, { exact: true }) });
async function openRecovery(p: Page) {
  await chooseFromUserMenu(p, t["app.nav.dataRecovery"]);
  await waitForRoute(p, "/dataRecovery");
}

describe("data recovery for a member", () => {
  it("lists a deleted image and template folder with kind, date and days left", async () => {
    current = page;
    expect((await apiPost(page, "/api/tem.app_member/getMemberUser", {})).data.is_member).toBe(true);
    // a template folder, deleted (the template folder page is another part of issue 16)
    const folder = await apiPost(page, "/api/tem.app_public/addUserClass", { name: "Old labels" });
    expect((await apiPost(page, "/api/tem.app_public/delUserClass", { id: folder.data.id })).code).toBe(200);
    // an image uploaded and deleted on /cloudData
    await page
      .getByRole("navigation", { name: t["app.nav.main"] })
      .getByRole("link", { name: t["app.nav.cloudData"] })
      .click();
    await page.getByTestId("cloud-folder").first().waitFor();
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEklEQVR4nGP4z8DAwMDAxMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
      "base64",
    );
    await page
      .getByTestId("cloud-upload-input")
      .setInputFiles([{ name: "badge.png", mimeType: "image/png", buffer: png }]);
    const card = page.getByTestId("cloud-file").filter({ hasText: "badge.png" });
    await card.waitFor();
    await card.getByRole("button", { name: "Delete badge.png" }).click();
    await page.getByTestId("cloud-confirm-ok").click();
    await card.waitFor({ state: "detached" });

    await openRecovery(page);
    await waitForTitle(page, `${t["app.route.dataRecovery"]} · ${t["app.name"]}`);
    await row(page, "badge.png").waitFor();
    await row(page, "Old labels").waitFor();
    expect(await rows(page).count()).toBe(2);
    const image = row(page, "badge.png");
    expect(await image.locator("td").nth(1).textContent()).toBe(t["app.recovery.kind.image"]);
    expect(await image.textContent()).toContain(`in ${t["server.folder.images"]}`);
    expect(await row(page, "Old labels").locator("td").nth(1).textContent()).toBe(
      t["app.recovery.kind.templateFolder"],
    );
    const today = new Date().toLocaleDateString("en-US", { dateStyle: "medium" });
    expect(await image.locator("td").nth(3).textContent()).toBe(today);
    const days = Number(await image.getByTestId("recovery-days").textContent());
    expect(days).toBeGreaterThanOrEqual(180);
    expect(days).toBeLessThanOrEqual(184);
    await screenshot(page, "data-recovery-list");
  });

  it("restores the image into its folder", async () => {
    current = page;
    await page.getByRole("button", { name: "Restore badge.png" }).click();
    await row(page, "badge.png").waitFor({ state: "detached" });
    expect(await rows(page).count()).toBe(1);
    await page
      .getByRole("navigation", { name: t["app.nav.main"] })
      .getByRole("link", { name: t["app.nav.cloudData"] })
      .click();
    await page.getByTestId("cloud-file").filter({ hasText: "badge.png" }).waitFor();
  });

  it("deletes the template folder forever after the confirmation", async () => {
    current = page;
    await openRecovery(page);
    await page.getByRole("button", { name: "Delete Old labels forever" }).click();
    const dialog = page.getByTestId("cloud-confirm");
    await dialog.waitFor();
    expect(await dialog.getByRole("heading").textContent()).toBe(t["app.recovery.confirmTitle"]);
    // cancelling keeps it
    await page.getByTestId("cloud-confirm-cancel").click();
    await dialog.waitFor({ state: "detached" });
    expect(await rows(page).count()).toBe(1);
    await page.getByRole("button", { name: "Delete Old labels forever" }).click();
    await page.getByTestId("cloud-confirm-ok").click();
    await page.getByTestId("recovery-empty").waitFor();
    await screenshot(page, "data-recovery-empty");
    expect((await apiPost(page, "/api/tem.app_public/getRecycleList", {})).data).toEqual([]);
    const folders = (await apiPost(page, "/api/tem.app_public/getUserClassList", {})).data;
    expect(folders.map((f: { name: string }) => f.name)).not.toContain("Old labels");
  });
});

describe("data recovery for a free user", () => {
  it("shows the list, answers restore with the membership prompt, and deletes selected items forever", async () => {
    const free = (await signedInPage(browser, app.baseUrl)).page;
    current = free;
    for (const name of ["Drafts", "Samples 2"]) {
      const folder = await apiPost(free, "/api/tem.app_public/addUserClass", { name });
      await apiPost(free, "/api/tem.app_public/delUserClass", { id: folder.data.id });
    }
    await openRecovery(free);
    await row(free, "Drafts").waitFor();
    expect(await rows(free).count()).toBe(2);
    await free.getByRole("button", { name: "Restore Drafts" }).click();
    await free.getByTestId("membership-prompt").waitFor();
    expect(await free.getByTestId("membership-message").textContent()).toBe(t["server.error.recoveryMember"]);
    await screenshot(free, "data-recovery-member-prompt");
    await free.getByTestId("membership-confirm").click();
    await free.getByTestId("membership-prompt").waitFor({ state: "detached" });
    expect(await rows(free).count()).toBe(2);

    const deleteSelected = free.getByTestId("recovery-delete-selected");
    expect(await deleteSelected.isDisabled()).toBe(true);
    await free.getByRole("checkbox", { name: t["app.recovery.selectAll"] }).check();
    expect(await free.getByRole("checkbox", { name: "Select Drafts" }).isChecked()).toBe(true);
    await deleteSelected.click();
    expect(await free.getByTestId("cloud-confirm").locator("p").textContent()).toBe(
      t["app.recovery.confirmMany"].replace("{{count}}", "2"),
    );
    await free.getByTestId("cloud-confirm-ok").click();
    await free.getByTestId("recovery-empty").waitFor();
    expect(await free.getByTestId("recovery-empty").textContent()).toContain(t["app.recovery.emptyTitle"]);
    await free.context().close();
  });
});
