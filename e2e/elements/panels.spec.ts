// Element attribute panels (issue 5): every kind's panel, bounds clamped in the field and in the
// drawing, multi-selection shared fields, a 3 × 3 table with merge/split and row/column edits, an
// uploaded image (and refused uploads), an icon from the library, and a member font refused.
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { parseLabelFile } from "../../src/model/file";
import type { BarcodeElement, TableElement } from "../../src/model/types";
import {
  addAt,
  clickElement,
  dragFromPalette,
  dragPath,
  openEditor,
  paperRect,
  renderedIds,
  selectionBox,
  waitForCount,
} from "../editor/helpers";
import { pixelsOf } from "../export/helpers";
import {
  apiPost,
  launchBrowser,
  newContext,
  openSignedInEditor,
  type RunningApp,
  screenshot,
  startApp,
  uploadAs,
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

const field = (id: string) => page.getByTestId(id);
/** Waits until a field (input, textarea) shows `want`. */
const waitValue = (id: string, want: string) =>
  page.waitForFunction(
    ([tid, w]) => (document.querySelector(`[data-testid="${tid}"]`) as HTMLInputElement | null)?.value === w,
    [id, want] as const,
  );
/** Types into a panel field and commits it (Enter), then waits until the field shows `want`. */
async function setField(id: string, value: string, want: string) {
  await field(id).fill(value);
  await field(id).press("Enter");
  await waitValue(id, want);
}
/** An attribute of the first node inside a rendered element that has it. */
const drawn = (id: string, attr: string) =>
  page.$eval(
    `.ink-label g[data-id="${id}"]`,
    (g, a) => g.querySelector(`[${a}]`)?.getAttribute(a) ?? null,
    attr,
  );
const waitDrawn = (id: string, attr: string, want: string | null) =>
  page.waitForFunction(
    ([i, a, w]) => {
      const g = document.querySelector(`.ink-label g[data-id="${i}"]`);
      return (g?.querySelector(`[${a}]`)?.getAttribute(a ?? "") ?? null) === w;
    },
    [id, attr, want] as const,
  );
const toast = (text: string) =>
  page.waitForFunction(
    (m) => [...document.querySelectorAll(".toast-text")].some((n) => (n.textContent ?? "").includes(m)),
    text,
  );
const num = async (id: string) => Number(await field(id).inputValue());

describe("text", () => {
  let firstText = "";
  it("content, font size, style, spacing, auto line and box width, prefix/suffix, anti-mirror", async () => {
    const id = await addAt(page, "Text", 0.25, 0.15);
    firstText = id;
    const empty = await page.$eval(`.ink-label g[data-id="${id}"]`, (g) => g.innerHTML);
    await field("panel-text").fill("Inkless label");
    await page.waitForFunction(
      ([i, e]) => {
        const g = document.querySelector(`.ink-label g[data-id="${i}"]`);
        return !!g && g.innerHTML !== e;
      },
      [id, empty] as const,
    );
    const h0 = await num("panel-height");
    await setField("panel-font-size", "250", "100");
    await setField("panel-font-size", "0", "1");
    await setField("panel-font-size", "12.3", "12.3");
    await page.waitForFunction((h) => {
      const el = document.querySelector('[data-testid="panel-height"]') as HTMLInputElement;
      return Number(el.value) !== h;
    }, h0);
    await setField("panel-letter-spacing", "-5", "-1");
    await setField("panel-letter-spacing", "40", "12");
    await setField("panel-line-height", "-3", "0");
    await setField("panel-line-height", "99", "12");
    await field("panel-bold").check();
    await field("panel-italic").check();
    await field("panel-underline").check();
    await field("panel-strike").check();
    await field("panel-align").selectOption("0");
    await field("panel-auto-line").check();
    await setField("panel-box-width", "5000", "1200");
    await setField("panel-box-width", "0", "1");
    await setField("panel-box-width", "40", "40");
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="panel-width"]') as HTMLInputElement).value === "40",
    );
    await setField("panel-prefix", "No. ", "No. ");
    await setField("panel-suffix", " pcs", " pcs");
    await field("panel-anti-mirror").check();
    // anti-mirror: black background under white text
    await page.waitForFunction((i) => {
      const g = document.querySelector(`.ink-label g[data-id="${i}"]`);
      return !!g && /fill="#(000000|000|fff|ffffff)"/i.test(g.innerHTML) && g.innerHTML.includes("#");
    }, id);
    // with auto-line the width can be typed (it is the box width); the height follows the content
    expect(await field("panel-height").isEditable()).toBe(false);
    await setField("panel-width", "45", "45");
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="panel-box-width"]') as HTMLInputElement).value === "45",
    );
    await screenshot(page, "elements-text-panel");
    // vertical arrangement re-lays the text out (and its size); back to horizontal
    const horizontal = await page.$eval(`.ink-label g[data-id="${id}"]`, (g) => g.innerHTML);
    const hH = await num("panel-height");
    await field("panel-arrange").selectOption("1");
    await page.waitForFunction(
      ([i, before]) => document.querySelector(`.ink-label g[data-id="${i}"]`)?.innerHTML !== before,
      [id, horizontal] as const,
    );
    await page.waitForFunction(
      (h) => Number((document.querySelector('[data-testid="panel-height"]') as HTMLInputElement).value) !== h,
      hH,
    );
    await field("panel-arrange").selectOption("0");
    await page.waitForFunction(
      (h) => Number((document.querySelector('[data-testid="panel-height"]') as HTMLInputElement).value) === h,
      hH,
    );
  });

  it("a sequence source (bounded quantity and step) makes the content read-only; add, move and delete entries", async () => {
    await field("source-type").selectOption("2");
    await setField("source-initial", "A001", "A001");
    // the content box shows what the new source resolves to, at once
    const content = (want: string) =>
      page.waitForFunction(
        (w) => (document.querySelector('[data-testid="panel-text"]') as HTMLTextAreaElement).value === w,
        want,
      );
    await content("A001");
    await setField("source-initial", "B007", "B007");
    await content("B007");
    await setField("source-initial", "A001", "A001");
    await content("A001");
    await setField("source-quantity", "0", "1");
    await setField("source-step", "-2", "-2");
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="panel-text"]') as HTMLTextAreaElement).disabled,
    );
    await field("source-add").click();
    await expect(page.locator('[data-testid="source-list"] option').count()).resolves.toBe(2);
    await field("source-up").click();
    await expect(field("source-list").inputValue()).resolves.toBe("0");
    await field("source-down").click();
    await expect(field("source-list").inputValue()).resolves.toBe("1");
    await field("source-up").click();
    await expect(field("source-list").inputValue()).resolves.toBe("0");
    await field("source-delete").click();
    await expect(page.locator('[data-testid="source-list"] option').count()).resolves.toBe(1);
    // fixed text, spreadsheet column (fields from src/editor/data), sequence, reference, formula, prompt,
    // counter
    const types = await page.$$eval('[data-testid="source-type"] option', (os) =>
      os.map((o) => o.getAttribute("value")),
    );
    expect(types).toEqual(["0", "1", "2", "3", "4", "5", "6"]);
    expect(await field("source-type").inputValue()).toBe("2");
    await field("source-seq-type").selectOption("1");
    await expect(field("source-seq-type").inputValue()).resolves.toBe("1");
  });

  it("double-click edits a plain text in place (size follows, one undo step); a sourced text is refused", async () => {
    // the text above now takes a sequence: no inline editor, a message instead
    const seq = await page.locator(`.ink-label g[data-id="${firstText}"]`).boundingBox();
    if (!seq) throw new Error("text not drawn");
    await page.mouse.dblclick(seq.x + seq.width / 2, seq.y + seq.height / 2);
    await toast(t["editor.ops.inlineEditRefused"]);
    expect(await field("inline-text-editor").count()).toBe(0);
    const id = await addAt(page, "Text", 0.3, 0.45);
    const w0 = await num("panel-width");
    const b = await selectionBox(page, id);
    await page.mouse.dblclick(b.x + b.width / 2, b.y + b.height / 2);
    // the box takes the focus (and selects its text) once it is on screen: type only then
    await page.waitForFunction(
      () => document.activeElement?.getAttribute("data-testid") === "inline-text-editor",
    );
    // in one input (as a paste or an IME commit): typed key by key, a loaded machine may leave more
    // than the 100 ms settle time between keys, and each settled part is its own undo step
    await page.keyboard.insertText("Inline 编辑 works");
    await page.waitForFunction(
      (i) => (document.querySelector(`.ink-label g[data-id="${i}"]`)?.textContent ?? "").includes("Inline"),
      id,
    );
    await waitValue("panel-text", "Inline 编辑 works");
    // the size follows the content
    await page.waitForFunction(
      (w) =>
        Number((document.querySelector('[data-testid="panel-width"]') as HTMLInputElement).value) > w + 5,
      w0,
    );
    await screenshot(page, "elements-text-inline");
    await page.keyboard.press("Escape");
    await field("inline-text-editor").waitFor({ state: "detached" });
    // open again: the box shows the content; scrolling the canvas closes it
    const b2 = await selectionBox(page, id);
    await page.mouse.dblclick(b2.x + b2.width / 2, b2.y + b2.height / 2);
    await field("inline-text-editor").waitFor();
    expect(await field("inline-text-editor").inputValue()).toBe("Inline 编辑 works");
    const paper = await paperRect(page);
    await page.mouse.move(paper.x + 10, paper.y + paper.height - 10);
    await page.mouse.wheel(0, 60);
    await field("inline-text-editor").waitFor({ state: "detached" });
    // the edit is one history step
    await page.keyboard.press("Control+z");
    await page.waitForFunction(
      (i) => !(document.querySelector(`.ink-label g[data-id="${i}"]`)?.textContent ?? "").includes("Inline"),
      id,
    );
  });
});

