// Cloud templates (issue 16): a new user reaches /cloudTemplate from the navigation, uploads two
// .tprt files (a malformed one fails on its own, a .txt is refused with the spec's message), sorts,
// switches grid and list, renames, makes "New folder 1" and moves a template there, duplicates,
// searches across folders, downloads a .tprts, deletes a template and a folder (the last one is
// kept) and opens a template in the editor.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { parseLabelFile } from "../../src/model/file";
import { waitForEditor } from "../editor/helpers";
import {
  apiPost,
  chooseFromMainNav,
  launchBrowser,
  type RunningApp,
  screenshot,
  signedInPage,
  startApp,
  waitForRoute,
  waitForTexts,
  waitForTitle,
  waitForToast,
} from "../support";

const t = en as Record<string, string>;
const LABELS = join(__dirname, "../../tests/fixtures/labels");
let app: RunningApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  ({ page } = await signedInPage(browser, app.baseUrl));
  page.on("pageerror", (e) => console.log("PAGEERR", e.message));
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail")
    await screenshot(page, `cloud-templates-fail-${ctx.task.name.slice(0, 30)}`);
});

const waitNames = (want: string[]) => waitForTexts(page, "template-name", want);
const toast = (text: string) => waitForToast(page, text);
const folder = (name: string) => page.getByTestId("cloud-folder").filter({ hasText: name });
const action = (verb: string, name: string) =>
  page.getByRole("button", {
    name: verb === "Download" ? `Download template ${name} as .tprts` : `${verb} template ${name}`,
    exact: true,
  });

