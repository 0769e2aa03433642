// Feedback, "was this helpful" and the home tour (issue 22): send feedback with a captured screenshot
// from the home page and with an uploaded one from the help centre (signed out), the operator's mail,
// a help answer once per article in a browser, the tour on a user's first visit only (skip
// remembered per user), and the operator listing it all with `npm run admin`.
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { encode } from "fast-png";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import {
  appUrl,
  chooseFromUserMenu,
  expectSpotAround,
  launchBrowser,
  newContext,
  type RunningApp,
  registerUser,
  screenshot,
  signedInPage,
  startApp,
  until,
} from "../support";

let app: RunningApp;
let browser: Browser;
const OPERATOR = "ops@example.com";

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp({ INKLESS_FEEDBACK_TO: OPERATOR }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** An uploaded screenshot: a 40×30 PNG, blue with a red first row. */
const UPLOAD = encode({
  width: 40,
  height: 30,
  channels: 4,
  data: Uint8Array.from({ length: 40 * 30 * 4 }, (_, i) =>
    i < 160 ? [255, 0, 0, 255][i % 4] : [0, 80, 255, 255][i % 4],
  ),
});

const pngSize = (b: Uint8Array) => {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  return { width: v.getUint32(16), height: v.getUint32(20) };
};

const dialog = (page: Page) => page.getByRole("dialog", { name: en["app.feedback.title"] });

describe("feedback", () => {
  it("sends feedback with a capture of the home page; the operator gets a mail", async () => {
    const { context, page, user } = await signedInPage(browser, app.baseUrl);
    await page.getByTestId("feedback-open").click();
    const d = dialog(page);
    await d.waitFor();
    const description = d.getByLabel(en["app.feedback.description"]);
    // the description is required: the form says so and keeps the focus there
    await d.getByTestId("feedback-send").click();
    await d.getByRole("alert").filter({ hasText: en["server.feedback.description"] }).waitFor();
    expect(await description.evaluate((el) => el === document.activeElement)).toBe(true);
    // focus stays inside the dialog
    await d.getByTestId("feedback-send").focus();
    await page.keyboard.press("Tab");
    expect(await d.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    await d.getByLabel(en["app.feedback.kind"]).selectOption("suggestion");
    await description.fill("Please add a dark theme for the editor.");
    await d.getByLabel(en["app.feedback.contact"]).fill("+86 13800000000");
    await d.getByTestId("feedback-capture").click();
    await d.getByRole("img", { name: en["app.feedback.preview"] }).waitFor();
    await screenshot(page, "feedback-form");
    await d.getByTestId("feedback-send").click();
    await page.locator(".toaster").getByText(en["app.feedback.thanks"]).waitFor();
    await d.waitFor({ state: "detached" });

    const outbox = join(app.dataDir, "outbox");
    const mail = await until(() =>
      readdirSync(outbox)
        .map((f) => JSON.parse(readFileSync(join(outbox, f), "utf8")))
        .find((m) => m.to === OPERATOR && m.text.includes(user.account)),
    );
    expect(mail.subject).toContain("suggestion");
    expect(mail.text).toContain("Please add a dark theme for the editor.");
    expect(mail.text).toContain("Page: /label/index");
    await context.close();
  });

  it("sends feedback with an uploaded screenshot from the help centre, signed out", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(appUrl(app.baseUrl, "/helpDetail?id=print-shifted"));
    await page.getByTestId("feedback-open").click();
    const d = dialog(page);
    await d.waitFor();
    // not an image: refused in the form, translated
    await d.getByTestId("feedback-file").setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("hello"),
    });
    await d.getByRole("alert").filter({ hasText: en["app.feedback.shotType"] }).waitFor();
    await d.getByTestId("feedback-file").setInputFiles({
      name: "shot.png",
      mimeType: "image/png",
      buffer: Buffer.from(UPLOAD),
    });
    await d.getByRole("img", { name: en["app.feedback.preview"] }).waitFor();
    expect(await d.getByRole("alert").count()).toBe(0);
    await d.getByLabel(en["app.feedback.kind"]).selectOption("bug");
    await d.getByLabel(en["app.feedback.description"]).fill("The print is shifted 2 mm to the left.");
    await d.getByTestId("feedback-send").click();
    await page.locator(".toaster").getByText(en["app.feedback.thanks"]).waitFor();
    await context.close();
  });
});

describe("was this helpful", () => {
  it("takes one answer per article in a browser and thanks for it", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(appUrl(app.baseUrl, "/helpDetail?id=print-shifted"));
    const box = page.getByTestId("help-helpful");
    await box.getByText(en["help.helpful.question"]).waitFor();
    await box.getByRole("button", { name: en["help.helpful.yes"], exact: true }).click();
    await box.getByRole("status").filter({ hasText: en["help.helpful.thanks"] }).waitFor();
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "The print is shifted" }).waitFor();
    await box.getByRole("status").filter({ hasText: en["help.helpful.thanks"] }).waitFor();
    expect(await box.getByRole("button").count()).toBe(0);
    // another article still asks
    await page.getByRole("link", { name: new RegExp(en["help.next"]) }).click();
    await page.getByRole("heading", { level: 1 }).filter({ hasNotText: "The print is shifted" }).waitFor();
    await box.getByRole("button", { name: en["help.helpful.no"], exact: true }).waitFor();
    await context.close();
  });
});