describe("text content history", () => {
  const drawn = (id: string) =>
    page.evaluate((i) => document.querySelector(`.ink-label g[data-id="${i}"]`)?.textContent ?? "", id);
  it("each settled edit of the content box is one undo step", async () => {
    const id = await addAt(page, "Text", 0.6, 0.75);
    await field("panel-text").fill("first");
    await page.waitForFunction(
      (i) => (document.querySelector(`.ink-label g[data-id="${i}"]`)?.textContent ?? "").includes("first"),
      id,
    );
    await field("panel-text").fill("first second");
    await page.waitForFunction(
      (i) => (document.querySelector(`.ink-label g[data-id="${i}"]`)?.textContent ?? "").includes("second"),
      id,
    );
    // the undo shortcut acts outside a typing field
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("Control+z");
    // back to the first settled edit, not to the empty text
    await page.waitForFunction(
      (i) => !(document.querySelector(`.ink-label g[data-id="${i}"]`)?.textContent ?? "").includes("second"),
      id,
    );
    expect(await drawn(id)).toContain("first");
  });
});

describe("a new text, multi-line sources and the inline editor (issue 23)", () => {
  /** Near-black pixels' bounding box in a screen rectangle (blue boxes and handles do not count). */
  async function inkBounds(clip: { x: number; y: number; width: number; height: number }) {
    const p = await pixelsOf(page, await page.screenshot({ clip }));
    let [x0, y0, x1, y1] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, -1, -1];
    for (let y = 0; y < p.height; y++)
      for (let x = 0; x < p.width; x++) {
        const i = (y * p.width + x) * 4;
        if (p.data[i] < 110 && p.data[i + 1] < 110 && p.data[i + 2] < 110) {
          x0 = Math.min(x0, x);
          y0 = Math.min(y0, y);
          x1 = Math.max(x1, x);
          y1 = Math.max(y1, y);
        }
      }
    return { x0, y0, x1, y1 };
  }
  const lineYs = (id: string) =>
    page.$eval(`.ink-label g[data-id="${id}"]`, (g) => [
      ...new Set([...g.querySelectorAll("tspan")].map((n) => n.getAttribute("y"))),
    ]);

  it("a new text shows the translated hint, is selected, clickable and ready to type over; the source text keeps line breaks", async () => {
    const id = await addAt(page, "Text", 0.6, 0.8);
    const hint = t["tip.tip124"].replace(/\s/g, "");
    await page.waitForFunction(
      ([i, w]) => document.querySelector(`.ink-label g[data-id="${i}"]`)?.textContent === w,
      [id, hint] as const,
    );
    await selectionBox(page, id);
    await screenshot(page, "elements-text-new-hint");
    // the hint is drawn, so clicking it selects the text again
    await page.mouse.click(5, 5);
    await clickElement(page, id);
    await selectionBox(page, id);
    // ready to type over: typing on the selected empty text opens the inline editor with the keys,
    // here sent as one burst (a fast typist or a scanner): the keys outrun the box's render, which
    // once lost the first one ("yped")
    await Promise.all([..."Typed"].map((k) => page.keyboard.press(k)));
    await field("inline-text-editor").waitFor();
    await waitValue("inline-text-editor", "Typed");
    await page.keyboard.press("Escape");
    await page.waitForFunction(
      (i) => document.querySelector(`.ink-label g[data-id="${i}"]`)?.textContent === "Typed",
      id,
    );
    // the data source's Text field takes several lines (Enter adds a line, Ctrl+Enter commits)
    await field("source-fixed").fill("Line one");
    await field("source-fixed").press("Enter");
    await field("source-fixed").pressSequentially("Line two");
    await field("source-fixed").press("Control+Enter");
    await waitValue("panel-text", "Line one\nLine two");
    await page.waitForFunction(
      (i) =>
        new Set(
          [...document.querySelectorAll(`.ink-label g[data-id="${i}"] tspan`)].map((n) =>
            n.getAttribute("y"),
          ),
        ).size === 2,
      id,
    );
    expect(await lineYs(id)).toHaveLength(2);
  });

  it("the inline editor sits exactly over the text at every zoom and hides the drawn text", async () => {
    const target = (await renderedIds(page)).at(-1) as string; // the two-line text above
    // no blinking caret in the pictures
    await page.addStyleTag({ content: ".ink-inline-text{caret-color:transparent!important}" });
    // the fitted zoom, one stop in, one more (e.g. 127 %, 150 %, 200 %), then 500 % by Ctrl+wheel over
    // the text (it stays in view), where the box once sat ~30 px low: focusing it scrolled the canvas
    const zoomValue = async () => Number.parseInt((await field("zoom-value").textContent()) ?? "0", 10);
    for (const zoomIns of [0, 1, 1, -1]) {
      while (zoomIns < 0 && (await zoomValue()) < 500) {
        const b = await selectionBox(page, target);
        await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
        const z = await zoomValue();
        await page.keyboard.down("Control");
        await page.mouse.wheel(0, -400);
        await page.keyboard.up("Control");
        await expect.poll(zoomValue).toBeGreaterThan(z);
        await page.waitForFunction(
          ([id, w]) => {
            const sb = document.querySelector(`[data-testid="selection-box"][data-for="${id}"]`);
            return !!sb && Math.abs(sb.getBoundingClientRect().width - w) > 2;
          },
          [target, b.width] as const,
        );
      }
      for (let i = 0; i < zoomIns; i++) {
        const before = (await selectionBox(page, target)).width;
        await field("zoom-in").click();
        // the selection box follows the new zoom once the canvas has drawn it
        await page.waitForFunction(
          ([id, w]) => {
            const b = document.querySelector(`[data-testid="selection-box"][data-for="${id}"]`);
            return !!b && Math.abs(b.getBoundingClientRect().width - w) > 2;
          },
          [target, before] as const,
        );
      }
      const box = await selectionBox(page, target);
      const clip = { x: box.x - 12, y: box.y - 12, width: box.width + 24, height: box.height + 24 };
      const drawn = await inkBounds(clip);
      expect(drawn.x1).toBeGreaterThan(0);
      await page.mouse.dblclick(box.x + box.width / 2, box.y + box.height / 2);
      await field("inline-text-editor").waitFor();
      await page.keyboard.press("Control+End"); // nothing selected (no highlight)
      // the drawn text is hidden while it is edited: no ghost
      expect(
        await page.$eval(`.ink-label g[data-id="${target}"]`, (g) => getComputedStyle(g).visibility),
      ).toBe("hidden");
      const typed = await inkBounds(clip);
      await screenshot(page, `elements-text-inline-zoom-${zoomIns}`);
      for (const k of ["x0", "y0", "x1", "y1"] as const)
        expect(Math.abs(typed[k] - drawn[k]), `${k} after ${zoomIns} more zoom steps`).toBeLessThanOrEqual(2);
      await page.keyboard.press("Escape");
      await field("inline-text-editor").waitFor({ state: "detached" });
      expect(
        await page.$eval(`.ink-label g[data-id="${target}"]`, (g) => getComputedStyle(g).visibility),
      ).toBe("visible");
    }
    // the next tests place elements on the fitted label
    await field("zoom-fit").click();
    await expect.poll(zoomValue).toBeLessThan(500);
  });
});

