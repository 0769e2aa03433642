// Save to cloud asks for a folder (issue 34): a label saved as a new template goes into the folder
// the user picks among their template folders, the current one (here the default) chosen first;
// cancelling saves nothing, and saving the template again keeps it where it is without asking.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import en from "../../locales/en.json";
import { waitForCount } from "../editor/helpers";
import {
  apiPost,
  launchBrowser,
  openSignedInEditor,
  type RunningApp,
  screenshot,
  startApp,
} from "../support";
import * as h from "./helpers";

const t = en as Record<string, string>;
let app: RunningApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  ({ page } = await openSignedInEditor(browser, app.baseUrl));
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** The names of the templates in a folder, as the server lists them. */
async function namesIn(folder: string): Promise<string[]> {
  const r = await apiPost(page, "/api/tem.app_public/getUserTemplateList", {
    parent_id: folder,
    page: 1,
    size: 50,
  });
  const list: { name: string }[] = Array.isArray(r.data) ? r.data : (r.data?.list ?? []);
  return list.map((x) => x.name);
}

it("asks which folder a new label goes into, the default first, and saves it there", async () => {
  const shop = await apiPost(page, "/api/tem.app_public/addUserClass", { name: "Shop" });
  expect(shop.code).toBe(200);
  const folders: { id: string; name: string }[] = (
    await apiPost(page, "/api/tem.app_public/getUserClassList", {})
  ).data;
  expect(folders.length).toBe(2);
  await h.newLabel(page, app.baseUrl);
  const name = String(h.labelAttr(page).name);
  await h.addElement(page, "Text");
  await waitForCount(page, 1);

  await h.menu(page, "cloud");
  const dialog = page.getByTestId("save-folder-dialog");
  await dialog.waitFor();
  const folder = dialog.getByRole("combobox", { name: t["editor.saveFolder.folder"] });
  expect(await folder.locator("option").allTextContents()).toEqual(folders.map((f) => f.name));
  expect(await folder.inputValue()).toBe(folders[0].id);
  await screenshot(page, "save-folder");
  // cancelled: nothing is saved
  await dialog.getByRole("button", { name: t["editor.dialog.cancel"] }).click();
  await dialog.waitFor({ state: "detached" });
  expect(h.labelAttr(page).id ?? "").toBe("");

  await page.keyboard.press("Control+s");
  await dialog.waitFor();
  await folder.selectOption(shop.data.id);
  const added = page.waitForResponse((r) => r.url().includes("/addUserTemplate"));
  await dialog.getByRole("button", { name: t["editor.saveFolder.save"] }).click();
  expect(JSON.parse((await added).request().postData() ?? "{}").parent_id).toBe(shop.data.id);
  await h.toast(page, t["tip.tip58"]);
  await page.waitForURL((u) => u.searchParams.get("labelStatus") === "edit");
  expect(await namesIn(shop.data.id)).toEqual([name]);
  expect(await namesIn(folders[0].id)).not.toContain(name);

  // saved again: an edit of the template where it is, no question
  await h.addElement(page, "Barcode");
  await waitForCount(page, 2);
  const edited = page.waitForResponse((r) => r.url().includes("/editUserTemplate"));
  await h.menu(page, "cloud");
  expect((await edited).status()).toBe(200);
  expect(await dialog.count()).toBe(0);
  expect(await namesIn(shop.data.id)).toEqual([name]);
}, 300_000);
