// Cloud data (issue 16): a new user uploads two images and a spreadsheet on /cloudData, sorts, renames,
// deletes one, makes a folder and moves an image there; refused types and names show the spec's
// messages. Then the editor's cloud image chooser lists the remaining image in that folder's tab and
// the spreadsheet chooser lists the sheet, which fills a text element.
import type { Browser, Page, Route } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { addAt, gotoEditor } from "../editor/helpers";
import {
  chooseFromMainNav,
  launchBrowser,
  type RunningApp,
  screenshot,
  signedInPage,
  startApp,
  until,
  waitForTexts,
  waitForTitle,
  waitForToast,
} from "../support";

const t = en as Record<string, string>;
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
    await screenshot(page, `cloud-data-fail-${ctx.task.name.slice(0, 30)}`);
});

/** A PNG drawn in the page: `noise` makes it larger (less compressible). */
async function png(w: number, h: number, noise: boolean): Promise<Buffer> {
  const b64 = await page.evaluate(
    ([w, h, noise]) => {
      const c = document.createElement("canvas");
      c.width = w;
      c.height = h;
      const g = c.getContext("2d") as CanvasRenderingContext2D;
      g.fillStyle = "#c33";
      g.fillRect(0, 0, w, h);
      if (noise)
        for (let i = 0; i < w * h; i += 3) {
          g.fillStyle = `rgb(${(i * 37) % 255},${(i * 91) % 255},${(i * 13) % 255})`;
          g.fillRect(i % w, Math.floor(i / w), 1, 1);
        }
      return c.toDataURL("image/png").split(",")[1];
    },
    [w, h, noise] as const,
  );
  return Buffer.from(b64, "base64");
}

const waitNames = (want: string[]) => waitForTexts(page, "cloud-file-name", want);
const toast = (text: string) => waitForToast(page, text);
const fileCard = (name: string) => page.getByTestId("cloud-file").filter({ hasText: name });