describe("date and time", () => {
  it("system clock disables the pickers; fixed date, patterns and offsets are bounded", async () => {
    await addAt(page, "TimeText", 0.7, 0.15);
    // the panel fits its column: the date and time pickers' own minimum widths do not widen the group
    expect(await field("attribute-panel").evaluate((p) => p.scrollWidth - p.clientWidth)).toBe(0);
    // an English interface gives a new date/time text the US region and date order, not China's
    expect(await field("panel-time-region").inputValue()).toBe("1");
    expect(await field("panel-time-date-format").inputValue()).toBe("MM/dd/yyyy");
    expect(await field("panel-time-select-date").isDisabled()).toBe(true);
    await field("panel-time-type").selectOption("1");
    await page.waitForFunction(
      () => !(document.querySelector('[data-testid="panel-time-select-date"]') as HTMLInputElement).disabled,
    );
    await field("panel-time-select-date").fill("2024-02-29");
    await field("panel-time-date-format").selectOption({ index: 3 });
    await field("panel-time-region").selectOption("1");
    await setField("panel-time-day-offset", "99999999", "36500");
    await setField("panel-time-day-offset", "1", "1");
    await setField("panel-time-minute-offset", "-9999999", "-525600");
    const dateFormats = await page.locator('[data-testid="panel-time-date-format"] option').count();
    const timeFormats = await page.locator('[data-testid="panel-time-time-format"] option').count();
    expect(dateFormats).toBeGreaterThanOrEqual(80);
    expect(timeFormats).toBe(11);
    const third = await page.$$eval(
      '[data-testid="panel-time-time-format"] option',
      (os) => (os[3] as HTMLOptionElement).value,
    );
    await field("panel-time-time-format").selectOption({ index: 3 });
    await page.waitForFunction(
      (v) =>
        (document.querySelector('[data-testid="panel-time-time-format"]') as HTMLSelectElement).value === v,
      third,
    );
    // date off: its pattern is disabled; the last part left cannot be turned off
    await field("panel-time-date-on").uncheck();
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="panel-time-date-format"]') as HTMLSelectElement).disabled,
    );
    await field("panel-time-time-on").click();
    expect(await field("panel-time-time-on").isChecked()).toBe(true);
    await field("panel-time-date-on").check();
    await field("panel-time-time-on").uncheck();
    expect(await field("panel-time-time-format").isDisabled()).toBe(true);
  });
});

