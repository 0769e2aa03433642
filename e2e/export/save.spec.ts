// Save and open (issue 8) in the built app: cloud save (add, then edit; the preview through putb64),
// reload from the saved file, the 405 cover flow and the 402 membership prompt (server answers
// arranged with page.route), the exit dialog (save and leave, failures stay), drafts restored from
// IndexedDB after a reload, and a .tprts downloaded and opened again. Exports: exports.spec.ts.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { gotoEditor, renderedIds, waitForCount } from "../editor/helpers";
import {
  apiPost,
  appUrl,
  launchBrowser,
  openSignedInEditor,
  type RunningApp,
  screenshot,
  startApp,
  uploadAs,
} from "../support";
import * as h from "./helpers";

const t = en as Record<string, string>;
let app: RunningApp;
let browser: Browser;
let page: Page;
const dir = mkdtempSync(join(tmpdir(), "inkless-e2e-save-"));

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  ({ page } = await openSignedInEditor(browser, app.baseUrl));
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const addElement = (kind: string) => h.addElement(page, kind);
const menu = (item: string) => h.menu(page, item);
const toast = (text: string) => h.toast(page, text);
const labelAttr = () => h.labelAttr(page);
const newLabel = () => h.newLabel(page, app.baseUrl);

/** Until `stop()`, the server answers `call` (a template call) with `body`. */
async function arrange(call: string, body: Record<string, unknown>): Promise<{ stop: () => Promise<void> }> {
  const url = `**/interface/api/tem.app_public/${call}`;
  await page.route(url, (route) =>
    route.fulfill({ contentType: "application/json", body: JSON.stringify(body) }),
  );
  return { stop: () => page.unroute(url) };
}