describe("cloud templates page", () => {
  let samples: string[] = [];

  it("is reached from the navigation and lists the default folder's templates", async () => {
    // the home page links it too
    expect(
      await page.locator(".home-actions").getByRole("link", { name: t["app.nav.cloudTemplate"] }).count(),
    ).toBe(1);
    await chooseFromMainNav(page, t["app.nav.cloudTemplate"]);
    await page.waitForURL(/\/label\/cloudTemplate$/);
    await page.getByTestId("template-item").first().waitFor();
    await waitForTitle(page, `${t["app.route.cloudTemplate"]} · ${t["app.name"]}`);
    samples = await page.getByTestId("template-name").allTextContents();
    expect(samples.length).toBe(3); // the labels every new account starts with
  });

  it("uploads two .tprt files, fails a malformed one on its own and refuses a .txt", async () => {
    await page.getByTestId("cloud-sort").selectOption("nameAsc");
    await page.getByTestId("cloud-upload-input").setInputFiles([
      {
        name: "Shelf.tprt",
        mimeType: "application/xml",
        buffer: readFileSync(join(LABELS, "shelf-tag.tprt")),
      },
      {
        name: "broken.tprt",
        mimeType: "application/xml",
        buffer: readFileSync(join(LABELS, "malformed.tprt")),
      },
      {
        name: "Minimal.tprt",
        mimeType: "application/xml",
        buffer: readFileSync(join(LABELS, "minimal.tprt")),
      },
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") },
    ]);
    await toast(`notes.txt: ${t["app.templates.fileType"]}`);
    const failed = page.getByTestId("cloud-upload-failed");
    await failed.waitFor();
    expect(await failed.textContent()).toBe(t["file.error.malformed"]);
    await waitNames([...samples, "Minimal", "Shelf"].sort((a, b) => a.localeCompare(b)));
    // the uploaded label keeps its size and got a cover preview drawn from its content
    const minimal = page.getByTestId("template-item").filter({ hasText: "Minimal" });
    expect(await minimal.locator(".tpl-meta").textContent()).toContain("50 × 30 mm");
    await page.waitForFunction(() => {
      const card = [...document.querySelectorAll('[data-testid="template-item"]')].find((c) =>
        c.textContent?.includes("Minimal"),
      );
      const img = card?.querySelector("img");
      return !!img && img.complete && img.naturalWidth > 0;
    });
    await page.getByRole("button", { name: "Dismiss broken.tprt" }).click();
    await failed.waitFor({ state: "detached" });
    await page.getByTestId("cloud-sort").selectOption("nameDesc");
    await waitNames([...samples, "Minimal", "Shelf"].sort((a, b) => b.localeCompare(a)));
    await screenshot(page, "cloud-templates-grid");
    await page.getByTestId("template-view-list").click();
    await page.locator(".tpl-list").first().waitFor();
    await waitNames([...samples, "Minimal", "Shelf"].sort((a, b) => b.localeCompare(a)));
    await screenshot(page, "cloud-templates-list");
    await page.getByTestId("template-view-grid").click();
    await page.locator(".tpl-grid").first().waitFor();
  });

  it("asks before an upload overwrites a template of the same name", async () => {
    const again = {
      name: "Minimal.tprt",
      mimeType: "application/xml",
      buffer: readFileSync(join(LABELS, "minimal.tprt")),
    };
    const before = await page.getByTestId("template-name").allTextContents();
    await page.getByTestId("cloud-upload-input").setInputFiles([again]);
    const dialog = page.getByTestId("cover-dialog");
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("“Minimal”");
    await page.getByTestId("cover-cancel").click();
    const failed = page.getByTestId("cloud-upload-failed");
    await failed.waitFor();
    expect(await failed.textContent()).toBe(t["server.error.templateExists"]);
    await page.getByRole("button", { name: "Dismiss Minimal.tprt" }).click();
    await page.getByTestId("cloud-upload-input").setInputFiles([again]);
    await page.getByTestId("cover-confirm").click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("progressbar", { name: "Uploading Minimal.tprt" }).waitFor({ state: "detached" });
    expect(await failed.count()).toBe(0);
    await waitNames(before);
  });

  it("takes a label file dropped on the drop zone", async () => {
    const xml = readFileSync(join(LABELS, "minimal.tprt"), "utf8");
    await page.getByTestId("cloud-drop").evaluate((zone, text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], "Dropped.tprt", { type: "application/xml" }));
      zone.dispatchEvent(new DragEvent("dragover", { dataTransfer: dt, bubbles: true, cancelable: true }));
      zone.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, xml);
    await page
      .getByTestId("template-name")
      .filter({ hasText: /^Dropped$/ })
      .waitFor();
    await action("Delete", "Dropped").click();
    await page.getByTestId("cloud-confirm-ok").click();
    await page
      .getByTestId("template-name")
      .filter({ hasText: /^Dropped$/ })
      .waitFor({ state: "detached" });
  });

  it("renames a template through the template dialog", async () => {
    await action("Rename", "Shelf").click();
    const dialog = page.getByTestId("rename-dialog");
    expect(await dialog.getByRole("heading").textContent()).toBe(t["app.templates.renameTitle"]);
    await page.getByTestId("rename-input").fill("Shelf/1");
    await page.getByTestId("rename-confirm").click();
    expect(await page.getByTestId("rename-error").textContent()).toContain(
      t["server.validation.nameChars"].split("{{")[0],
    );
    await page.getByTestId("rename-input").fill("Apple label");
    await page.getByTestId("rename-confirm").click();
    await dialog.waitFor({ state: "detached" });
    await page
      .getByTestId("template-name")
      .filter({ hasText: /^Apple label$/ })
      .waitFor();
  });

  it("makes New folder 1, renames it with the template folder dialog and moves a template there", async () => {
    await page.getByTestId("cloud-new-folder").click();
    await folder("New folder 1").waitFor();
    await page.getByRole("button", { name: "Rename New folder 1" }).click();
    const dialog = page.getByTestId("rename-dialog");
    expect(await dialog.getByRole("heading").textContent()).toBe(t["app.templates.renameFolderTitle"]);
    await page.getByTestId("rename-input").fill("Shop");
    await page.getByTestId("rename-confirm").click();
    await folder("Shop").waitFor();
    await action("Move", "Apple label").click();
    await page.getByTestId("cloud-move-folder").selectOption({ label: "Shop" });
    await page.getByTestId("cloud-move-ok").click();
    await page
      .getByTestId("template-name")
      .filter({ hasText: /^Apple label$/ })
      .waitFor({ state: "detached" });
    await folder("Shop (1)").click();
    await waitNames(["Apple label"]);
  });

  it("duplicates a template into the same folder", async () => {
    await action("Duplicate", "Apple label").click();
    await toast("“Apple label (2)”");
    await page.getByTestId("cloud-sort").selectOption("nameAsc");
    await waitNames(["Apple label", "Apple label (2)"]);
    await folder("Shop (2)").waitFor();
  });

  it("finds templates by name across folders", async () => {
    await page.getByTestId("template-search").fill("label");
    await page.getByRole("heading", { name: "“label” in every folder" }).waitFor();
    await waitNames(["Apple label", "Apple label (2)", "Shipping label"]);
    // the results name their folder
    const item = page.getByTestId("template-item").filter({ hasText: /Apple label \(2\)/ });
    expect(await item.locator(".tpl-meta").textContent()).toContain("Shop");
    await page.getByTestId("template-search").fill("no such label");
    await page.getByTestId("template-empty").waitFor();
    await page.getByTestId("template-search").fill("");
    await waitNames(["Apple label", "Apple label (2)"]);
  });

  it("downloads a template as a .tprts file that opens", async () => {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      action("Download", "Apple label").click(),
    ]);
    expect(download.suggestedFilename()).toBe("Apple label.tprts");
    const path = await download.path();
    const r = parseLabelFile(new Uint8Array(readFileSync(path)));
    expect(r.ok && [r.doc.attrs.width, r.doc.attrs.height]).toEqual([100, 80]);
  });

  it("deletes a template and a folder, but keeps the last folder", async () => {
    await action("Delete", "Apple label (2)").click();
    await page.getByTestId("cloud-confirm-ok").click();
    await waitNames(["Apple label"]);
    await page.getByRole("button", { name: "Delete Shop" }).click();
    await page.getByTestId("cloud-confirm-ok").click();
    await folder("Shop").waitFor({ state: "detached" });
    expect(await page.getByTestId("cloud-folder").count()).toBe(1);
    const only = page.getByTestId("cloud-folder");
    const name = (await only.textContent())?.replace(/\s*\(\d+\)$/, "") ?? "";
    await page.getByRole("button", { name: `Delete ${name}` }).click();
    await page.getByTestId("cloud-confirm-ok").click();
    await toast(t["server.error.keepOneFolder"]);
    expect(await page.getByTestId("cloud-folder").count()).toBe(1);
  });

  it("shows the membership prompt when a free user is over the folder quota", async () => {
    // fill the quota through the API (as other tabs would), then ask for one more on the page
    for (let i = 0; ; i++) {
      const r = await apiPost(page, "/api/tem.app_public/addUserClass", { name: `Quota ${i}` });
      if (r.code === 402) break;
      expect(r.code).toBe(200);
    }
    await page.getByTestId("cloud-new-folder").click();
    const prompt = page.getByTestId("membership-prompt");
    await prompt.waitFor();
    expect(await page.getByTestId("membership-message").textContent()).toBe(
      t["server.error.folderQuota"].replace("{{max}}", "50"),
    );
    await page.getByTestId("membership-confirm").click();
    await prompt.waitFor({ state: "detached" });
    expect(await page.getByTestId("cloud-folder").filter({ hasText: "New folder" }).count()).toBe(0);
  });

  it("opens a template in the editor from a click on its name", async () => {
    // where a user clicks: the name, not the cover
    const name = await page
      .getByTestId("template-name")
      .filter({ hasText: /^Minimal$/ })
      .boundingBox();
    if (!name) throw new Error("no template named Minimal");
    await page.mouse.click(name.x + Math.min(20, name.width / 2), name.y + name.height / 2);
    await page.waitForURL(/\/label\/editLabel\?/);
    await waitForEditor(page);
    expect(await page.getByTestId("label-name").textContent()).toContain("Minimal");
    await page.waitForFunction(() => document.querySelectorAll(".ink-label g[data-id]").length >= 4);
    // the editor's back button returns where the user came from: the template list, not home
    await page.getByTestId("exit-edit").click();
    await waitForRoute(page, "/cloudTemplate");
    await page.getByTestId("template-item").first().waitFor();
  });
});
