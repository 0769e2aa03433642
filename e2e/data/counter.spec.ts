// Counters in the editor (issue 38): a text's source switched to "Counter" creates a server-kept
// counter from the data source panel, shows its next numbers there and on the canvas, and nothing is
// reserved by looking; picking another counter that a job already took numbers from shows the number
// after them.
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { addAt, clickElement, openEditor } from "../editor/helpers";
import { apiPost, launchBrowser, newContext, type RunningApp, screenshot, startApp } from "../support";

const t = en as Record<string, string>;
let app: RunningApp;
let browser: Browser;
let page: Page;
let id: string;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  page = await (await newContext(browser)).newPage();
  await openEditor(page, app.baseUrl);
  id = await addAt(page, "Text", 0.4, 0.4);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail") await screenshot(page, `counter-fail-${ctx.task.name.slice(0, 30)}`);
});

/** Waits until the element's text on the canvas is `want` (words are laid out one by one). */
const canvasShows = (want: string) =>
  page.waitForFunction(
    ([i, w]) => document.querySelector(`.ink-label g[data-id="${i}"]`)?.textContent?.replace(/\s/g, "") === w,
    [id, want] as const,
  );

describe("a counter source", () => {
  it("creates a counter, shows its next numbers on the canvas, reserves nothing", async () => {
    // another counter a job already took two numbers from
    const box = await apiPost(page, "/api/counter/create", { name: "Box", start: 7, width: 3, prefix: "B-" });
    expect(box.code).toBe(200);
    const taken = await apiPost(page, "/api/counter/reserve", { id: box.data.id, job: "job-1", count: 2 });
    expect(taken.data.numbers).toEqual(["B-007", "B-008"]);

    await clickElement(page, id);
    await page.getByTestId("source-type").selectOption("6");
    const picker = page.getByRole("combobox", { name: t["elements.source.counter"], exact: true });
    await picker.waitFor();
    await page.getByRole("button", { name: t["elements.source.counterNew"] }).click();
    const form = page.getByTestId("counter-new");
    await form.getByRole("textbox", { name: t["elements.source.counterName"] }).fill("Lot");
    await form.getByRole("spinbutton", { name: t["elements.source.counterStart"] }).fill("41");
    await form.getByRole("spinbutton", { name: t["elements.source.counterWidth"] }).fill("5");
    await form.getByRole("textbox", { name: t["elements.source.counterPrefix"] }).fill("L");
    await form.getByRole("combobox", { name: t["elements.source.counterReset"] }).selectOption("daily");
    await form.getByRole("button", { name: t["elements.source.counterCreate"] }).click();

    const next = t["elements.source.counterNext"].replace("{{numbers}}", "L00041, L00042, L00043");
    await page.waitForFunction(
      (w) => document.querySelector('[data-testid="source-counter-next"]')?.textContent === w,
      next,
    );
    expect(await picker.getAttribute("aria-describedby")).toBe(
      await page.getByTestId("source-counter-next").getAttribute("id"),
    );
    await canvasShows("L00041");
    await screenshot(page, "counter-canvas");

    // looking reserved nothing: the server's next number is still the first
    const list = await apiPost(page, "/api/counter/list", {});
    const lot = list.data.find((c: { name: string }) => c.name === "Lot");
    expect(lot).toMatchObject({ next: "L00041", reset: "daily", width: 5, prefix: "L", start: 41 });

    // the other counter carries on after the numbers its job took
    await picker.selectOption({ label: "Box" });
    await canvasShows("B-009");
  });

  it("refuses a bad counter with the server's translated reason and keeps the form", async () => {
    await page.getByRole("button", { name: t["elements.source.counterNew"] }).click();
    await page.getByRole("textbox", { name: t["elements.source.counterName"] }).fill("Lot");
    await page.getByRole("button", { name: t["elements.source.counterCreate"] }).click();
    const msg = t["server.counter.nameTaken"].replace("{{name}}", "Lot");
    await page.getByText(msg).first().waitFor();
    expect(await page.getByTestId("counter-new").isVisible()).toBe(true);
    await canvasShows("B-009");
  });
});