describe("lines and shapes", () => {
  it("shape pen width 0.3–10, dash, fill; rounded rectangle radius 0–10", async () => {
    const id = await addAt(page, "RoundRectangle", 0.2, 0.5);
    await setField("panel-pen-width", "0.1", "0.3");
    await waitDrawn(id, "stroke-width", "0.3");
    await setField("panel-pen-width", "50", "10");
    await waitDrawn(id, "stroke-width", "10");
    await setField("panel-pen-width", "1", "1");
    await field("panel-dash").check();
    await page.waitForFunction(
      (i) => !!document.querySelector(`.ink-label g[data-id="${i}"] [stroke-dasharray]`),
      id,
    );
    await field("panel-fill").check();
    await waitDrawn(id, "fill", "#000000");
    await setField("panel-corner-radius", "12", "10");
    await setField("panel-corner-radius", "-1", "0");
    await setField("panel-corner-radius", "2.5", "2.5");
  });

  it("line direction, pen width at least 0.3, dash", async () => {
    const id = await addAt(page, "Line", 0.5, 0.5);
    await field("panel-line-direction").selectOption("RightLine");
    await setField("panel-pen-width", "0", "0.3");
    await waitDrawn(id, "stroke-width", "0.3");
    await field("panel-dash").check();
    await page.waitForFunction(
      (i) => !!document.querySelector(`.ink-label g[data-id="${i}"] [stroke-dasharray]`),
      id,
    );
    const y1 = Number(await drawn(id, "y1"));
    const y2 = Number(await drawn(id, "y2"));
    expect(y1).toBeGreaterThan(y2); // "/" runs up to the right
  });

  it("typed Width/Height under the handles' rules (read-only for plain text and codes); arrows step 0.1 mm", async () => {
    const id = await addAt(page, "Rectangle", 0.3, 0.3);
    const mm = async () => {
      const b = await selectionBox(page, id);
      const scale = (await paperRect(page)).width / 100;
      return { w: (b.width - 2) / scale, h: (b.height - 2) / scale };
    };
    await setField("panel-width", "30", "30");
    await setField("panel-height", "12.5", "12.5");
    await expect.poll(async () => Math.round((await mm()).w)).toBe(30);
    expect((await mm()).h).toBeCloseTo(12.5, 0);
    // below the handles' 20-unit minimum it stops there; an empty entry goes back
    await setField("panel-width", "1", "5.29");
    await field("panel-width").fill("");
    await field("panel-width").press("Enter");
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="panel-width"]') as HTMLInputElement).value === "5.29",
    );
    // each typed size is one undo step
    await clickElement(page, id);
    await page.keyboard.press("Control+z");
    await clickElement(page, id);
    await expect.poll(() => field("panel-width").inputValue()).toBe("30");
    // arrows: whole 0.1 mm steps, landing on the 0.1 mm grid (was 0.26 mm, leaving 2.79)
    await setField("panel-x", "3.05", "3.05");
    await clickElement(page, id);
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => field("panel-x").inputValue()).toBe("3");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => field("panel-x").inputValue()).toBe("3.2");
    const yBefore = await field("panel-y").inputValue();
    await page.keyboard.press("ArrowDown");
    // the panel shows the moved element once the nudge has landed
    await expect.poll(() => field("panel-y").inputValue()).not.toBe(yBefore);
    const y = Number(await field("panel-y").inputValue());
    expect(Math.round(y * 10) / 10).toBe(y);
    // a table takes its width; a plain text and a barcode keep theirs read-only
    await addAt(page, "Table", 0.7, 0.3);
    await setField("panel-width", "40", "40");
    await addAt(page, "Text", 0.3, 0.8);
    expect(await field("panel-width").getAttribute("readonly")).not.toBeNull();
    expect(await field("panel-height").getAttribute("readonly")).not.toBeNull();
    await addAt(page, "Barcode", 0.7, 0.8);
    expect(await field("panel-width").getAttribute("readonly")).not.toBeNull();
  });

  it("a typed position stays when the field is left right after Enter (a lagging copy re-committed the old one)", async () => {
    const id = await addAt(page, "Rectangle", 0.5, 0.5);
    // type, Enter and leave each field within one task, as fast as a test (or a loaded machine) does
    const typeEnterLeave = (testId: string, value: string) =>
      page.evaluate(
        ([tid, v]) => {
          const input = document.querySelector(`[data-testid="${tid}"]`) as HTMLInputElement;
          input.focus();
          const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
          set?.call(input, v);
          input.dispatchEvent(new Event("input", { bubbles: true }));
          input.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
          input.blur();
        },
        [testId, value] as const,
      );
    await typeEnterLeave("panel-x", "7");
    await typeEnterLeave("panel-y", "9");
    await page.waitForFunction(
      (i) =>
        document
          .querySelector(`.ink-label g[data-id="${i}"]`)
          ?.getAttribute("transform")
          ?.startsWith("translate(7 9"),
      id,
    );
    await waitValue("panel-x", "7");
    await waitValue("panel-y", "9");
    // and once more, after the panel has settled: the field does not send its old text again
    await typeEnterLeave("panel-y", "11");
    await waitValue("panel-y", "11");
    expect(await page.locator(`.ink-label g[data-id="${id}"]`).getAttribute("transform")).toMatch(
      /^translate\(7 11\b/,
    );
  });

  it("a multi-selection shows the shared fields and edits all of them", async () => {
    const a = await addAt(page, "Rectangle", 0.8, 0.45);
    const b = await addAt(page, "Ellipse", 0.8, 0.7);
    const c = await addAt(page, "Diamond", 0.6, 0.7);
    await clickElement(page, a);
    // Shift-click adds and removes, as Ctrl-click does
    await clickElement(page, b, ["Shift"]);
    await clickElement(page, c, ["Shift"]);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="selection-box"]').length === 3);
    await clickElement(page, c, ["Shift"]);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="selection-box"]').length === 2);
    await field("panel-multi-fields").waitFor();
    // the count once, then the common box's X/Y, rotation and the align row
    const panelText = (await field("attribute-panel").textContent()) ?? "";
    expect(panelText.split(t["elements.multi.title"].replace("{{count}}", "2")).length - 1).toBe(1);
    for (const id of ["panel-x", "panel-y", "panel-rotate", "panel-align.left", "panel-distribute.vertical"])
      expect(await field(id).count(), id).toBe(1);
    await setField("panel-x", "12.5", "12.5");
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="panel-x"]') as HTMLInputElement | null)?.value === "12.5",
    );
    // the pair's common box now starts 12.5 mm from the label's left edge (boxes are drawn 1 px out)
    const paper = await paperRect(page);
    const [ba, bb] = [await selectionBox(page, a), await selectionBox(page, b)];
    expect((Math.min(ba.x, bb.x) + 1 - paper.x) / (paper.width / 100)).toBeCloseTo(12.5, 0);
    await field("panel-align.left").click();
    await expect
      .poll(async () => Math.round((await selectionBox(page, a)).x - (await selectionBox(page, b)).x))
      .toBe(0);
    // a move made outside the panel (the arrow key) shows in it at once
    await page.keyboard.press("ArrowRight");
    await waitValue("panel-x", "12.6");
    expect(await field("panel-corner-radius").count()).toBe(0);
    await setField("panel-pen-width", "99", "10");
    await waitDrawn(a, "stroke-width", "10");
    await waitDrawn(b, "stroke-width", "10");
    await setField("panel-pen-width", "0.5", "0.5");
    await field("panel-fill").check();
    await waitDrawn(a, "fill", "#000000");
    await waitDrawn(b, "fill", "#000000");
  });
});

