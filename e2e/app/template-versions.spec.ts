// Template versions (issue 40) as a user meets them: a label saved to the cloud twice (add, then an
// edit), its versions opened from /cloudTemplate (newest first), the first one previewed and
// restored, and the editor then showing the first version's text on the canvas.
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { gotoEditor, waitForCount } from "../editor/helpers";
import * as h from "../export/helpers";
import {
  appUrl,
  launchBrowser,
  openSignedInEditor,
  type RunningApp,
  screenshot,
  startApp,
  waitForToast,
} from "../support";

const t = en as Record<string, string>;
let app: RunningApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  ({ page } = await openSignedInEditor(browser, app.baseUrl));
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail")
    await screenshot(page, `versions-fail-${ctx.task.name.slice(0, 30)}`);
});

const NAME = "Versioned jar";
const canvasText = () => page.locator(".ink-label g[data-id]").first().textContent();

describe("template versions", () => {
  it("saves twice, previews and restores the first version, and the editor shows it", async () => {
    await page.goto(appUrl(app.baseUrl, "/index"));
    await h.clearDrafts(page);
    await gotoEditor(
      page,
      app.baseUrl,
      `?labelStatus=add&labelAttr=${encodeURIComponent(JSON.stringify({ name: NAME }))}`,
    );
    await h.addElement(page, "Text");
    await page.getByTestId("panel-text").fill("Alpha");
    const added = page.waitForResponse((r) => r.url().includes("/addUserTemplate"));
    await page.getByTestId("panel-text").press("Control+s");
    expect((await (await added).json()).code).toBe(200);
    await page.waitForURL((u) => u.searchParams.get("labelStatus") === "edit");
    const first = h.labelAttr(page);

    await page.getByTestId("panel-text").fill("Bravo");
    const edited = page.waitForResponse((r) => r.url().includes("/editUserTemplate"));
    await page.getByTestId("panel-text").press("Control+s");
    expect((await (await edited).json()).code).toBe(200);
    await page.waitForURL((u) => JSON.parse(u.searchParams.get("labelAttr") ?? "{}").file !== first.file);
    expect(await canvasText()).toBe("Bravo");

    await page.goto(appUrl(app.baseUrl, "/cloudTemplate"));
    await page.getByRole("button", { name: `Versions of template ${NAME}`, exact: true }).click();
    const dialog = page.getByTestId("versions-dialog");
    await dialog.getByRole("heading", { name: `Versions of “${NAME}”` }).waitFor();
    const rows = dialog.getByTestId("template-version");
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    // newest first: version 2 is the current one and cannot be restored onto itself
    expect(await rows.nth(0).textContent()).toContain(t["app.versions.current"]);
    expect(await rows.nth(0).getByRole("button", { name: "Restore version 2" }).count()).toBe(0);

    await dialog.getByRole("button", { name: "Preview version 1", exact: true }).click();
    const shown = dialog.getByRole("img", { name: "Preview of version 1" });
    await shown.waitFor();
    // the preview is the picture saved with version 1: it loads
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="version-preview-pane"] img');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    await screenshot(page, "template-versions-dialog");

    await dialog.getByRole("button", { name: "Restore version 1", exact: true }).click();
    await waitForToast(page, "Version 1 was restored as version 3");
    await rows.nth(2).waitFor();
    expect(await rows.nth(0).textContent()).toContain("Restored from version 1");
    await dialog.getByTestId("versions-close").click();
    await dialog.waitFor({ state: "detached" });

    await page.getByRole("button", { name: `Open ${NAME} in the editor`, exact: true }).click();
    await page.waitForURL(/\/label\/editLabel\?/);
    await h.labelOpened(page);
    await waitForCount(page, 1);
    expect(await canvasText()).toBe("Alpha");
  });
});