describe("cloud save and open", () => {
  it("nothing to save: tip50", async () => {
    await newLabel();
    await menu("cloud");
    await toast(t["tip.tip50"]);
  });

  it("saves a new label, reloads it from its file, edits and saves again (edit path)", async () => {
    await newLabel();
    await addElement("Text");
    await addElement("Barcode");
    await waitForCount(page, 2);
    const added = page.waitForResponse((r) => r.url().includes("/addUserTemplate"));
    const picture = page.waitForRequest((r) => r.url().includes("/interface/putb64/-1/key/"));
    await menu("cloud");
    const answer = await (await added).json();
    expect(answer.code).toBe(200);
    await toast(t["tip.tip58"]);
    // the preview went up as base64 with the upload token, and the template points at it
    const put = await picture;
    expect(put.headers().authorization).toMatch(/^UpToken \S{20,}$/);
    const key = Buffer.from(put.url().split("/key/")[1], "base64url").toString("utf8");
    expect(key).toMatch(/\/tprt\/preview\/\d{8}\/[a-z0-9]{16}\.png$/);
    expect(String(answer.data.image)).toContain(key);
    const png = await page.evaluate(async (url) => {
      const r = await fetch(url, { credentials: "include" });
      return [...new Uint8Array(await r.arrayBuffer()).subarray(0, 4)];
    }, String(answer.data.image));
    expect(png).toEqual([0x89, 0x50, 0x4e, 0x47]);
    await page.waitForURL((u) => u.searchParams.get("labelStatus") === "edit");
    const first = labelAttr();
    expect(first.id).toBeTruthy();
    expect(String(first.file)).toMatch(/^https?:\/\/.+\/files\/|^\/files\//);

    await page.reload();
    await waitForCount(page, 2);
    const ids = await renderedIds(page);

    await addElement("Rectangle");
    await waitForCount(page, 3);
    const edited = page.waitForResponse((r) => r.url().includes("/editUserTemplate"));
    await page.keyboard.press("Control+s");
    const body = JSON.parse((await edited).request().postData() ?? "{}");
    expect(body.id).toBe(first.id);
    await page.waitForURL((u) => JSON.parse(u.searchParams.get("labelAttr") ?? "{}").file !== first.file);
    expect(labelAttr().id).toBe(first.id);

    await page.reload();
    await waitForCount(page, 3);
    expect((await renderedIds(page)).slice(0, 2)).toEqual(ids);
  });

  it("Ctrl+S in a panel field commits what was typed and saves it (a text box, then a checkbox)", async () => {
    await newLabel();
    await addElement("Text");
    const g = page.locator(".ink-label g[data-id]").first();
    await page.getByTestId("panel-text").fill("Typed then saved");
    const added = page.waitForResponse((r) => r.url().includes("/addUserTemplate"));
    await page.getByTestId("panel-text").press("Control+s");
    expect((await (await added).json()).code).toBe(200);
    await page.waitForURL((u) => u.searchParams.get("labelStatus") === "edit");
    expect(await g.textContent()).toBe("Typedthensaved");
    // the focus on a checkbox of the panel: Ctrl+S still saves
    const first = labelAttr();
    await page.getByTestId("panel-bold").check();
    const edited = page.waitForResponse((r) => r.url().includes("/editUserTemplate"));
    await page.getByTestId("panel-bold").press("Control+s");
    expect((await (await edited).json()).code).toBe(200);
    await page.waitForURL((u) => JSON.parse(u.searchParams.get("labelAttr") ?? "{}").file !== first.file);
    await page.reload();
    await waitForCount(page, 1);
    expect(await g.textContent()).toBe("Typedthensaved");
    expect(await g.locator("text").getAttribute("font-weight")).toBe("bold");
  });

  it("405: the cover dialog overwrites the existing template ('Added successfully')", async () => {
    await newLabel();
    await addElement("Text");
    await waitForCount(page, 1);
    const add = await arrange("addUserTemplate", {
      code: 405,
      message: "The template already exists",
      data: null,
    });
    await menu("cloud");
    await page.getByTestId("cover-dialog").waitFor();
    await add.stop();
    const covered = page.waitForResponse((r) => r.url().includes("/coverUserTemplate"));
    await page.getByTestId("cover-confirm").click();
    expect((await (await covered).json()).code).toBe(200);
    await toast(t["editor.cover.added"]);
    await page.getByTestId("cover-dialog").waitFor({ state: "detached" });
    await page.waitForURL((u) => u.searchParams.get("labelStatus") === "edit");
  });

  it("the same label saved from two tabs: the stale save offers a copy, and nothing is lost", async () => {
    await newLabel();
    await addElement("Text");
    await waitForCount(page, 1);
    await menu("cloud");
    await page.waitForURL((u) => u.searchParams.get("labelStatus") === "edit");
    const opened = labelAttr();
    // meanwhile another tab of the same user saves the label (its calls, made from this page)
    const up = await uploadAs(page, {
      bucket: "hm-inkless",
      path: "tprt/other-tab.tprts",
      name: "other-tab.tprts",
      source: { url: String(opened.file) },
    });
    const otherSave = await apiPost(page, "/api/tem.app_public/editUserTemplate", {
      id: opened.id,
      name: opened.name,
      width: opened.width,
      height: opened.height,
      url: `/files/${up.key}`,
      base_file: opened.file,
    });
    expect(otherSave.code).toBe(200);
    // this tab still has the first version: its save is refused and the choice is offered
    await addElement("Barcode");
    await waitForCount(page, 2);
    await page.keyboard.press("Control+s");
    await page.getByTestId("conflict-dialog").waitFor();
    await screenshot(page, "save-conflict");
    const copied = page.waitForResponse((r) => r.url().includes("/addUserTemplate"));
    await page.getByTestId("conflict-copy").click();
    const copy = await (await copied).json();
    expect(copy.code).toBe(200);
    expect(copy.data.name).toBe(t["editor.conflict.copyName"].replace("{{name}}", String(opened.name)));
    await page.getByTestId("conflict-dialog").waitFor({ state: "detached" });
    await page.waitForURL((u) => JSON.parse(u.searchParams.get("labelAttr") ?? "{}").id === copy.data.id);
    // the other tab's save is still the template's content
    const list = (await apiPost(page, "/api/tem.app_public/getUserTemplateList", { size: 200 })).data as {
      id: string;
      file_web: string;
    }[];
    expect(list.find((x) => x.id === opened.id)?.file_web).toBe(otherSave.data.file_web);
    expect(list.some((x) => x.id === copy.data.id)).toBe(true);
  });

  it("402 on add: the membership prompt shows the server message", async () => {
    await newLabel();
    await addElement("Text");
    await waitForCount(page, 1);
    const add = await arrange("addUserTemplate", { code: 402, msg: "Become a member to save more" });
    await menu("cloud");
    await expect(page.getByTestId("membership-message").textContent()).resolves.toBe(
      "Become a member to save more",
    );
    await page.getByTestId("membership-confirm").click();
    // the work is kept
    await waitForCount(page, 1);
    await add.stop();
  });

  it("402 in the cover dialog: it closes and the prompt follows", async () => {
    await newLabel();
    await addElement("Text");
    await waitForCount(page, 1);
    const add = await arrange("addUserTemplate", { code: 405, message: "exists" });
    const cover = await arrange("coverUserTemplate", { code: 402, msg: "Quota reached" });
    await menu("cloud");
    await page.getByTestId("cover-confirm").click();
    await page.getByTestId("cover-dialog").waitFor({ state: "detached" });
    await expect(page.getByTestId("membership-message").textContent()).resolves.toBe("Quota reached");
    await page.getByTestId("membership-confirm").click();
    await add.stop();
    await cover.stop();
  });
});

describe("exit with unsaved changes", () => {
  const atIndex = (u: URL) => u.pathname.endsWith("/index");

  it("save and leave: the label goes to the cloud, then the editor goes back", async () => {
    await newLabel();
    await addElement("Text");
    await waitForCount(page, 1);
    const name = String(labelAttr().name);
    await page.getByTestId("exit-edit").click();
    const dialog = page.getByTestId("exit-dialog");
    await dialog.waitFor();
    // the shell: a labelled modal dialog
    expect(await dialog.getAttribute("aria-modal")).toBe("true");
    const title = await dialog.getAttribute("aria-labelledby");
    expect(await page.locator(`[id="${title}"]`).textContent()).toBe(t["editor.exit.title"]);
    const added = page.waitForResponse((r) => r.url().includes("/addUserTemplate"));
    await page.getByTestId("exit-save").click();
    const answer = await (await added).json();
    expect(answer.code).toBe(200);
    expect(answer.data.name).toBe(name);
    await page.waitForURL(atIndex);
    // it is in the cloud: its file opens in the editor again
    await gotoEditor(
      page,
      app.baseUrl,
      `?labelStatus=edit&labelAttr=${encodeURIComponent(
        JSON.stringify({ id: answer.data.id, name, file: answer.data.file_web }),
      )}`,
    );
    await waitForCount(page, 1);
  });

  it("a failed save keeps the editor and the work; Escape and Cancel stay too", async () => {
    await newLabel();
    await addElement("Text");
    await addElement("Rectangle");
    await waitForCount(page, 2);
    const ids = await renderedIds(page);
    await page.getByTestId("exit-edit").click();
    await page.getByTestId("exit-dialog").waitFor();
    // focus stays inside: Tab from the last answer comes back to the first, Shift+Tab goes round
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("data-testid"));
    await page.getByTestId("exit-save").focus();
    await page.keyboard.press("Tab");
    expect(await focused()).toBe("exit-cancel");
    await page.keyboard.press("Shift+Tab");
    expect(await focused()).toBe("exit-save");
    await page.keyboard.press("Escape");
    await page.getByTestId("exit-dialog").waitFor({ state: "detached" });
    // focus went back to the exit button
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("exit-edit");

    const add = await arrange("addUserTemplate", { code: 209, Reason: "Storage is busy" });
    await page.getByTestId("exit-edit").click();
    await page.getByTestId("exit-save").click();
    await toast("Storage is busy");
    expect(new URL(page.url()).pathname).toMatch(/\/editLabel$/);
    expect(await renderedIds(page)).toEqual(ids);
    // still unsaved: exit asks again
    await page.getByTestId("exit-edit").click();
    await page.getByTestId("exit-dialog").waitFor();
    await page.getByTestId("exit-cancel").click();
    await add.stop();
  });

  it("save and leave through the cover dialog (405) leaves after the overwrite", async () => {
    await newLabel();
    await addElement("Text");
    await waitForCount(page, 1);
    const exitIntoCover = async () => {
      const add = await arrange("addUserTemplate", { code: 405, message: "exists" });
      await page.getByTestId("exit-edit").click();
      await page.getByTestId("exit-save").click();
      await page.getByTestId("cover-dialog").waitFor();
      await add.stop();
    };
    await exitIntoCover();
    // Cancel in the cover dialog stays in the editor
    await page.getByTestId("cover-cancel").click();
    await page.getByTestId("cover-dialog").waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toMatch(/\/editLabel$/);
    await waitForCount(page, 1);

    await exitIntoCover();
    const covered = page.waitForResponse((r) => r.url().includes("/coverUserTemplate"));
    await page.getByTestId("cover-confirm").click();
    expect((await (await covered).json()).code).toBe(200);
    await page.waitForURL(atIndex);
  });

  it("402 on save and leave: the prompt, and the editor keeps the work", async () => {
    await newLabel();
    await addElement("Text");
    await waitForCount(page, 1);
    const add = await arrange("addUserTemplate", { code: 402, msg: "Members only" });
    await page.getByTestId("exit-edit").click();
    await page.getByTestId("exit-save").click();
    await expect(page.getByTestId("membership-message").textContent()).resolves.toBe("Members only");
    await page.getByTestId("membership-confirm").click();
    await add.stop();
    expect(new URL(page.url()).pathname).toMatch(/\/editLabel$/);
    await waitForCount(page, 1);
  });
});