describe("home tour", () => {
  const tour = (p: Page) => p.getByTestId("guide");
  const step = async (p: Page) => Number(await tour(p).getAttribute("data-step"));

  it("shows on a user's first visit, points at the real controls, and a skip is remembered for that user", async () => {
    const context = await newContext(browser, "en-US", { firstUse: true });
    const page = await context.newPage();
    const tourChunks: string[] = [];
    page.on("request", (r) => {
      if (/\/HomeTour-[^/]*\.js$/.test(r.url())) tourChunks.push(r.url());
    });
    const user = await registerUser(page, app.baseUrl);
    await tour(page).waitFor();
    const card = page.getByRole("dialog", { name: en["app.tour.title0"] });
    await card.waitFor();
    await page.getByTestId("guide-start").click();
    for (const [n, target, title] of [
      [1, "new-label", en["app.tour.title1"]],
      [2, "recent-labels", en["app.tour.title2"]],
      [3, "main-nav", en["app.tour.title3"]],
    ] as const) {
      await page.getByRole("dialog", { name: title }).waitFor();
      expect(await step(page)).toBe(n);
      await expectSpotAround(page, target);
      if (n === 2) await screenshot(page, "home-tour");
      await page.getByTestId("guide-next").click();
    }
    await page.getByRole("dialog", { name: en["app.tour.title4"] }).waitFor();
    await expectSpotAround(page, "feedback-open");
    await page.getByTestId("guide-prev").click();
    await page.getByRole("dialog", { name: en["app.tour.title3"] }).waitFor();
    const told = page.waitForResponse((r) => r.url().endsWith("/api/user/tourSeen"));
    await page.getByTestId("guide-skip").click();
    await tour(page).waitFor({ state: "detached" });
    expect((await (await told).json()).code).toBe(200);
    const userid = await page.evaluate(() => JSON.parse(localStorage.getItem("userInfo") ?? "{}").userid);
    expect(await page.evaluate((id) => localStorage.getItem(`homeTour:${id}`), userid)).toBe("false");

    // remembered: the next visit does not even load the tour
    const before = tourChunks.length;
    expect(before).toBeGreaterThan(0);
    await page.reload();
    await page.locator(".label-grid, .empty-state").first().waitFor();
    await page.getByTestId("new-label").click();
    await page.getByRole("dialog").first().waitFor();
    expect(await tour(page).count()).toBe(0);
    expect(tourChunks.length).toBe(before);

    // the server remembers it too: this browser forgetting it (another computer) shows no tour
    await page.evaluate((id) => localStorage.removeItem(`homeTour:${id}`), userid);
    await page.reload();
    await page.waitForFunction((id) => localStorage.getItem(`homeTour:${id}`) === "false", userid);
    expect(await tour(page).count()).toBe(0);

    // per user: another account in the same browser gets its own first visit
    await page.goto(appUrl(app.baseUrl, "/index"));
    await chooseFromUserMenu(page, en["app.nav.signOut"]);
    await page.waitForURL(/\/label\/login/);
    const other = await registerUser(page, app.baseUrl);
    expect(other.account).not.toBe(user.account);
    await tour(page).waitFor();
    await page.keyboard.press("Escape");
    await tour(page).waitFor({ state: "detached" });
    await context.close();
  });
});

describe("the operator's listing", () => {
  it("lists the feedback and the help answers with npm run admin", async () => {
    await app.halt(); // one PGlite data folder belongs to one process
    const run = async (...args: string[]) =>
      (
        await promisify(execFile)(
          process.execPath,
          ["--import", "tsx", "src/server/admin/main.ts", ...args],
          {
            env: { ...process.env, INKLESS_DATA: app.dataDir, DATABASE_URL: "" },
          },
        )
      ).stdout;
    const rows = JSON.parse(await run("feedback", "--json"));
    expect(rows.map((r: { kind: string }) => r.kind)).toEqual(["bug", "suggestion"]);
    const [help, home] = rows;
    expect(home).toMatchObject({
      description: "Please add a dark theme for the editor.",
      contact: "+86 13800000000",
      page: "/label/index",
      app_version: JSON.parse(readFileSync("package.json", "utf8")).version,
    });
    expect(home.account).toMatch(/@/);
    expect(home.user_agent).toMatch(/Chrome\//);
    expect(help).toMatchObject({ account: "", page: "/label/helpDetail?id=print-shifted" });
    // the capture is the page's visible part; the upload is stored as sent
    const capture = new Uint8Array(readFileSync(home.screenshot));
    expect(pngSize(capture)).toEqual({ width: 1280, height: 800 });
    expect(Buffer.from(readFileSync(help.screenshot)).equals(Buffer.from(UPLOAD))).toBe(true);
    const csv = await run("feedback", "--csv");
    expect(csv.split("\r\n")[0]).toBe(
      "created_at,kind,account,contact,description,page,app_version,user_agent,language,screenshot",
    );
    expect(JSON.parse(await run("help-votes", "--json"))).toEqual([
      { slug: "print-shifted", language: "en", yes: 1, no: 0 },
    ]);
  }, 150_000); // three cold starts of the command (tsx, PGlite) on a loaded machine
});