describe("table", () => {
  const cells = () => page.locator('[data-testid="panel-table-grid"] button').count();
  it("builds a 3 × 3 table, merges and splits, inserts and deletes rows and columns", async () => {
    const id = await addAt(page, "Table", 0.5, 0.25);
    await setField("panel-table-rows", "3", "3");
    await setField("panel-table-columns", "3", "3");
    await expect(cells()).resolves.toBe(9);
    await setField("panel-table-rows", "0", "1");
    await expect(cells()).resolves.toBe(3);
    await setField("panel-table-rows", "3", "3");
    await setField("panel-table-pen", "9", "5");
    await setField("panel-table-pen", "0.5", "0.5");
    await setField("panel-table-col-width-0", "0", "1");
    await setField("panel-table-col-width-0", "12", "12");
    await setField("panel-table-row-height-0", "0", "1");
    await setField("panel-table-row-height-0", "8", "8");
    // merge: needs two cells
    await field("panel-table-cell-0-0").click();
    await field("panel-table-merge").click();
    await expect(cells()).resolves.toBe(9);
    // a plain click in the grid picks that cell alone (typing then fills one cell, not four)
    const pressed = (want: string[]) =>
      page.waitForFunction(
        (w) =>
          JSON.stringify(
            [...document.querySelectorAll('[data-testid="panel-table-grid"] button[aria-pressed="true"]')]
              .map((n) => (n.getAttribute("data-testid") ?? "").replace("panel-table-cell-", ""))
              .sort(),
          ) === JSON.stringify(w),
        want,
      );
    await field("panel-table-cell-2-2").click();
    await pressed(["2-2"]);
    await setField("panel-table-cell-text", "One", "One");
    await field("panel-table-cell-0-0").click();
    await pressed(["0-0"]);
    // Shift-click extends from the anchor, Ctrl-click toggles one cell
    await field("panel-table-cell-1-1").click({ modifiers: ["Shift"] });
    await pressed(["0-0", "0-1", "1-0", "1-1"]);
    await field("panel-table-cell-1-1").click({ modifiers: ["Control"] });
    await pressed(["0-0", "0-1", "1-0"]);
    await field("panel-table-cell-1-1").click({ modifiers: ["Control"] });
    await pressed(["0-0", "0-1", "1-0", "1-1"]);
    expect(
      await page.$eval(`.ink-label g[data-id="${id}"]`, (g) => (g.textContent ?? "").split("One").length - 1),
    ).toBe(1);
    await field("panel-table-merge").click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="panel-table-grid"] button').length === 6,
    );
    await setField("panel-table-cell-text", "Merged", "Merged");
    await page.waitForFunction(
      (i) => !!document.querySelector(`.ink-label g[data-id="${i}"]`)?.innerHTML.length,
      id,
    );
    await screenshot(page, "elements-table-merged");
    await field("panel-table-split").click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="panel-table-grid"] button').length === 9,
    );
    await field("panel-table-row-below").click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="panel-table-grid"] button').length === 12,
    );
    expect(await field("panel-table-rows").inputValue()).toBe("4");
    await field("panel-table-row-delete").click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="panel-table-grid"] button').length === 9,
    );
    await field("panel-table-col-right").click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="panel-table-grid"] button').length === 12,
    );
    expect(await field("panel-table-columns").inputValue()).toBe("4");
    await field("panel-table-col-delete").click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="panel-table-grid"] button').length === 9,
    );
    await setField("panel-cell-font-size", "7.6", "8");
  });

  it("picks cells on the canvas (click, drag, Ctrl-click); merge, split, insert and cell fields act on them", async () => {
    const id = await addAt(page, "Table", 0.5, 0.62);
    // the default (free) build variant adds tables without asking
    expect(await field("membership-prompt").count()).toBe(0);
    await setField("panel-table-rows", "3", "3");
    await setField("panel-table-columns", "3", "3");
    const box0 = await selectionBox(page, id);
    /** Centre of a grid cell of the 3 × 3 table on screen (its selection box is 1 px outside). */
    const cell = async (r: number, c: number) => {
      const b = await selectionBox(page, id);
      return { x: b.x + 1 + ((b.width - 2) * (c + 0.5)) / 3, y: b.y + 1 + ((b.height - 2) * (r + 0.5)) / 3 };
    };
    const highlighted = (want: string[]) =>
      page.waitForFunction(
        (w) =>
          JSON.stringify(
            [...document.querySelectorAll('[data-testid="table-cell-highlight"]')]
              .map((n) => n.getAttribute("data-cell"))
              .sort(),
          ) === JSON.stringify([...w].sort()),
        want,
      );
    // a click on a cell of the selected table picks it, on the canvas and in the panel grid
    let p = await cell(0, 0);
    await page.mouse.click(p.x, p.y);
    await highlighted(["0,0"]);
    expect(await field("panel-table-cell-0-0").getAttribute("aria-pressed")).toBe("true");
    const hl = page.locator('[data-testid="table-cell-highlight"]').first();
    expect((await hl.getAttribute("fill"))?.toUpperCase()).toBe("#3F80F5");
    expect(Number(await hl.getAttribute("fill-opacity"))).toBeCloseTo(0.1);
    // dragging over cells picks the rectangle between them; the table itself stays put
    await dragPath(page, await cell(0, 1), await cell(1, 2));
    await highlighted(["0,1", "0,2", "1,1", "1,2"]);
    expect(await selectionBox(page, id)).toEqual(box0);
    await screenshot(page, "elements-table-canvas-cells");
    await field("panel-table-merge").click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="panel-table-grid"] button').length === 6,
    );
    await highlighted(["0,1"]);
    const merged = await page.locator('[data-testid="table-cell-highlight"]').boundingBox();
    expect(merged?.width).toBeGreaterThan(((box0.width - 2) * 2) / 3 - 3);
    expect(merged?.height).toBeGreaterThan(((box0.height - 2) * 2) / 3 - 3);
    // per-cell text and alignment go to the cell picked on the canvas
    await setField("panel-table-cell-text", "Wide", "Wide");
    await page.waitForFunction(
      (i) => (document.querySelector(`.ink-label g[data-id="${i}"]`)?.textContent ?? "").includes("Wide"),
      id,
    );
    await field("panel-cell-align").selectOption("2");
    await field("panel-table-split").click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="panel-table-grid"] button').length === 9,
    );
    // Ctrl-click adds a cell, Shift-click extends from the anchor
    p = await cell(2, 2);
    await page.keyboard.down("Control");
    await page.mouse.click(p.x, p.y);
    await page.keyboard.up("Control");
    await highlighted(["0,1", "2,2"]);
    p = await cell(2, 0);
    await page.keyboard.down("Shift");
    await page.mouse.click(p.x, p.y);
    await page.keyboard.up("Shift");
    await highlighted(["2,0", "2,1", "2,2"]);
    // insert a row below the picked cell: the canvas pick decides where
    p = await cell(0, 0);
    await page.mouse.click(p.x, p.y);
    await highlighted(["0,0"]);
    await field("panel-table-row-below").click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="panel-table-grid"] button').length === 12,
    );
    expect(await page.$eval(`.ink-label g[data-id="${id}"]`, (g) => g.textContent ?? "")).toContain("Wide");
    await field("panel-table-row-delete").click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="panel-table-grid"] button').length === 9,
    );
    // dragging the line between the first two columns: the two share their width
    const before = [await num("panel-table-col-width-0"), await num("panel-table-col-width-1")];
    const bb = await selectionBox(page, id);
    const lineX = bb.x + 1 + (bb.width - 2) / 3;
    const y = (await cell(1, 0)).y;
    const step = (bb.width - 2) / 9;
    await page.mouse.move(lineX, y);
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="canvas"]') as HTMLElement).style.cursor === "col-resize",
    );
    await dragPath(page, { x: lineX, y }, { x: lineX + step, y }, async () => {
      await field("table-border-guide").waitFor({ state: "attached" });
    });
    await page.waitForFunction(
      (w) =>
        Number(
          (document.querySelector('[data-testid="panel-table-col-width-0"]') as HTMLInputElement).value,
        ) >
        w + 1,
      before[0],
    );
    const after = [await num("panel-table-col-width-0"), await num("panel-table-col-width-1")];
    expect(after[0] + after[1]).toBeCloseTo(before[0] + before[1], 0);
    expect(after[1]).toBeLessThan(before[1] - 1);
    expect(await field("table-border-guide").count()).toBe(0);
    // dragged past the next line (a cell under 0.5 mm): reverted
    await dragPath(page, { x: lineX + step, y }, { x: lineX + step * 5, y });
    expect([await num("panel-table-col-width-0"), await num("panel-table-col-width-1")]).toEqual(after);
    // the row and column shortcuts on the selected table (Ctrl+Shift+L/C insert, Ctrl+Alt+L/C delete)
    const count = (tid: string, want: string) =>
      page.waitForFunction(
        ([i, w]) => (document.querySelector(`[data-testid="${i}"]`) as HTMLInputElement).value === w,
        [tid, want] as const,
      );
    await page.keyboard.press("Control+Shift+L");
    await count("panel-table-rows", "4");
    await page.keyboard.press("Control+Shift+C");
    await count("panel-table-columns", "4");
    await page.keyboard.press("Control+Alt+L");
    await count("panel-table-rows", "3");
    await page.keyboard.press("Control+Alt+C");
    await count("panel-table-columns", "3");
    // Escape leaves cell mode; a drag then moves the table again
    const paper = await paperRect(page);
    const from = await cell(1, 1);
    await page.keyboard.press("Escape");
    await highlighted([]);
    await dragPath(page, from, { x: from.x - paper.width * 0.1, y: from.y });
    await page.waitForFunction(
      ([i, x]) => {
        const r = document
          .querySelector(`[data-testid="selection-box"][data-for="${i}"]`)
          ?.getBoundingClientRect();
        return !!r && r.x < x - 5;
      },
      [id, box0.x] as const,
    );
    // the panel's "insert row below" and Ctrl+Shift+L insert at the same row: below the whole picked
    // block (the panel once went by the first picked cell alone)
    p = await cell(2, 0);
    await page.mouse.click(p.x, p.y);
    await highlighted(["2,0"]);
    await setField("panel-table-cell-text", "Low", "Low");
    await field("panel-table-cell-0-0").click();
    await field("panel-table-cell-2-2").click({ modifiers: ["Control"] });
    await highlighted(["0,0", "2,2"]);
    const lowAt = () =>
      page.$$eval('[data-testid="panel-table-grid"] button', (bs) =>
        bs.filter((b) => b.textContent === "Low").map((b) => b.getAttribute("data-testid")),
      );
    await field("panel-table-row-below").click();
    await count("panel-table-rows", "4");
    expect(await lowAt()).toEqual(["panel-table-cell-2-0"]);
    await page.keyboard.press("Control+Shift+L");
    await count("panel-table-rows", "5");
    expect(await lowAt()).toEqual(["panel-table-cell-2-0"]);
  });
});

