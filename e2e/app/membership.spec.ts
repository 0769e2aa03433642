// Membership and payment (issue 18): a free user picks a member font in the editor, upgrades from
// the membership prompt (the upgrade dialog opens in place), "scans" the QR code (a second page
// opens the sandbox checkout URL) and pays: tip94 within one poll and the font is unlocked. A failed
// payment shows tip95, an expired order the timeout message; a redeem code makes a member once and
// is refused the second time; /member lists the purchase records.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { openDb } from "../../src/server/db";
import { addAt, gotoEditor, openEditor } from "../editor/helpers";
import {
  apiPost,
  appUrl,
  chooseFromUserMenu,
  fillLogin,
  launchBrowser,
  newContext,
  type RunningApp,
  screenshot,
  sharePickerReady,
  signedInPage,
  startApp,
  waitForRoute,
  waitForToast,
} from "../support";

const t = en as Record<string, string>;
let app: RunningApp;
let browser: Browser;
let page: Page;

let dataDir = "";
let redeemCode = "";

/** The operator mints a redeem code with `npm run admin` before the server starts (one process per PGlite folder). */
async function mintCode(dir: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "src/server/admin/main.ts", "redeem-codes", "--days", "30", "--count", "1"],
    { env: { ...process.env, INKLESS_DATA: dir } },
  );
  return stdout.trim();
}

/** The membership server's settings: sandbox payments, a 1 MB free allowance, its own data folder. */
const memberAppEnv = () => ({
  INKLESS_PAYMENTS: "sandbox",
  INKLESS_DATA: dataDir,
  INKLESS_FREE_SPACE_MB: "1",
});

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "inkless-e2e-member-"));
  const started = launchBrowser();
  redeemCode = await mintCode(dataDir);
  [app, browser] = await Promise.all([startApp(memberAppEnv()), started]);
  ({ page } = await signedInPage(browser, app.baseUrl));
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail")
    await screenshot(page, `membership-fail-${ctx.task.name.slice(0, 30)}`);
});

const field = (id: string) => page.getByTestId(id);

/** The payer's phone: opens the checkout URL the QR code holds and presses a button there. */
async function checkout(action: "pay" | "fail" | "expire", p: Page = page) {
  const url = await p.getByTestId("member-pay-url").getAttribute("href");
  expect(url).toMatch(/\/label\/pay\/\w+$/);
  const phone = await p.context().newPage();
  await phone.goto(url as string);
  if (action === "pay") await screenshot(phone, "membership-checkout");
  await phone.getByTestId(`pay-${action}`).click();
  await phone.getByTestId("pay-state").waitFor();
  await phone.close();
}

