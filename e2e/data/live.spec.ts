// Live spreadsheet sources (issue 38): a CSV at a web address, served by an HTTP server started here,
// is linked in the editor by its address; the canvas shows its rows; "Fetch again" reads the changed
// file; the print dialog's record count follows the address. The server allows this loopback
// address only because this spec sets the operator's allow-list (INKLESS_LIVE_DATA_ALLOW).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { addAt, clickElement, openEditor } from "../editor/helpers";
import { launchBrowser, newContext, type RunningApp, screenshot, startApp } from "../support";

let app: RunningApp;
let browser: Browser;
let page: Page;
let web: Server;
let csv = "Lot,Qty\nL-100,5\nL-200,7\n";
let id = "";

beforeAll(async () => {
  web = createServer((req, res) => {
    if (req.url === "/lots.csv") {
      res.writeHead(200, { "content-type": "text/csv" });
      res.end(csv);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((r) => web.listen(0, "127.0.0.1", r));
  [app, browser] = await Promise.all([startApp({ INKLESS_LIVE_DATA_ALLOW: "127.0.0.1" }), launchBrowser()]);
  page = await (await newContext(browser)).newPage();
  await openEditor(page, app.baseUrl);
  id = await addAt(page, "Text", 0.3, 0.4);
  const input = page.getByTestId("source-fixed");
  await input.fill("T");
  await input.press("Control+Enter");
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  web?.closeAllConnections();
  await new Promise((r) => web?.close(r));
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail") await screenshot(page, `live-fail-${ctx.task.name.slice(0, 30)}`);
});

const waitShown = (want: string) =>
  page.waitForFunction(
    ([i, w]) => document.querySelector(`.ink-label g[data-id="${i}"]`)?.textContent === w,
    [id, want] as const,
  );

describe("a spreadsheet at a web address", () => {
  it("links the address and shows its rows", async () => {
    await clickElement(page, id);
    await page.getByTestId("source-type").selectOption("1");
    await page.getByTestId("sheet-source").waitFor();
    const port = (web.address() as AddressInfo).port;
    await page.getByTestId("sheet-live-url").fill(`http://127.0.0.1:${port}/lots.csv`);
    await page.getByTestId("sheet-live-link").click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sheet-file-name"]')?.textContent === "lots.csv",
    );
    await waitShown("L-100");
    await page.waitForFunction(
      () => document.querySelector('[data-testid="record-value"]')?.textContent === "1 / 2",
    );
    await page.getByTestId("sheet-live-refresh").scrollIntoViewIfNeeded();
    await screenshot(page, "live-sheet-linked");
  });

  it("reads the changed file again on 'Fetch again'", async () => {
    csv = "Lot,Qty\nL-900,1\nL-901,2\nL-902,3\n";
    await page.getByTestId("sheet-live-refresh").click();
    await waitShown("L-900");
    await page.waitForFunction(
      () => document.querySelector('[data-testid="record-value"]')?.textContent === "1 / 3",
    );
  });

  it("refuses an address that is not http(s) with a clear message", async () => {
    await page.getByTestId("sheet-live-url").fill("ftp://example.com/a.csv");
    await page.getByTestId("sheet-live-link").click();
    await page.getByText("Enter a web address starting with http:// or https://.").first().waitFor();
    await waitShown("L-900");
    expect(await page.getByTestId("sheet-file-name").textContent()).toBe("lots.csv");
  });
});