describe("lengths in the user's unit (issue 16)", () => {
  let p: Page;
  beforeAll(async () => {
    ({ page: p } = await openSignedInEditor(browser, app.baseUrl));
  });
  afterAll(async () => {
    await p?.close();
  });
  const shows = (id: string, want: string) =>
    p.waitForFunction(
      ([tid, w]) =>
        (document.querySelector(`[data-testid="${tid}"]`) as HTMLInputElement | null)?.value === w,
      [id, want] as const,
    );
  async function type(id: string, value: string, want: string) {
    await p.getByTestId(id).fill(value);
    await p.getByTestId(id).press("Enter");
    await shows(id, want);
  }
  const labelOf = (id: string) => p.locator(`label:has([data-testid="${id}"]) > span`).textContent();
  async function chooseUnit(unit: "mm" | "inch") {
    await p.getByTestId("open-label-settings").click();
    await p.getByTestId("label-settings").waitFor();
    await p.getByTestId("settings-unit").selectOption(unit);
    await p.getByTestId("settings-confirm").click();
    await p.getByTestId("label-settings").waitFor({ state: "detached" });
    await p.waitForFunction(
      (u) => document.querySelector('[data-testid="ruler-horizontal"]')?.getAttribute("data-unit") === u,
      unit,
    );
  }
  /** The horizontal ruler's labels: their value and the screen x of their tick. */
  const rulerMarks = () =>
    p.$$eval('[data-testid="ruler-horizontal"] text', (ns) => {
      const left = ns[0]?.closest("svg")?.getBoundingClientRect().left ?? 0;
      return ns.map((n) => ({ text: n.textContent ?? "", x: left + Number(n.getAttribute("x")) - 2 }));
    });

  it("in inches: a barcode height and a table cell width typed in inch are stored in mm; the rulers count inches", async () => {
    await chooseUnit("inch");
    const code = await addAt(p, "Barcode", 0.3, 0.3);
    expect(await labelOf("panel-code-height")).toBe("Height (inch)");
    expect(await labelOf("panel-code-x-mm")).toBe("X-dimension (inch)");
    await type("panel-code-height", "0.5", "0.5");
    const table = await addAt(p, "Table", 0.6, 0.7);
    expect(await labelOf("panel-table-col-width-0")).toBe("Column 1 width (inch)");
    expect(await labelOf("panel-table-pen")).toBe("Border width (inch)");
    await type("panel-table-col-width-0", "0.5", "0.5");
    // the bound stays in mm: 0.001 inch is under the 1 mm minimum, shown as 1 mm in inch
    await type("panel-table-row-height-0", "0.001", "0.039");
    await type("panel-table-pen", "0.02", "0.02");
    // reopened, each field shows what was typed (no drift)
    await clickElement(p, code);
    await shows("panel-code-height", "0.5");
    await clickElement(p, table);
    await shows("panel-table-col-width-0", "0.5");
    await shows("panel-table-pen", "0.02");
    await screenshot(p, "elements-lengths-inch");

    // the document keeps mm: 0.5 inch is 12.7 mm
    const download = p.waitForEvent("download");
    await p.keyboard.press("Control+Shift+S");
    const file = parseLabelFile(new Uint8Array(readFileSync((await (await download).path()) as string)));
    if (!file.ok) throw new Error("the downloaded label does not read");
    const els = file.doc.elements;
    const bar = els.find((e) => e.Id === code) as BarcodeElement;
    const tab = els.find((e) => e.Id === table) as TableElement;
    expect(bar.Height).toBe(12.7);
    expect(tab.CellWidth[0]).toBe(12.7);
    expect(tab.CellHeight[0]).toBe(1);
    expect(tab.PenWidth).toBe(0.5);

    // the rulers label inches: 0 at the label's left edge, one label step per (paper width ÷ 3.937 in)
    const paper = await paperRect(p);
    const pxPerInch = paper.width / (100 / 25.4);
    const marks = await rulerMarks();
    expect(marks.length).toBeGreaterThanOrEqual(3);
    const zero = marks.find((m) => m.text === "0");
    expect(Math.abs((zero?.x ?? Number.NaN) - paper.x)).toBeLessThan(2);
    for (let i = 1; i < marks.length; i++) {
      const step = Number(marks[i].text) - Number(marks[i - 1].text);
      expect(step).toBeGreaterThan(0);
      expect((marks[i].x - marks[i - 1].x) / step / pxPerInch).toBeCloseTo(1, 2);
    }

    // back in mm the same fields show the stored mm, and the ruler counts mm
    await chooseUnit("mm");
    expect(await labelOf("panel-table-col-width-0")).toBe("Column 1 width (mm)");
    await shows("panel-table-col-width-0", "12.7");
    const mm = await rulerMarks();
    const pxPerMm = paper.width / 100;
    expect((mm[1].x - mm[0].x) / (Number(mm[1].text) - Number(mm[0].text)) / pxPerMm).toBeCloseTo(1, 2);
  });
});