describe("cloud data page", () => {
  it("is reached from the navigation and lists the image folder", async () => {
    // the home page links it too
    expect(
      await page.locator(".home-actions").getByRole("link", { name: t["app.nav.cloudData"] }).count(),
    ).toBe(1);
    await screenshot(page, "cloud-data-home");
    await chooseFromMainNav(page, t["app.nav.cloudData"]);
    await page.waitForURL(/\/label\/cloudData$/);
    await page.getByTestId("cloud-folder").first().waitFor();
    expect(await page.getByTestId("cloud-tab-images").getAttribute("aria-selected")).toBe("true");
    await waitForTitle(page, `${t["app.route.cloudData"]} · ${t["app.name"]}`);
  });

  it("uploads two images at once, refuses other types, and sorts", async () => {
    const small = await png(40, 20, false);
    const big = await png(160, 160, true);
    expect(big.length).toBeGreaterThan(small.length);
    await page.getByTestId("cloud-upload-input").setInputFiles([
      { name: "zebra.png", mimeType: "image/png", buffer: small },
      { name: "apple.png", mimeType: "image/png", buffer: big },
    ]);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="cloud-file"]').length === 2);
    await page
      .getByTestId("cloud-upload-input")
      .setInputFiles([{ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") }]);
    await toast(t["tip.tip39"]);
    await page.getByTestId("cloud-sort").selectOption("nameAsc");
    await waitNames(["apple.png", "zebra.png"]);
    await page.getByTestId("cloud-sort").selectOption("nameDesc");
    await waitNames(["zebra.png", "apple.png"]);
    await page.getByTestId("cloud-sort").selectOption("sizeAsc");
    await waitNames(["zebra.png", "apple.png"]);
    await page.getByTestId("cloud-sort").selectOption("sizeDesc");
    await waitNames(["apple.png", "zebra.png"]);
  });

  it("renames a file through the cloud data file dialog, refusing a bad name", async () => {
    await fileCard("zebra.png").getByRole("button", { name: "Rename zebra.png" }).click();
    const dialog = page.getByTestId("rename-dialog");
    await dialog.waitFor();
    expect(await dialog.getByRole("heading").textContent()).toBe(t["app.cloud.renameFileTitle"]);
    // the name without its extension: the extension is kept for the user (issue 34)
    expect(await page.getByTestId("rename-input").inputValue()).toBe("zebra");
    await page.getByTestId("rename-input").fill("");
    await page.getByTestId("rename-confirm").click();
    expect(await page.getByTestId("rename-error").textContent()).toBe(t["server.validation.nameRequired"]);
    await page.getByTestId("rename-input").fill("logo:1.png");
    await page.getByTestId("rename-confirm").click();
    expect(await page.getByTestId("rename-error").textContent()).toContain(
      t["server.validation.nameChars"].split("{{")[0],
    );
    await page.getByTestId("rename-input").fill("logo");
    await page.getByTestId("rename-confirm").click();
    await dialog.waitFor({ state: "detached" });
    await waitNames(["apple.png", "logo.png"]);
  });

  it("previews an image in a lightbox and deletes the other one", async () => {
    await fileCard("logo.png").getByRole("button", { name: "Preview logo.png" }).click();
    const preview = page.getByTestId("cloud-preview");
    await preview.locator("img.cloud-lightbox").waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>("img.cloud-lightbox");
      return !!img && img.complete && img.naturalWidth === 40;
    });
    await page.keyboard.press("Escape");
    await preview.waitFor({ state: "detached" });
    await fileCard("apple.png").getByRole("button", { name: "Delete apple.png" }).click();
    await page.getByTestId("cloud-confirm-ok").click();
    await waitNames(["logo.png"]);
  });

  it("makes New folder 1 and moves the image there", async () => {
    await page.getByTestId("cloud-new-folder").click();
    await page.getByTestId("cloud-folder").filter({ hasText: "New folder 1" }).waitFor();
    await fileCard("logo.png").getByRole("button", { name: "Move logo.png" }).click();
    await page.getByTestId("cloud-move-folder").selectOption({ label: "New folder 1" });
    await page.getByTestId("cloud-move-ok").click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="cloud-file"]').length === 0);
    await page.getByTestId("cloud-folder").filter({ hasText: "New folder 1" }).click();
    await waitNames(["logo.png"]);
    await screenshot(page, "cloud-data-images");
  });

  it("renames a folder through the cloud data folder dialog and takes a dropped file", async () => {
    const first = page.getByTestId("cloud-folder").first();
    const name = (await first.textContent())?.replace(/\s*\(\d+\)$/, "") ?? "";
    await page.getByRole("button", { name: `Rename ${name}` }).click();
    const dialog = page.getByTestId("rename-dialog");
    expect(await dialog.getByRole("heading").textContent()).toBe(t["app.cloud.renameFolderTitle"]);
    await page.getByTestId("rename-input").fill("Photos");
    await page.getByTestId("rename-confirm").click();
    await dialog.waitFor({ state: "detached" });
    await page.getByTestId("cloud-folder").filter({ hasText: "Photos" }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="cloud-file"]').length === 0);
    // drag and drop: a file dropped on the drop zone is uploaded into the open folder
    const b64 = (await png(8, 8, false)).toString("base64");
    await page.getByTestId("cloud-drop").evaluate((zone, data) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], "dropped.png", { type: "image/png" }));
      zone.dispatchEvent(new DragEvent("dragover", { dataTransfer: dt, bubbles: true, cancelable: true }));
      zone.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, b64);
    await waitNames(["dropped.png"]);
  });

  it("shows a progress bar per file while uploading, and a failed upload without losing the others", async () => {
    // hold the stored-bytes requests until both rows show their progress bar, then let one fail
    await page.getByTestId("cloud-sort").selectOption("nameAsc");
    const held: Route[] = [];
    await page.route("**/interface/upload", (route) => {
      held.push(route);
    });
    await page.getByTestId("cloud-upload-input").setInputFiles([
      { name: "one.png", mimeType: "image/png", buffer: await png(6, 6, false) },
      { name: "two.png", mimeType: "image/png", buffer: await png(7, 7, false) },
    ]);
    await page.getByRole("progressbar", { name: "Uploading one.png" }).waitFor();
    await page.getByRole("progressbar", { name: "Uploading two.png" }).waitFor();
    await until(() => held.length >= 2);
    const [first, second] = held;
    const firstName = first.request().postDataBuffer()?.includes(Buffer.from('filename="one.png"'))
      ? "one.png"
      : "two.png";
    await first.abort();
    await second.continue();
    await page.unroute("**/interface/upload");
    const other = firstName === "one.png" ? "two.png" : "one.png";
    await page.getByTestId("cloud-upload-failed").waitFor();
    await waitNames(["dropped.png", other]);
    await page.getByRole("button", { name: `Dismiss ${firstName}` }).click();
    await page.getByTestId("cloud-upload-failed").waitFor({ state: "detached" });
  });

  it("uploads a spreadsheet in its tab and previews its rows", async () => {
    await page.getByTestId("cloud-tab-sheets").click();
    await page.getByTestId("cloud-folder").first().waitFor();
    await page
      .getByTestId("cloud-upload-input")
      .setInputFiles([{ name: "photo.png", mimeType: "image/png", buffer: await png(4, 4, false) }]);
    await toast(t["server.error.sheetType"]);
    await page
      .getByTestId("cloud-upload-input")
      .setInputFiles([
        { name: "stock.csv", mimeType: "text/csv", buffer: Buffer.from("name,qty\nBolt,7\nNut,9\n") },
      ]);
    await waitNames(["stock.csv"]);
    await fileCard("stock.csv").getByRole("button", { name: "Preview stock.csv" }).click();
    const table = page.getByTestId("cloud-sheet-preview");
    await table.waitFor();
    expect(await table.locator("tr").allTextContents()).toEqual(["nameqty", "Bolt7", "Nut9"]);
    await screenshot(page, "cloud-data-sheet-preview");
    await page.keyboard.press("Escape");
    await page.getByTestId("cloud-preview").waitFor({ state: "detached" });
  });

  it("keeps at least one folder: the only spreadsheet folder is not deleted", async () => {
    const folder = page.getByTestId("cloud-folder");
    expect(await folder.count()).toBe(1);
    const name = (await folder.textContent())?.replace(/\s*\(\d+\)$/, "") ?? "";
    await page.getByRole("button", { name: `Delete ${name}` }).click();
    await page.getByTestId("cloud-confirm-ok").click();
    await toast(t["server.error.keepOneFolder"]);
    expect(await folder.count()).toBe(1);
    await waitNames(["stock.csv"]);
  });
});