describe("drafts", () => {
  /** The element types of the new label's stored draft ("" when there is none). */
  const draftTypes = (key = "new") =>
    page.evaluate(
      (key) =>
        new Promise<string>((resolve) => {
          const req = indexedDB.open("inkless-drafts");
          // only looks: a database that does not exist yet is not created here
          req.onupgradeneeded = () => req.transaction?.abort();
          req.onerror = () => resolve("");
          req.onsuccess = () => {
            const db = req.result;
            if (!db.objectStoreNames.contains("drafts")) {
              db.close();
              return resolve("");
            }
            const get = db.transaction("drafts").objectStore("drafts").get(key);
            get.onsuccess = () => {
              db.close();
              const xml = String(get.result?.xml ?? "");
              resolve([...xml.matchAll(/<Type>(\w+)<\/Type>/g)].map((m) => m[1]).join(","));
            };
            get.onerror = () => resolve("");
          };
        }),
      key,
    );

  it("unsaved work is restored from IndexedDB after a reload", async () => {
    // a database of that name without the store (an older build, anything else), made before the
    // editor opens: it is upgraded in place
    await page.goto(appUrl(app.baseUrl, "/index"));
    await h.clearDrafts(page);
    const made = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const req = indexedDB.open("inkless-drafts", 1);
          req.onsuccess = () => {
            const stores = [...req.result.objectStoreNames].join(",");
            req.result.close();
            resolve(`v${req.result.version}:${stores}`);
          };
          req.onerror = () => resolve("error");
        }),
    );
    expect(made).toBe("v1:");
    await gotoEditor(page, app.baseUrl, "?labelStatus=add");
    await addElement("Text");
    await addElement("QRcode");
    await waitForCount(page, 2);
    await expect.poll(draftTypes, { timeout: 10_000 }).toBe("Text,QRcode");
    await page.reload();
    await page.getByTestId("draft-dialog").waitFor();
    await waitForCount(page, 0);
    await page.getByTestId("draft-restore").click();
    await waitForCount(page, 2);
    // restored work is unsaved work: the top bar says so
    await page.getByRole("img", { name: t["editor.top.unsaved"] }).waitFor();

    // discarding drops it: the next reload offers nothing
    await page.reload();
    await page.getByTestId("draft-discard").click();
    await page.getByTestId("draft-dialog").waitFor({ state: "detached" });
    await waitForCount(page, 0);
    await expect.poll(draftTypes, { timeout: 10_000 }).toBe("");
  });

  it("a cloud save leaves nothing to restore; a change after it does (issue 23 item 14)", async () => {
    await newLabel();
    await addElement("Text");
    await addElement("QRcode");
    // saved at once, while the draft of the last change is still waiting to be written
    await page.keyboard.press("Control+s");
    await page.waitForURL((u) => u.searchParams.get("labelStatus") === "edit");
    const key = `label:${labelAttr().id}`;
    await page.reload();
    await waitForCount(page, 2);
    expect(await h.offersDraft(page)).toBe(false);
    expect(await draftTypes(key)).toBe("");
    expect(await draftTypes()).toBe("");

    await addElement("Rectangle");
    await expect.poll(() => draftTypes(key), { timeout: 10_000 }).toBe("Text,QRcode,Rectangle");
    await page.reload();
    expect(await h.offersDraft(page)).toBe(true);
    await page.getByTestId("draft-restore").click();
    await waitForCount(page, 3);
  });
});

describe("local files", () => {
  it("downloads the label as .tprts (Ctrl+Shift+S) and opens it again", async () => {
    await newLabel();
    await addElement("Text");
    await addElement("QRcode");
    await waitForCount(page, 2);
    const name = (await page.getByTestId("label-name").textContent())?.replace("•", "").trim();
    const dl = page.waitForEvent("download");
    await page.keyboard.press("Control+Shift+s");
    const download = await dl;
    expect(download.suggestedFilename()).toBe(`${name}.tprts`);
    const file = join(dir, download.suggestedFilename());
    await download.saveAs(file);

    await newLabel();
    await waitForCount(page, 0);
    await page.getByTestId("open-file-input").setInputFiles(file);
    await waitForCount(page, 2);

    // a file that is not a label: the file format's clear error, the document untouched
    const bad = join(dir, "bad.tprts");
    writeFileSync(bad, "not a label");
    await page.getByTestId("open-file-input").setInputFiles(bad);
    await page.locator(".toast-error").first().waitFor();
    await waitForCount(page, 2);
  });
});