describe("member build variant (INKLESS_MEMBER_TABLE=1)", () => {
  let memberApp: RunningApp;
  let other: Page;
  beforeAll(async () => {
    memberApp = await startApp({ INKLESS_MEMBER_TABLE: "1" });
    ({ page: other } = await openSignedInEditor(browser, memberApp.baseUrl));
  });
  afterAll(async () => {
    await other?.close();
    await memberApp?.stop();
  });

  it("a non-member adding a table gets tip104 in the membership prompt, and no table", async () => {
    const before = (await renderedIds(other)).length;
    const paper = await other.locator(".ink-label-paper").boundingBox();
    if (!paper) throw new Error("no paper");
    await dragFromPalette(other, "palette-Table", paper.x + paper.width / 2, paper.y + paper.height / 2);
    await other.getByTestId("membership-prompt").waitFor();
    expect(await other.getByTestId("membership-message").textContent()).toBe(t["tip.tip104"]);
    await screenshot(other, "elements-table-member-only");
    await other.getByTestId("membership-confirm").click();
    await other.getByTestId("membership-prompt").waitFor({ state: "detached" });
    expect((await renderedIds(other)).length).toBe(before);
    // other kinds are not for members only
    await addAt(other, "Text", 0.5, 0.5);
    expect(await other.getByTestId("membership-prompt").count()).toBe(0);
  });
});