describe("membership", () => {
  it("a free user upgrades from a member font's prompt, pays by the QR code, and the font unlocks", async () => {
    await openEditor(page, app.baseUrl);
    await addAt(page, "Text", 0.5, 0.5);
    const premium = await page.$$eval('[data-testid="panel-font"] option[data-premium="1"]', (os) =>
      os.map((o) => (o as HTMLOptionElement).value),
    );
    expect(premium.length).toBeGreaterThan(0);
    await field("panel-font").selectOption(premium[0]);
    await field("membership-prompt").waitFor();
    expect(await field("membership-message").textContent()).toBe(t["tip.tip125"]);
    await field("membership-upgrade").click();
    // dialog mode: the upgrade dialog opens over the editor, which stays
    await field("upgrade-dialog").waitFor();
    expect(await page.evaluate(() => location.pathname)).toBe("/label/editLabel");
    await field("member-qr").waitFor();
    expect(await field("member-state").textContent()).toBe(t["member.state.free"]);
    const plans = field("member-plan");
    expect(await plans.count()).toBe(3);
    expect(await plans.first().getAttribute("aria-checked")).toBe("true");
    expect(await field("member-pay-price").textContent()).toBe("$9.90");
    expect(await field("member-privileges").locator("li").count()).toBe(9);
    await screenshot(page, "membership-upgrade-dialog");
    // another plan: a new order (a new QR code) and its price
    const firstUrl = await field("member-pay-url").getAttribute("href");
    await plans.nth(2).click();
    await page.waitForFunction(
      (u) => document.querySelector('[data-testid="member-pay-url"]')?.getAttribute("href") !== u,
      firstUrl,
    );
    expect(await field("member-pay-price").textContent()).toBe("$79.00");
    const paidAt = Date.now();
    await checkout("pay");
    await waitForToast(page, t["tip.tip94"]);
    // seen within one poll (3 s) of paying, with room for a loaded machine
    expect(Date.now() - paidAt).toBeLessThan(3000 + 5000);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="member-state"]')?.getAttribute("data-member") === "1",
    );
    await field("upgrade-close").click();
    await field("upgrade-dialog").waitFor({ state: "detached" });
    await field("panel-font").selectOption(premium[0]);
    await page.waitForFunction(
      (f) => (document.querySelector('[data-testid="panel-font"]') as HTMLSelectElement).value === f,
      premium[0],
    );
    expect(await field("membership-prompt").count()).toBe(0);
  });

  it("a failed payment shows tip95; an expired order shows the timeout message; a new code can be had", async () => {
    await page.goto(appUrl(app.baseUrl, "/member"));
    await waitForRoute(page, "/member");
    await field("member-qr").waitFor();
    await checkout("fail");
    await waitForToast(page, t["tip.tip95"]);
    await page.locator('[data-testid="member-pay"][data-state="failed"]').waitFor();
    await field("member-pay-again").click();
    await field("member-qr").waitFor();
    await checkout("expire");
    await waitForToast(page, t["member.pay.timeout"]);
    await page.locator('[data-testid="member-pay"][data-state="timedOut"]').waitFor();
    // the paid year and nothing else is in the records
    await page.locator('[data-testid="purchase-record"]').first().waitFor();
    expect(await page.locator('[data-testid="purchase-record"]').allTextContents()).toEqual([
      expect.stringContaining("Membership, 1 year"),
    ]);
    await screenshot(page, "membership-member-page");
    // the personal centre: the membership state (plan, expiry, space of the member's allowance), the
    // way to renew, and the link to the purchase records' own page (the same list)
    await page.goto(appUrl(app.baseUrl, "/user"));
    await page.locator('[data-testid="user-member-state"][data-member="1"]').waitFor();
    expect(await field("user-member-state").textContent()).toMatch(/^Member until .+ · days left: 36[56]$/);
    await field("user-member-plan").waitFor();
    expect(await field("user-member-plan").textContent()).toBe("Plan: Membership, 1 year");
    await field("user-space").waitFor();
    expect(await field("user-space").textContent()).toMatch(/^[\d.]+ (B|KB|MB) of 5 GB used$/);
    expect(await field("user-member-upgrade").textContent()).toBe(t["app.user.membership.renew"]);
    await screenshot(page, "membership-user-member");
    await page.getByTestId("user-purchases").click();
    await waitForRoute(page, "/member/purchaseRecords");
    await page.getByRole("heading", { level: 1, name: t["app.user.purchases.title"] }).waitFor();
    await page.locator('[data-testid="purchase-record"]').first().waitFor();
    expect(await page.locator('[data-testid="purchase-record"]').allTextContents()).toEqual([
      expect.stringContaining("Membership, 1 year"),
    ]);
    await screenshot(page, "membership-purchase-records");
  });

  it("a redeem code makes a member once and is refused the second time; the member may then rename", async () => {
    const { page: other } = await signedInPage(browser, app.baseUrl);
    expect(redeemCode).toMatch(/^[2-9A-Z]{4}(-[2-9A-Z]{4}){3}$/);
    // a free user's new nickname: the server's 402 opens the membership prompt, the typed name stays
    await other.goto(appUrl(app.baseUrl, "/user"));
    const nick = other.locator('input[name="nickname"]');
    await nick.fill("Member To Be");
    await other.getByRole("button", { name: t["app.common.save"], exact: true }).click();
    await other.getByTestId("membership-prompt").waitFor();
    expect(await other.getByTestId("membership-message").textContent()).toBe(
      t["server.error.nicknameMember"],
    );
    await screenshot(other, "membership-nickname-prompt");
    await other.getByTestId("membership-confirm").click();
    await other.getByTestId("membership-prompt").waitFor({ state: "detached" });
    expect(await nick.inputValue()).toBe("Member To Be");
    // a free user's state in the personal centre: not a member, the free space, Upgrade to /member
    expect(await other.getByTestId("user-member-state").textContent()).toBe(t["member.state.free"]);
    await other.getByTestId("user-space").waitFor();
    expect(await other.getByTestId("user-space").textContent()).toMatch(/^[\d.]+ (B|KB|MB) of 1 MB used$/);
    expect(await other.getByTestId("user-member-plan").count()).toBe(0);
    await other.getByTestId("user-member-upgrade").click();
    await waitForRoute(other, "/member");
    for (const [p, answer] of [
      [other, t["member.redeem.done"]],
      [page, en["server.redeem.used"]],
    ] as const) {
      await p.goto(appUrl(app.baseUrl, "/member"));
      await p.getByTestId("member-redeem").click();
      await p.getByTestId("redeem-confirm").click();
      await waitForToast(p, t["member.redeem.empty"]);
      await p.getByTestId("redeem-code").fill(redeemCode.toLowerCase());
      await p.getByTestId("redeem-confirm").click();
      await waitForToast(p, answer);
    }
    expect((await apiPost(other, "/api/tem.app_member/getMemberUser", {})).data.is_member).toBe(true);
    await other.getByTestId("redeem-dialog").waitFor({ state: "detached" });
    await other.locator('[data-testid="member-state"][data-member="1"]').waitFor();
    // now a member: the new nickname is saved
    await other.goto(appUrl(app.baseUrl, "/user"));
    await nick.fill("Member Now");
    await other.getByRole("button", { name: t["app.common.save"], exact: true }).click();
    await waitForToast(other, t["app.user.saved"]);
    expect((await apiPost(other, "/api/user/getUserInfo", {})).data.nickname).toBe("Member Now");
  });

  it("over the free cloud space an upload is refused with the prompt; a space package from /expansion makes room; when it expires, new uploads are refused and the files stay", async () => {
    const { page: p, user } = await signedInPage(browser, app.baseUrl);
    const png = (n: string) => ({ name: n, mimeType: "image/png", buffer: Buffer.alloc(700 * 1024, 7) });
    await p.goto(appUrl(app.baseUrl, "/cloudData"));
    await p.getByTestId("cloud-folder").first().waitFor();
    await p.getByTestId("cloud-upload-input").setInputFiles([png("first.png")]);
    await p.getByTestId("cloud-file").filter({ hasText: "first.png" }).waitFor();
    await p.getByTestId("cloud-upload-input").setInputFiles([png("second.png")]);
    await p.getByTestId("membership-prompt").waitFor();
    expect(await p.getByTestId("membership-message").textContent()).toContain("cloud space is full");
    await p.getByTestId("membership-upgrade").click();
    await waitForRoute(p, "/expansion");
    expect(await p.getByTestId("space-usage").textContent()).toBe("700 KB of 1 MB used");
    await p.getByTestId("member-qr").waitFor();
    expect(await p.getByTestId("member-plan").allTextContents()).toEqual([
      expect.stringMatching(/^10 GB1 year\$9\.90\$19\.90$/),
      expect.stringMatching(/^Recommended50 GB1 year\$29\.90\$59\.90$/),
    ]);
    await checkout("pay", p);
    await waitForToast(p, t["tip.tip94"]);
    await p.getByTestId("space-packages").waitFor();
    expect(await p.getByTestId("space-usage").textContent()).toBe("700 KB of 10 GB used");
    await screenshot(p, "membership-expansion");
    await p.goto(appUrl(app.baseUrl, "/cloudData"));
    await p.getByTestId("cloud-folder").first().waitFor();
    await p.getByTestId("cloud-upload-input").setInputFiles([png("second.png")]);
    await p.getByTestId("cloud-file").filter({ hasText: "second.png" }).waitFor();
    expect(await p.getByTestId("membership-prompt").count()).toBe(0);

    // a year later: the package has expired (its end moved into the past while the server is down;
    // PGlite is one process's), the quota is the free one again, the files are all still there
    await app.halt();
    const db = await openDb({ dataDir });
    await db.query(
      "UPDATE payment_orders SET valid_until = now() - interval '1 minute' WHERE kind = 'space'",
    );
    await db.close();
    app = await startApp(memberAppEnv());
    const later = await (await newContext(browser)).newPage();
    await later.goto(appUrl(app.baseUrl, "/login"));
    await fillLogin(later, user);
    await waitForRoute(later, "/index");
    await later.goto(appUrl(app.baseUrl, "/cloudData"));
    await later.getByTestId("cloud-file").filter({ hasText: "second.png" }).waitFor();
    expect(await later.getByTestId("cloud-file").filter({ hasText: "first.png" }).count()).toBe(1);
    await later.getByTestId("cloud-upload-input").setInputFiles([png("third.png")]);
    await later.getByTestId("membership-prompt").waitFor();
    expect(await later.getByTestId("membership-message").textContent()).toContain("cloud space is full");
    expect(await later.getByTestId("cloud-file").filter({ hasText: "third.png" }).count()).toBe(0);
    await later.context().close();
  }, 180_000);
});

