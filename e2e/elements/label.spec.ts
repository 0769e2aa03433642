// A label using every kind (issue 5 "Done when"): built through the palette and the panels, then the
// label as drawn on the canvas is compared with the expectation checked into tests/elements/expected
// (per-pixel, with a tolerance for anti-aliasing). UPDATE_EXPECTED=1 rewrites the expectation.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addAt, paperRect } from "../editor/helpers";
import { launchBrowser, openSignedInEditor, type RunningApp, screenshot, startApp } from "../support";

const EXPECTED = "tests/elements/expected/every-kind.png";
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

async function commitField(id: string, value: string) {
  await page.getByTestId(id).fill(value);
  await page.getByTestId(id).press("Enter");
  await page.waitForFunction(
    ([tid, w]) => (document.querySelector(`[data-testid="${tid}"]`) as HTMLInputElement | null)?.value === w,
    [id, value] as const,
  );
}

/** Share of pixels whose colour differs by more than `delta` on any channel (decoded by the page). */
function diffShare(a: Buffer, b: Buffer, delta = 64): Promise<number> {
  return page.evaluate(
    async ([x, y, d]) => {
      const load = async (b64: string) => {
        const img = new Image();
        img.src = `data:image/png;base64,${b64}`;
        await img.decode();
        const c = document.createElement("canvas");
        c.width = img.width;
        c.height = img.height;
        const g = c.getContext("2d") as CanvasRenderingContext2D;
        g.drawImage(img, 0, 0);
        return g.getImageData(0, 0, c.width, c.height);
      };
      const [p, q] = await Promise.all([load(x), load(y)]);
      if (p.width !== q.width || p.height !== q.height) return 1;
      let bad = 0;
      for (let i = 0; i < p.data.length; i += 4) {
        for (let k = 0; k < 3; k++) {
          if (Math.abs(p.data[i + k] - q.data[i + k]) > d) {
            bad++;
            break;
          }
        }
      }
      return bad / (p.width * p.height);
    },
    [a.toString("base64"), b.toString("base64"), delta] as const,
  );
}

it("a label with every kind looks as expected", async () => {
  await addAt(page, "Text", 0.22, 0.1);
  await page.getByTestId("panel-text").fill("Inkless 标签 123");
  await page.waitForFunction(
    () => Number((document.querySelector('[data-testid="panel-width"]') as HTMLInputElement).value) > 15,
  );
  await commitField("panel-font-size", "14");
  await addAt(page, "TimeText", 0.72, 0.1);
  await page.getByTestId("panel-time-type").selectOption("1");
  await page.getByTestId("panel-time-select-date").fill("2024-02-29");
  await page.getByTestId("panel-time-select-time").fill("12:34:56");
  await page.getByTestId("panel-time-select-time").press("Tab");
  await addAt(page, "Barcode", 0.25, 0.35);
  await addAt(page, "QRcode", 0.85, 0.4);
  await addAt(page, "Rectangle", 0.15, 0.62);
  await addAt(page, "RoundRectangle", 0.42, 0.62);
  await page.getByTestId("panel-fill").check();
  await addAt(page, "Ellipse", 0.15, 0.85);
  await page.getByTestId("panel-dash").check();
  await addAt(page, "Diamond", 0.42, 0.85);
  await addAt(page, "Triangle", 0.62, 0.85);
  await addAt(page, "LineHorizontal", 0.5, 0.5);
  await addAt(page, "Line", 0.62, 0.3);
  await page.getByTestId("panel-line-direction").selectOption("RightLine");
  await addAt(page, "LineVertical", 0.97, 0.6);
  // an icon from the library is an Image element
  await page.getByTestId("palette-icon").click();
  await page.getByTestId("icon-category-recycling").click();
  await page.getByTestId("icon-recycling_recycle").click();
  await page.getByTestId("icon-library").waitFor({ state: "detached" });
  await page.waitForFunction(
    () => !!document.querySelector('.ink-label g[data-id] image[href^="data:image/png"]'),
  );
  await addAt(page, "Table", 0.8, 0.75);
  await page.getByTestId("panel-table-cell-0-0").click();
  await commitField("panel-table-cell-text", "A1");
  // deselect, let every element finish drawing (codes, fonts), then compare the paper
  await page.getByTestId("canvas").click({ position: { x: 5, y: 5 } });
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="selection-box"]').length === 0);
  await page.evaluate(() => document.fonts.ready);
  const clip = await paperRect(page);
  let shot = await page.screenshot({ clip });
  // codes draw asynchronously: take shots until two in a row agree
  for (let i = 0; i < 10; i++) {
    const again = await page.screenshot({ clip });
    if (again.equals(shot)) break;
    shot = again;
  }
  await screenshot(page, "elements-label-every-kind");
  if (process.env.UPDATE_EXPECTED || !existsSync(EXPECTED)) {
    mkdirSync("tests/elements/expected", { recursive: true });
    writeFileSync(EXPECTED, shot);
    if (!process.env.UPDATE_EXPECTED) throw new Error(`${EXPECTED} was missing: written, check it and rerun`);
  }
  const share = await diffShare(shot, readFileSync(EXPECTED));
  // identical runs differ by anti-aliasing only; a missing small element (an icon) is about 0.5 %
  expect(share).toBeLessThan(0.003);
});