describe("images and icons", () => {
  /** A 40 × 20 PNG made by the page's canvas. */
  const png = async () =>
    Buffer.from(
      await page.evaluate(() => {
        const c = document.createElement("canvas");
        c.width = 40;
        c.height = 20;
        const g = c.getContext("2d") as CanvasRenderingContext2D;
        g.fillStyle = "#c33";
        g.fillRect(0, 0, 40, 20);
        g.fillStyle = "#ddd";
        g.fillRect(20, 0, 20, 20);
        return c.toDataURL("image/png").split(",")[1];
      }),
      "base64",
    );

  it("uploads a png (keeping its proportion), refuses other types and large files", async () => {
    const id = await addAt(page, "Image", 0.15, 0.8);
    const input = field("panel-image-file");
    await input.setInputFiles({ name: "logo.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
    await toast(t["tip.tip39"]);
    await page.evaluate(() => localStorage.setItem("configuration", JSON.stringify({ image_size: 0.01 })));
    await input.setInputFiles({ name: "big.png", mimeType: "image/png", buffer: await png() });
    await toast(t["tip.tip31"]);
    await page.evaluate(() => localStorage.removeItem("configuration"));
    // the upload button opens the file chooser
    const chooser = page.waitForEvent("filechooser");
    await field("panel-image-upload").click();
    await (await chooser).setFiles({ name: "logo.png", mimeType: "image/png", buffer: await png() });
    await page.waitForFunction(
      (i) =>
        (document.querySelector(`.ink-label g[data-id="${i}"] image`)?.getAttribute("href") ?? "").startsWith(
          "data:image/png",
        ),
      id,
    );
    const w = await num("panel-width");
    const h = await num("panel-height");
    expect(Math.abs(h - w / 2)).toBeLessThan(0.02);
    await field("panel-image-mode").selectOption("BLACKWHITE");
    await field("panel-image-preview").waitFor();
    await field("panel-image-proportion").uncheck();
    await page.waitForFunction(
      () => !(document.querySelector('[data-testid="panel-image-proportion"]') as HTMLInputElement).checked,
    );
  });

  it("places a cloud image: folders as tabs, tip113 without a pick, the picture read inline", async () => {
    // a png in the user's cloud images, put there through the API as the cloud data page does
    const up = await uploadAs(page, {
      bucket: "hm-inkless",
      path: "img/cloud-test.png",
      name: "cloud-test.png",
      source: { bytes: await png(), type: "image/png" },
    });
    const folders = await apiPost(page, "/api/tem.app_public/getCloudDataList", {
      type: 1,
      page: 1,
      size: 999,
    });
    const add = await apiPost(page, "/api/tem.app_public/addCloudFile", {
      tid: folders.data[0].id,
      name: "cloud-test.png",
      url: up.url,
    });
    expect(add.code).toBe(200);
    const id = await addAt(page, "Image", 0.85, 0.85);
    await field("panel-image-cloud").click();
    await field("cloud-image-chooser").waitFor();
    await field("cloud-image-item").first().waitFor();
    await field("cloud-image-confirm").click();
    await toast(t["tip.tip113"]);
    await field("cloud-image-item").first().click();
    await screenshot(page, "elements-cloud-image-chooser");
    await field("cloud-image-confirm").click();
    await field("cloud-image-chooser").waitFor({ state: "detached" });
    await page.waitForFunction(
      (i) =>
        (document.querySelector(`.ink-label g[data-id="${i}"] image`)?.getAttribute("href") ?? "").startsWith(
          "data:image/png",
        ),
      id,
    );
    // the 40 × 20 picture keeps its proportion
    expect(Math.abs((await num("panel-height")) - (await num("panel-width")) / 2)).toBeLessThan(0.02);
  });

  it("places an icon from the library as an image element", async () => {
    const before = (await renderedIds(page)).length;
    await field("open-icon-library").click();
    await field("icon-library").waitFor();
    await field("icon-category-hazard").click();
    // the grid shows the category once its icons are loaded (the previous one's may show until then)
    await field("icon-hazard_triangle-alert").waitFor();
    expect(await page.locator('[data-testid="icon-grid"] button').count()).toBeGreaterThan(10);
    await screenshot(page, "elements-icon-library");
    await field("icon-hazard_triangle-alert").click();
    await waitForCount(page, before + 1);
    const ids = await renderedIds(page);
    const id = ids[ids.length - 1];
    await page.waitForFunction(
      (i) =>
        (document.querySelector(`.ink-label g[data-id="${i}"] image`)?.getAttribute("href") ?? "").startsWith(
          "data:image/png",
        ),
      id,
    );
    expect(await field("icon-library").count()).toBe(0);
  });
});

describe("fonts", () => {
  it("a non-member choosing a member font gets the membership prompt and the font stays", async () => {
    await addAt(page, "Text", 0.5, 0.9);
    const before = await field("panel-font").inputValue();
    const premium = await page.$$eval('[data-testid="panel-font"] option[data-premium="1"]', (os) =>
      os.map((o) => (o as HTMLOptionElement).value),
    );
    expect(premium.length).toBeGreaterThan(0);
    await field("panel-font").selectOption(premium[0]);
    await field("membership-prompt").waitFor();
    expect(await field("membership-message").textContent()).toBe(t["tip.tip125"]);
    await field("membership-confirm").click();
    expect(await field("panel-font").inputValue()).toBe(before);
  });

  it("a free font is applied and remembered in recentFontList", async () => {
    await field("panel-font").selectOption("Roboto");
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="panel-font"]') as HTMLSelectElement).value === "Roboto",
    );
    const recent = await page.evaluate(() => JSON.parse(localStorage.getItem("recentFontList") ?? "[]"));
    expect(recent[0]).toBe("Roboto");
    await page.getByTestId("canvas").click({ position: { x: 5, y: 5 } });
    await screenshot(page, "elements-every-kind");
  });

  it("a font that fails to load shows tip126 and keeps the previous font", async () => {
    // a fresh context: its own font list cache, no draft to restore
    const other = await (await newContext(browser)).newPage();
    await other.route("**/getNewFontList*", (route) =>
      route.fulfill({
        contentType: "application/json",
        body: JSON.stringify({
          code: 200,
          msg: "",
          data: [
            { name: "Noto Sans SC", url: "/label/fonts/NotoSansSC-Regular.ttf", is_me_sp: 0 },
            { name: "Broken Font", url: "/label/fonts/missing-font.ttf", is_me_sp: 0 },
          ],
        }),
      }),
    );
    await openEditor(other, app.baseUrl);
    await other.getByTestId("palette-Text").dblclick();
    await other
      .locator('[data-testid="panel-font"] option[value="Broken Font"]')
      .waitFor({ state: "attached" });
    const before = await other.getByTestId("panel-font").inputValue();
    await other.getByTestId("panel-font").selectOption("Broken Font");
    await other.waitForFunction(
      (m) => [...document.querySelectorAll(".toast-text")].some((n) => n.textContent === m),
      t["tip.tip126"],
    );
    expect(await other.getByTestId("panel-font").inputValue()).toBe(before);
    await other.close();
  });
});