describe("the editor's choosers list what was uploaded", () => {
  it("finds the image in its folder tab and fills a text from the sheet", async () => {
    await gotoEditor(page, app.baseUrl);
    await addAt(page, "Image", 0.3, 0.3);
    await page.getByTestId("panel-image-cloud").click();
    const images = page.getByTestId("cloud-image-chooser");
    await images.waitFor();
    await images.getByRole("tab", { name: "New folder 1" }).click();
    await images.locator('[data-testid="cloud-image-item"][title="logo.png"]').click();
    await page.getByTestId("cloud-image-confirm").click();
    await images.waitFor({ state: "detached" });

    const text = await addAt(page, "Text", 0.6, 0.7);
    const fixed = page.getByTestId("source-fixed");
    await fixed.fill("X");
    await fixed.press("Enter");
    await page.getByTestId("source-type").selectOption("1");
    await page.getByTestId("sheet-choose").click();
    const sheets = page.getByTestId("sheet-chooser");
    await sheets.locator('[data-testid="sheet-chooser-file"][title="stock.csv"]').click();
    await sheets.getByTestId("sheet-chooser-confirm").click();
    await sheets.waitFor({ state: "detached" });
    await page.waitForFunction(
      (i) => document.querySelector(`.ink-label g[data-id="${i}"]`)?.textContent === "Bolt",
      text,
    );
  });
});
