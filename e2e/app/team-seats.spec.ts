// Team plans with seats through Stripe (issue 40): the server talks to a local stand-in of Stripe's
// API (tests/server/support/fakeStripe.ts) through the official SDK. A team with one included seat
// refuses a second member; the owner buys 3 seats on the team page, the browser goes to the
// stand-in's checkout page, which "pays" and sends the signed webhook, then comes back to the team
// page: 4 seats, three invitations fill them and a fourth is refused with the translated reason.
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { FakeStripe } from "../../tests/server/support/fakeStripe";
import {
  appUrl,
  launchBrowser,
  type RunningApp,
  screenshot,
  signedInPage,
  startApp,
  waitForToast,
} from "../support";

const t = en as Record<string, string>;
const noSeats = (n: number) => t["server.error.noSeats"].replace("{{seats}}", String(n));
const seatsText = (used: number, total: number) =>
  t["app.team.seats"].replace("{{used}}", String(used)).replace("{{total}}", String(total));

let fake: FakeStripe;
let app: RunningApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  fake = await new FakeStripe().start();
  const started = launchBrowser();
  app = await startApp({
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_API_BASE: fake.base,
    INKLESS_TEAM_SEATS: "1",
  });
  fake.webhookUrl = `${app.baseUrl}/interface/api/payment/callback?provider=stripe`;
  browser = await started;
  ({ page } = await signedInPage(browser, app.baseUrl));
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await fake?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail")
    await screenshot(page, `team-seats-fail-${ctx.task.name.slice(0, 30)}`);
});

/** The owner invites an account from the team page's form. */
async function invite(account: string) {
  await page.getByTestId("invite-account").fill(account);
  await page.getByTestId("invite-send").click();
}

describe("team seats bought through Stripe Checkout", () => {
  it("the owner buys 3 seats in the browser; the team page shows them; an invitation beyond them is refused", async () => {
    await page.goto(appUrl(app.baseUrl, "/team"));
    await page.getByTestId("team-name").fill("Seats Co");
    await page.getByTestId("team-create").click();
    const count = page.getByTestId("team-seats-count");
    await expect.poll(() => count.textContent(), { timeout: 30_000 }).toBe(seatsText(1, 1));
    await invite("packer0@example.com");
    await waitForToast(page, noSeats(1));

    await page.getByTestId("seats-count").fill("3");
    await page.getByTestId("seats-buy").click();
    await page.waitForURL((u) => u.href.startsWith(`${fake.base}/checkout/`), { timeout: 30_000 });
    await expect.poll(() => page.getByTestId("fake-stripe-amount").textContent()).toBe("15.00 USD");
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL((u) => u.href.startsWith(appUrl(app.baseUrl, "/team?paid=")), { timeout: 30_000 });
    await page.getByTestId("seats-pending").waitFor();
    await expect.poll(() => count.textContent(), { timeout: 30_000 }).toBe(seatsText(1, 4));

    for (const n of [1, 2, 3]) {
      await invite(`packer${n}@example.com`);
      await expect.poll(() => count.textContent(), { timeout: 30_000 }).toBe(seatsText(1 + n, 4));
    }
    await invite("packer4@example.com");
    await waitForToast(page, noSeats(4));
    expect(await count.textContent()).toBe(seatsText(4, 4));
    await screenshot(page, "team-seats-bought");
  });
});