// INKLESS_MEMBERSHIP=off (docs/payments.md): one shop's own server. Every member feature is open to
// everyone and nothing anywhere speaks of membership: no member entries in the navigation, no member
// marker or prompt in the editor, no membership state or prompt in the personal centre.
describe("membership switched off", () => {
  let off: RunningApp;
  let p: Page;
  beforeAll(async () => {
    off = await startApp({ INKLESS_MEMBERSHIP: "off", INKLESS_PAYMENTS: "sandbox" });
    ({ page: p } = await signedInPage(browser, off.baseUrl));
  });
  afterAll(async () => {
    await p?.context().close();
    await off?.stop();
  });

  it("the navigation has no membership entries", async () => {
    await p.getByTestId("user-menu").click();
    const pop = p.getByTestId("user-menu-pop");
    await pop.getByRole("menuitem", { name: t["app.nav.user"], exact: true }).waitFor();
    const entries = await pop.getByRole("menuitem").allTextContents();
    for (const key of ["app.nav.member", "app.nav.expansion", "app.user.purchases.title"])
      expect(entries).not.toContain(t[key]);
    await p.keyboard.press("Escape");
    const bar = await p.locator("header").innerText();
    expect(bar).not.toContain(t["app.nav.member"]);
    expect(bar).not.toContain(t["app.nav.expansion"]);
  });

  it("the personal centre renames without a prompt and shows no membership state", async () => {
    // the card asks getMemberUser on opening: its answer is in before the card is looked for
    const asked = p.waitForResponse((r) => r.url().includes("/getMemberUser"));
    await chooseFromUserMenu(p, t["app.nav.user"]);
    await waitForRoute(p, "/user");
    expect((await (await asked).json()).data.membership).toBe(0);
    await p.locator('input[name="nickname"]').fill("Shop Owner");
    await p.getByRole("button", { name: t["app.common.save"], exact: true }).click();
    await waitForToast(p, t["app.user.saved"]);
    expect((await apiPost(p, "/api/user/getUserInfo", {})).data.nickname).toBe("Shop Owner");
    expect(await p.getByTestId("membership-prompt").count()).toBe(0);
    expect(await p.getByTestId("user-membership").count()).toBe(0);
    expect(await p.getByTestId("user-purchases").count()).toBe(0);
    await screenshot(p, "membership-off-user");
  });

  it("sharing: every validity is open and unmarked; a 30-day share is made with no prompt", async () => {
    await p.goto(appUrl(off.baseUrl, "/sharingTemplates"));
    await p.getByText(t["app.share.mineEmpty"]).waitFor();
    await sharePickerReady(p);
    expect(await p.getByTestId("share-days").locator("option").allTextContents()).toEqual([
      t["app.share.days1"],
      "7 days",
      "30 days",
    ]);
    await p.getByTestId("share-days").selectOption("30");
    await p.getByRole("button", { name: t["app.share.create"] }).click();
    await p.getByTestId("my-share").waitFor();
    expect(await p.getByTestId("membership-prompt").count()).toBe(0);
    await screenshot(p, "membership-off-sharing");
  });

  it("data recovery does not call restoring a member feature", async () => {
    await p.goto(appUrl(off.baseUrl, "/dataRecovery"));
    await p.getByTestId("recovery-intro").waitFor();
    await expect.poll(() => p.getByTestId("recovery-intro").textContent()).toBe(t["app.recovery.introOpen"]);
  });

  it("document printing's custom crop and splitting are not marked as member features", async () => {
    await p.goto(appUrl(off.baseUrl, "/pdfPrint"));
    await p
      .getByTestId("docprint-file")
      .setInputFiles(join(__dirname, "../../tests/fixtures/images/quads.png"));
    await p.getByRole("radio", { name: t["docprint.mode.split"] }).waitFor();
    await expect.poll(() => p.locator(".docprint-member-badge").count()).toBe(0);
  });

  it("the editor's member fonts are open, unmarked, with no prompt", async () => {
    await gotoEditor(p, off.baseUrl);
    await addAt(p, "Text", 0.5, 0.5);
    // the marker goes once the server has said membership is off (it is shown while not known)
    await p.waitForFunction(() => {
      const os = [...document.querySelectorAll('[data-testid="panel-font"] option[data-premium="1"]')];
      // the name (and the scripts it draws), without the member marker ★
      return (
        os.length > 0 &&
        os.every(
          (o) =>
            (o.textContent ?? "").startsWith((o as HTMLOptionElement).value) && !o.textContent?.includes("★"),
        )
      );
    });
    const premium = await p.$$eval('[data-testid="panel-font"] option[data-premium="1"]', (os) =>
      os.map((o) => ({ value: (o as HTMLOptionElement).value })),
    );
    await p.getByTestId("panel-font").selectOption(premium[0].value);
    await p.waitForFunction(
      (f) => (document.querySelector('[data-testid="panel-font"]') as HTMLSelectElement).value === f,
      premium[0].value,
    );
    expect(await p.getByTestId("membership-prompt").count()).toBe(0);
  });
});
