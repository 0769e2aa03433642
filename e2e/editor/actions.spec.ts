// Toolbar, context menu and shortcuts from the one action registry (spec §2), in English and
// Chinese: align and distribute, every menu entry, copy/paste, undo/redo of a mixed sequence,
// delete (also of an element others reference: tip77 / tip71), select all, arrows, lock, save,
// download, print, Cmd as Ctrl; the rename and label settings dialogs; the unsaved-changes dialog;
// the QA inspector and the Stately web inspector (?inspect=stately, also offline).
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import {
  launchBrowser,
  newContext,
  openSignedInEditor,
  type RunningApp,
  screenshot,
  startApp,
  waitForRoute,
} from "../support";
import {
  addAt,
  canvasHitPoint,
  canvasRect,
  clickElement,
  LANGUAGES,
  messagesOf,
  openEditor,
  renderedIds,
  selectedIds,
  selectionBox,
  waitForCount,
} from "./helpers";

// a stand-in for https://stately.ai/inspect: says it is connected and keeps what it receives
const STATELY = "https://stately.ai/**";
/** the machines every editor runs (systemIds); the dialogs' ones start when they open */
const EDITOR_MACHINES = ["editor", "selection", "history", "canvasInteraction", "saveFlow", "guide"];
const FAKE_STATELY = `<!doctype html><title>inspector</title><script>
window.received = [];
addEventListener("message", (e) => { if (e.data && typeof e.data.type === "string") window.received.push(e.data); });
window.opener && window.opener.postMessage({ type: "@statelyai.connected" }, "*");
</script>`;

let t: Record<string, string>;
let app: RunningApp;
let browser: Browser;
let page: Page;
let ids: string[] = [];

beforeAll(async () => {
  // ?inspect=stately is off in production builds unless the server enables it (docs/security.md)
  [app, browser] = await Promise.all([startApp({ INKLESS_STATELY_INSPECTOR: "1" }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail" && page)
    await screenshot(page, `actions-fail-${ctx.task.name.slice(0, 30)}`);
});

/** A fresh user in the language's browser with three shapes on a new label. */
async function start(lang: string, locale: string) {
  t = await messagesOf(lang);
  ({ page } = await openSignedInEditor(browser, app.baseUrl, { locale }));
  ids = [];
  ids.push(await addAt(page, "Rectangle", 0.2, 0.2));
  ids.push(await addAt(page, "Ellipse", 0.5, 0.5));
  ids.push(await addAt(page, "Diamond", 0.75, 0.8));
}

const boxes = () => Promise.all(ids.map((id) => selectionBox(page, id)));
const toast = (text: string) =>
  page.waitForFunction(
    (m) => [...document.querySelectorAll(".toast-text")].some((n) => n.textContent === m),
    text,
  );
const press = (keys: string) => page.keyboard.press(keys);

describe.each(LANGUAGES)("$lang", ({ lang, locale }) => {
  beforeAll(() => start(lang, locale));
  afterAll(() => page?.close());

  describe("align and distribute", () => {
    it("Ctrl+A selects all; align left lines up the left edges", async () => {
      await page.getByTestId("canvas").click({ position: { x: 5, y: 5 } });
      await press("Control+a");
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="selection-box"]').length === 3,
      );
      await page.getByTestId("tool-align.left").click();
      await page.waitForFunction(() => {
        const xs = [...document.querySelectorAll('[data-testid="selection-box"]')].map((r) =>
          r.getAttribute("x"),
        );
        return new Set(xs).size === 1;
      });
      const bs = await boxes();
      expect(Math.abs(bs[0].x - bs[2].x)).toBeLessThan(0.5);
    });

    it("distribute vertically evens the gaps (needs three)", async () => {
      await page.getByTestId("tool-distribute.vertical").click();
      const bs = (await boxes()).sort((p, q) => p.y - q.y);
      const gap1 = bs[1].y - (bs[0].y + bs[0].height);
      const gap2 = bs[2].y - (bs[1].y + bs[1].height);
      expect(Math.abs(gap1 - gap2)).toBeLessThan(1);
    });

    it("the context menu aligns through its submenu", async () => {
      const b = await canvasHitPoint(page, ids[1]);
      await page.mouse.click(b.x, b.y, { button: "right" });
      await page.getByTestId("context-menu").waitFor();
      // right-click on a selected element keeps the multi-selection
      expect((await selectedIds(page)).length).toBe(3);
      await page.getByTestId("menu-editor.menu.align").click();
      await page.getByTestId("menu-align.right").click();
      await page.waitForFunction(() => !document.querySelector('[data-testid="context-menu"]'));
      const bs = await boxes();
      expect(Math.abs(bs[0].x + bs[0].width - (bs[1].x + bs[1].width))).toBeLessThan(0.5);
      await screenshot(page, `editor-aligned-${lang}`);
    });
  });

  describe("clipboard, history, delete", () => {
    it("copy and paste: a copy 20 units away, new name, selected", async () => {
      await clickElement(page, ids[0]);
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="selection-box"]').length === 1,
      );
      const first = await selectionBox(page, ids[0]);
      await press("Control+c");
      await toast(t["tip.tip35"]);
      await press("Control+v");
      await waitForCount(page, 4);
      const [copy] = await selectedIds(page);
      expect(ids).not.toContain(copy);
      const c = await selectionBox(page, copy);
      // 20 units at zoom z are 20·z px on screen
      const zoom = Number(await page.getByTestId("canvas").getAttribute("data-zoom"));
      expect(c.x - first.x).toBeCloseTo(20 * zoom, 0);
      expect(c.y - first.y).toBeCloseTo(20 * zoom, 0);
      expect(await page.getByTestId("panel-name").inputValue()).toBe("Rectangle2");
      // the toolbar paste does the same, another 20 units on
      await page.getByTestId("tool-paste").click();
      await waitForCount(page, 5);
    });

    it("undo and redo a mixed sequence (paste, move, delete)", async () => {
      const [last] = await selectedIds(page);
      const before = await selectionBox(page, last);
      await press("ArrowRight");
      await press("ArrowRight");
      await page.waitForFunction(
        ([id, x]) =>
          Number(
            document.querySelector(`[data-testid="selection-box"][data-for="${id}"]`)?.getAttribute("x"),
          ) >
          Number(x) + 0.2, // two 0.1 mm steps (the first one may only reach the 0.1 mm grid)
        [last, String(before.x - (await canvasRect(page)).x)] as const,
      );
      await press("Delete");
      await waitForCount(page, 4);
      await press("Control+z"); // delete undone
      await waitForCount(page, 5);
      // undo clears the selection
      expect(await selectedIds(page)).toEqual([]);
      await press("Control+z"); // arrow 2
      await press("Control+z"); // arrow 1
      await press("Control+z"); // second paste
      await waitForCount(page, 4);
      await page.getByTestId("tool-redo").click(); // paste again
      await waitForCount(page, 5);
      await press("Control+y");
      await press("Control+y");
      await press("Control+y"); // delete again
      await waitForCount(page, 4);
      expect(await page.getByTestId("tool-redo").isDisabled()).toBe(true);
    });

    it("shortcuts are ignored while typing in an input", async () => {
      await clickElement(page, ids[2]);
      await selectionBox(page, ids[2]);
      const name = page.getByTestId("panel-name");
      await name.click();
      await press("Control+a");
      await press("Delete");
      // still there: Delete edited the input, not the label
      expect(await renderedIds(page)).toContain(ids[2]);
      await press("Escape");
    });

    it("Ctrl+L locks and unlocks; a locked element cannot be copied", async () => {
      await page.getByTestId("canvas").click({ position: { x: 5, y: 5 } });
      await clickElement(page, ids[2]);
      await selectionBox(page, ids[2]);
      await press("Control+l");
      await toast(t["tip.tip122"]);
      await press("Control+c");
      await toast(t["tip.tip109"]);
      await press("Control+l");
      await toast(t["tip.tip123"]);
    });

    it("an operation without a selection says tip108", async () => {
      await page.getByTestId("canvas").click({ position: { x: 5, y: 5 } });
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="selection-box"]').length === 0,
      );
      await press("Control+l");
      await toast(t["tip.tip108"]);
    });
  });

  describe("context menu", () => {
    let alone: string;
    /** Right-clicks an element where it is hit (or a canvas corner) and waits for the menu. */
    const menuOn = async (id?: string) => {
      if (id) {
        const r = await canvasHitPoint(page, id);
        await page.mouse.click(r.x, r.y, { button: "right" });
      } else {
        const c = await canvasRect(page);
        await page.mouse.click(c.x + 8, c.y + c.height - 8, { button: "right" });
      }
      await page.getByTestId("context-menu").waitFor();
    };
    const choose = async (...path: string[]) => {
      for (const id of path) await page.getByTestId(`menu-${id}`).click();
      await page.getByTestId("context-menu").waitFor({ state: "detached" });
    };

    it("lists the spec's entries in the interface language, with their shortcuts", async () => {
      await menuOn();
      const menu = page.getByTestId("context-menu");
      expect(await menu.getAttribute("aria-label")).toBe(t["editor.menu.label"]);
      for (const [id, key, kbd] of [
        ["selectAll", "editor.action.selectAll", "Ctrl+A"],
        ["copy", "editor.action.copy", "Ctrl+C"],
        ["paste", "editor.action.paste", "Ctrl+V"],
        ["lock", "editor.action.lock", "Ctrl+L"],
        ["editor.menu.rotate", "editor.menu.rotate", ""],
        ["editor.menu.align", "editor.menu.align", ""],
        ["editor.menu.order", "editor.menu.order", ""],
        ["labelSettings", "editor.action.labelSettings", ""],
        ["delete", "editor.action.delete", "Delete"],
      ]) {
        const text = await page.getByTestId(`menu-${id}`).textContent();
        expect(text).toContain(t[key]);
        if (kbd) expect(text).toContain(kbd);
      }
      await screenshot(page, `editor-context-menu-${lang}`);
      await page.keyboard.press("Escape");
      await menu.waitFor({ state: "detached" });
    });

    it("select all, order top / bottom, copy, paste and delete from the menu", async () => {
      const all = await renderedIds(page);
      await menuOn();
      await choose("selectAll");
      await page.waitForFunction(
        (n) => document.querySelectorAll('[data-testid="selection-box"]').length === n,
        all.length,
      );
      // an element standing alone, so a click always reaches it whatever its z-order
      await page.getByTestId("canvas").click({ position: { x: 5, y: 5 } });
      alone = await addAt(page, "Rectangle", 0.88, 0.12);
      await menuOn(alone);
      await choose("editor.menu.order", "order.bottom");
      await expect.poll(async () => (await renderedIds(page))[0]).toBe(alone);
      await menuOn(alone);
      await choose("editor.menu.order", "order.top");
      await expect.poll(async () => (await renderedIds(page)).at(-1)).toBe(alone);
      await menuOn(alone);
      await choose("copy");
      await toast(t["tip.tip35"]);
      await menuOn();
      await choose("paste");
      await waitForCount(page, all.length + 2);
      const [copy] = await selectedIds(page);
      expect([...all, alone]).not.toContain(copy);
      // the copy is on top: right-clicking it selects it and the menu deletes it
      await menuOn(copy);
      await choose("delete");
      await waitForCount(page, all.length + 1);
      expect(await renderedIds(page)).not.toContain(copy);
    });

    it("lock / unlock and label settings from the menu", async () => {
      await menuOn(alone);
      await choose("lock");
      await toast(t["tip.tip122"]);
      await menuOn(alone);
      await choose("lock");
      await toast(t["tip.tip123"]);
      await menuOn();
      await choose("labelSettings");
      await page.getByTestId("label-settings").waitFor();
      await page.keyboard.press("Escape");
      await page.getByTestId("label-settings").waitFor({ state: "detached" });
    });
  });

  describe("delete of an element that others reference", () => {
    let src: string;
    let ref: string;
    const textOf = (id: string) => page.locator(`.ink-label g[data-id="${id}"]`).textContent();
    const dialog = () => page.getByTestId("confirm-dialog");
    /** the element's model box on screen (selects it, then the source element again) */
    const selectionBoxOf = async (id: string) => {
      await clickElement(page, id);
      const box = await selectionBox(page, id);
      await clickElement(page, src);
      await selectionBox(page, src);
      return box;
    };

    it("a text that takes its content from another one shows that content", async () => {
      await page.getByTestId("canvas").click({ position: { x: 5, y: 5 } });
      src = await addAt(page, "Text", 0.3, 0.1);
      await page.getByTestId("panel-text").fill("REF-42");
      await page.waitForFunction(
        (id) => document.querySelector(`.ink-label g[data-id="${id}"]`)?.textContent?.includes("REF-42"),
        src,
      );
      ref = await addAt(page, "Text", 0.65, 0.1);
      await page.getByTestId("source-type").selectOption("3");
      await page.getByTestId("source-reference").selectOption({ value: src });
      await page.waitForFunction(
        (id) => document.querySelector(`.ink-label g[data-id="${id}"]`)?.textContent?.includes("REF-42"),
        ref,
      );
    });

    it("a referenced text cannot become a reference itself: tip72 (its text, not its key), fixed text stays", async () => {
      await clickElement(page, src);
      await selectionBox(page, src);
      await page.getByTestId("source-type").selectOption("3");
      await toast(t["tip.tip72"]);
      expect(await page.getByTestId("source-type").inputValue()).toBe("0");
      expect(await textOf(src)).toContain("REF-42");
      expect(await textOf(ref)).toContain("REF-42");
    });

    it("asks first (tip77, title tip71); cancel keeps both and the reference", async () => {
      await clickElement(page, src);
      await selectionBox(page, src);
      const n = (await renderedIds(page)).length;
      await press("Delete");
      await dialog().waitFor();
      // named by its title (aria-labelledby), as a screen reader announces it
      expect(await page.getByRole("dialog", { name: t["tip.tip71"], exact: true }).count()).toBe(1);
      expect(await dialog().textContent()).toContain(t["tip.tip77"]);
      // described by its question (aria-describedby), like every confirm-style dialog
      const described = await dialog().evaluate(
        (d) => document.getElementById(d.getAttribute("aria-describedby") ?? "")?.textContent ?? "",
      );
      expect(described).toContain(t["tip.tip77"]);
      await screenshot(page, `editor-delete-referenced-${lang}`);
      await dialog().getByRole("button", { name: t["editor.dialog.cancel"] }).click();
      await dialog().waitFor({ state: "detached" });
      expect((await renderedIds(page)).length).toBe(n);
      expect(await textOf(ref)).toContain("REF-42");
      // the cancelled delete left nothing to undo but the reference set-up
      expect(await selectedIds(page)).toEqual([src]);
    });

    it("confirm deletes it and turns the reference into empty fixed text; undo brings both back", async () => {
      const n = (await renderedIds(page)).length;
      // an emptied text draws nothing: remember where it stands to select it afterwards
      const refBox = await selectionBoxOf(ref);
      await page.getByTestId("tool-delete").click();
      await dialog().waitFor();
      await page.getByTestId("confirm-accept").click();
      await waitForCount(page, n - 1);
      expect(await renderedIds(page)).not.toContain(src);
      expect(await textOf(ref)).not.toContain("REF-42");
      await page.mouse.click(refBox.x + refBox.width / 2, refBox.y + refBox.height / 2);
      await selectionBox(page, ref);
      expect(await page.getByTestId("source-type").inputValue()).toBe("0");
      expect(await page.getByTestId("panel-text").inputValue()).toBe("");
      // one history entry: the element and the reference come back together
      await press("Control+z");
      await waitForCount(page, n);
      await page.waitForFunction(
        (id) => document.querySelector(`.ink-label g[data-id="${id}"]`)?.textContent?.includes("REF-42"),
        ref,
      );
    });
  });

  describe("top bar", () => {
    it("rename refuses an empty name (tip41) and forbidden characters (tip42)", async () => {
      await page.getByTestId("label-name").click();
      const input = page.getByTestId("rename-input");
      await input.fill("  ");
      await page.getByTestId("rename-confirm").click();
      expect(await page.getByTestId("rename-error").textContent()).toBe(t["tip.tip41"]);
      await input.fill("a/b<c>");
      await page.getByTestId("rename-confirm").click();
      expect(await page.getByTestId("rename-error").textContent()).toBe(t["tip.tip42"]);
      await input.fill("Shelf <script>alert(1)</script>".replace(/[<>/]/g, ""));
      await page.getByTestId("rename-confirm").click();
      await page.getByTestId("rename-dialog").waitFor({ state: "detached" });
      expect(await page.getByTestId("label-name").textContent()).toContain("Shelf scriptalert(1)script");
    });

    it("label settings: unit conversion, validation, grid preview, applied as one step", async () => {
      await page.getByTestId("open-label-settings").click();
      await page.getByTestId("label-settings").waitFor();
      await page.getByTestId("settings-unit").selectOption("inch");
      expect(await page.getByTestId("settings-width").inputValue()).toBe("3.937");
      expect(await page.getByTestId("settings-height").inputValue()).toBe("3.15");
      await page.getByTestId("settings-width").fill("20");
      await page.getByTestId("settings-confirm").click();
      // 20 in is above 15.748 in: refused with the field's range
      await page.waitForFunction(
        () => (document.querySelector('[data-testid="settings-error"]')?.textContent ?? "") !== "",
      );
      await page.getByTestId("settings-width").fill("2");
      await page.getByTestId("settings-height").fill("1");
      await page.getByTestId("settings-columns").fill("3");
      await page.getByTestId("settings-rows").fill("2");
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="preview-cell"]').length === 6,
      );
      await screenshot(page, `editor-label-settings-${lang}`);
      await page.getByTestId("settings-confirm").click();
      await page.getByTestId("label-settings").waitFor({ state: "detached" });
      // the size shows in the chosen unit (MeasureUnit), from 50.8 × 25.4 mm, named in the language
      const inch = t["app.unit.inch"];
      expect(await page.getByTestId("label-size").textContent()).toBe(`2 X 1 ${inch}`);
      await press("Control+z");
      // 100 × 80 mm in inch: ÷ 25.4 with 3 decimals
      await page.waitForFunction(
        (want) => document.querySelector('[data-testid="label-size"]')?.textContent === want,
        `3.937 X 3.15 ${inch}`,
      );
    });

    it("label settings: the background picture is chosen from a button keyboards reach, and again after removal", async () => {
      // a 1 × 1 PNG
      const png = Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
        "base64",
      );
      await page.getByTestId("open-label-settings").click();
      await page.getByTestId("label-settings").waitFor();
      const upload = page
        .getByTestId("label-settings")
        .getByRole("button", { name: t["editor.settings.upload"] });
      // a real button: focused and pressed with Enter, it opens the file input (its chooser held back)
      await page.evaluate(() => {
        const input = document.querySelector('[data-testid="settings-background"]');
        input?.addEventListener(
          "click",
          (e) => {
            e.preventDefault();
            document.body.dataset.picked = "1";
          },
          { once: true },
        );
      });
      await upload.focus();
      await press("Enter");
      await page.waitForFunction(() => document.body.dataset.picked === "1");
      // the same file a second time, after removing it, is taken again
      for (let round = 0; round < 2; round++) {
        await page
          .getByTestId("settings-background")
          .setInputFiles({ name: "paper.png", mimeType: "image/png", buffer: png });
        await page.getByTestId("settings-background-remove").click();
        await page.getByTestId("settings-background-remove").waitFor({ state: "detached" });
      }
      await page.getByTestId("settings-cancel").click();
      await page.getByTestId("label-settings").waitFor({ state: "detached" });
    });

    it("the shortcut help lists the registry's bindings, save, download and print among them", async () => {
      await page.getByTestId("help-bottom").click();
      const help = page.getByTestId("shortcut-help");
      await help.waitFor();
      // save, download and print are registry actions: named in the interface language
      for (const [key, label] of [
        ["Ctrl+S", "editor.save.cloud"],
        ["Ctrl+Shift+S", "editor.save.local"],
        ["Ctrl+P", "print.dialog.title"],
      ]) {
        const row = help.locator("tr", { has: page.getByText(key, { exact: true }) });
        expect(await row.locator("td").first().textContent()).toBe(t[label]);
      }
      await screenshot(page, `editor-shortcut-help-${lang}`);
      for (const key of [
        "Ctrl+L",
        "Ctrl+C",
        "Ctrl+V",
        "Ctrl+Z",
        "Ctrl+Y",
        "Ctrl+A",
        "Delete",
        "Ctrl+'",
        "Ctrl+Shift+L",
        "Ctrl+Alt+C",
        "Ctrl+R",
        "Ctrl+Shift+R",
      ]) {
        expect(await help.getByText(key, { exact: true }).count()).toBeGreaterThan(0);
      }
      await page.getByTestId("help-bottom").click();
    });

    it("the inspector shows the live machines and their events (Ctrl+Shift+I)", async () => {
      await press("Control+Shift+I");
      const insp = page.getByTestId("inspector");
      await insp.waitFor();
      await press("Control+a");
      await page.waitForFunction(() => {
        const log = document.querySelector('[data-testid="inspector-log"]')?.textContent ?? "";
        return log.includes("selection.all") && log.includes("selection");
      });
      // the dialogs' machines show too (the label settings' one stays listed, stopped, once closed)
      await page.getByTestId("open-label-settings").click();
      await page.getByTestId("label-settings").waitFor();
      await page.getByTestId("settings-cancel").click();
      await page.getByTestId("label-settings").waitFor({ state: "detached" });
      for (const id of [...EDITOR_MACHINES, "labelSettings"]) {
        await page.getByTestId(`inspector-actor-${id}`).waitFor();
      }
      // the selection machine's statechart, drawn from its definition, its active state highlighted
      await page.getByTestId("inspector-machine").selectOption("selection");
      const active = (state: string) =>
        page.locator(`[data-testid="statechart"] [data-state-id="selection.${state}"][data-active="true"]`);
      await active("multi").waitFor();
      expect(await page.locator('[data-testid="statechart"] [data-state-id]').count()).toBe(5);
      await screenshot(page, `editor-inspector-${lang}`);
      // clearing the selection moves the highlight and marks the transition taken (the first click
      // may only close the palette's open flyout)
      await page.getByTestId("canvas").click({ position: { x: 5, y: 5 } });
      await page.getByTestId("canvas").click({ position: { x: 5, y: 5 } });
      await active("none").waitFor();
      await page
        .locator(
          '[data-testid="statechart"] [data-transition-id="selection:selection.clear:0"][data-taken="true"]',
        )
        .waitFor();
      // an earlier event shows every machine as it was right after it; back to live
      const allEvent = page
        .locator('[data-testid^="inspector-event-"]', { hasText: "selection.all" })
        .first();
      await allEvent.click();
      await active("multi").waitFor();
      // the log numbers each event as the moment line does ("… event #n")
      const n = Number((await allEvent.getAttribute("data-testid"))?.split("-").at(-1));
      expect(await page.getByTestId("inspector-moment").textContent()).toContain(`#${n}`);
      expect(await allEvent.evaluate((b) => (b.closest("li") as HTMLLIElement).value)).toBe(n);
      expect(
        await page.getByTestId("inspector-actor-selection").getByTestId("inspector-state").textContent(),
      ).toBe("multi");
      await page.getByTestId("inspector-live").click();
      await active("none").waitFor();
      // the session's log as a file: the payloads and each machine's state after each event
      const download = page.waitForEvent("download");
      await page.getByTestId("inspector-export").click();
      const file = JSON.parse(readFileSync((await (await download).path()) as string, "utf8"));
      const all = file.events.find((e: { event: { type: string } }) => e.event.type === "selection.all");
      expect(all.states.selection).toBe("multi");
      expect(all.hashes.selection).toMatch(/^[0-9a-f]{8}$/);
      // the test suite's coverage (the file npm test writes): the selection machine's 4 states and
      // 9 transitions, of which a run reached none and single by selection.set: 3 of 13, 23%
      const sc = '[data-testid="statechart"]';
      const suiteFile = {
        app: "inkless-machine-coverage",
        version: 1,
        createdAt: "2026-11-20T10:00:00.000Z",
        machines: {
          selection: {
            states: ["selection.none", "selection.single"],
            transitions: ["selection:selection.set:0"],
          },
        },
      };
      const load = (name: string, text: string) =>
        page
          .getByTestId("inspector-coverage-file")
          .setInputFiles({ name, mimeType: "application/json", buffer: Buffer.from(text) });
      await load("machine-coverage.json", JSON.stringify(suiteFile));
      await page.locator('[data-testid="inspector-coverage"][data-percent="23"]').waitFor();
      expect(await page.getByTestId("inspector-coverage-source").inputValue()).toBe("suite");
      expect(
        await page
          .locator(`${sc} [data-transition-id="selection:selection.set:0"]`)
          .getAttribute("data-visited"),
      ).toBe("true");
      // reached this session, not by the suite: drawn faint, and listed
      expect(
        await page
          .locator(`${sc} [data-transition-id="selection:selection.all:0"]`)
          .getAttribute("data-visited"),
      ).toBe("false");
      expect(await page.locator(`${sc} [data-state-id="selection.multi"]`).getAttribute("data-visited")).toBe(
        "false",
      );
      const unreached = page.getByTestId("inspector-unreached");
      expect(await unreached.locator("summary").textContent()).toBe(
        t["editor.inspector.unreached"].replace("{{count}}", "10"),
      );
      expect(await unreached.locator("li").count()).toBe(10);
      expect(await unreached.locator("li").first().textContent()).toBe(
        t["editor.inspector.unreachedState"].replace("{{state}}", "routing"),
      );
      await screenshot(page, `editor-inspector-suite-${lang}`);
      // back to this session's coverage: what it reached is drawn plain again
      await page.getByTestId("inspector-coverage-source").selectOption("session");
      await page
        .locator(`${sc} [data-transition-id="selection:selection.all:0"][data-visited="true"]`)
        .waitFor();
      // a file that is not the suite's coverage says so and keeps the loaded one
      await load("log.json", JSON.stringify({ app: "inkless-inspector", events: [] }));
      expect(await page.getByTestId("inspector-coverage-error").textContent()).toBe(
        t["editor.inspector.coverageNotFile"],
      );
      expect(await page.locator('[data-testid="inspector-coverage-source"] option').count()).toBe(2);
      await press("Control+Shift+I");
      await insp.waitFor({ state: "detached" });
    });

    it("Ctrl+S saves to the cloud, Ctrl+Shift+S downloads the file, Ctrl+P prints, Cmd works as Ctrl", async () => {
      await page.getByTestId("canvas").click({ position: { x: 5, y: 5 } });
      // Cmd (Meta) is Ctrl on a Mac: Cmd+A selects all
      await press("Meta+a");
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="selection-box"]').length > 1);
      await page.getByTestId("canvas").click({ position: { x: 5, y: 5 } });
      const added = page.waitForResponse((r) => r.url().includes("/addUserTemplate"));
      await press("Control+s");
      expect((await added).ok()).toBe(true);
      await page.waitForURL((u) => u.searchParams.get("labelStatus") === "edit");
      const name = (await page.getByTestId("label-name").textContent())?.replace("•", "").trim();
      const dl = page.waitForEvent("download");
      await press("Control+Shift+S");
      expect((await dl).suggestedFilename()).toBe(`${name}.tprts`);
      await press("Control+p");
      await page.getByTestId("print-dialog").waitFor();
      await page.getByTestId("print-copies").focus();
      await page.keyboard.press("Escape");
      await page.getByTestId("print-dialog").waitFor({ state: "detached" });
      // unsaved again for the exit check
      await addAt(page, "Ellipse", 0.5, 0.3);
    });

    it("?inspect=stately opens the Stately inspector and sends it the machines and their events", async () => {
      // a new user: no draft of the label above is offered over the editor
      const ctx = await newContext(browser, locale);
      // the inspector window is held loading until the editor has been busy: hundreds of events
      // (more than @statelyai/inspect keeps for a window that has not connected yet) come first
      let load = () => {};
      const loading = new Promise<void>((r) => {
        load = r;
      });
      let opened = () => {};
      const requested = new Promise<void>((r) => {
        opened = r;
      });
      await ctx.route(STATELY, async (r) => {
        opened();
        await loading;
        await r.fulfill({ contentType: "text/html", body: FAKE_STATELY });
      });
      const p2 = await ctx.newPage();
      // Playwright reports the popup once its first page has loaded
      const popup = p2.waitForEvent("popup");
      await openEditor(p2, app.baseUrl, "?labelStatus=add&inspect=stately");
      await requested;
      await p2.getByTestId("canvas").click({ position: { x: 5, y: 5 } });
      for (let i = 0; i < 120; i++) await p2.keyboard.press(i % 2 ? "Escape" : "Control+a");
      load();
      const win = await popup;
      // the machines started before the inspector connected, and it still learns all of them
      await win.waitForFunction((machines) => {
        const got = (window as unknown as { received?: { type: string; name?: string }[] }).received ?? [];
        const names = got.filter((e) => e.type === "@xstate.actor").map((e) => e.name);
        return machines.every((n) => names.includes(n));
      }, EDITOR_MACHINES);
      expect(win.url()).toBe("https://stately.ai/inspect");
      // the dialogs' machines as they open: label settings, and print (which saves first)
      await addAt(p2, "Rectangle", 0.5, 0.5);
      await p2.getByTestId("open-label-settings").click();
      await p2.getByTestId("settings-cancel").click();
      await p2.keyboard.press("Control+p");
      await p2.getByTestId("print-dialog").waitFor();
      await p2.keyboard.press("Escape");
      await p2.getByTestId("print-dialog").waitFor({ state: "detached" });
      await win.waitForFunction(() => {
        const got = (window as unknown as { received?: { type: string; name?: string }[] }).received ?? [];
        const names = got.filter((e) => e.type === "@xstate.actor").map((e) => e.name);
        return ["labelSettings", "printDialog"].every((n) => names.includes(n));
      });
      await p2.getByTestId("canvas").click({ position: { x: 5, y: 5 } });
      await p2.keyboard.press("Control+a");
      await win.waitForFunction(() =>
        (window as unknown as { received: { type: string; event?: { type: string } }[] }).received.some(
          (e) => e.type === "@xstate.event" && e.event?.type === "selection.all",
        ),
      );
      await ctx.close();
    });

    it.runIf(lang === "en")(
      "a recorded session replays in a fresh editor without difference, and makes a passing vitest file",
      async () => {
        const inspect = { locale, query: "?labelStatus=add&inspect=1" };
        const { context: ctx, page: a } = await openSignedInEditor(browser, app.baseUrl, inspect);
        await a.getByTestId("inspector").waitFor();
        // the session: add a rectangle, undo, redo, select all, clear the selection
        await addAt(a, "Rectangle", 0.5, 0.5);
        await a.getByTestId("canvas").click({ position: { x: 5, y: 5 } });
        await a.keyboard.press("Control+z");
        await waitForCount(a, 0);
        await a.keyboard.press("Control+y");
        await waitForCount(a, 1);
        await a.keyboard.press("Control+a");
        await a.waitForFunction(
          () => document.querySelectorAll('[data-testid="selection-box"]').length === 1,
        );
        // the picked machine's coverage: what this session reached of it
        await a.getByTestId("inspector-machine").selectOption("selection");
        await a.locator('[data-testid="statechart"] [data-visited="false"]').first().waitFor();
        expect(await a.getByTestId("inspector-coverage").textContent()).toMatch(/\d+ of \d+ states/);
        const exported = a.waitForEvent("download");
        await a.getByTestId("inspector-export").click();
        const logPath = (await (await exported).path()) as string;

        // a fresh editor replays it (another browser profile: no draft of the label above is offered)
        const { context: ctxB, page: b } = await openSignedInEditor(browser, app.baseUrl, inspect);
        await b.getByTestId("inspector-import").setInputFiles(logPath);
        await b.getByTestId("inspector-replay").click();
        const status = b.getByTestId("inspector-replay-status");
        await b.waitForFunction(
          () =>
            ["same", "differs"].includes(
              document
                .querySelector('[data-testid="inspector-replay-status"]')
                ?.getAttribute("data-result") ?? "",
            ),
          undefined,
          { timeout: 60_000 },
        );
        expect(await status.textContent()).toContain("no difference");
        await waitForCount(b, 1);
        // a damaged file is refused with a message, the loaded log stays usable
        await b.getByTestId("inspector-import").setInputFiles({
          name: "broken.json",
          mimeType: "application/json",
          buffer: Buffer.from("{ not json"),
        });
        // the file is read asynchronously: wait for the message rather than read it at once
        await b
          .getByTestId("inspector-replay-status")
          .filter({ hasText: en["editor.inspector.logNotJson"] })
          .waitFor({ timeout: 30_000 });
        expect(await status.textContent()).toBe(en["editor.inspector.logNotJson"]);

        // make a test of the selection machine from this session's log, and run it with vitest
        await b.getByTestId("inspector-machine").selectOption("selection");
        const made = b.waitForEvent("download");
        await b.getByTestId("inspector-make-test").click();
        const source = readFileSync((await (await made).path()) as string, "utf8");
        expect(source).toContain('from "./selection.machine"');
        const file = join("machines", `e2e-${process.pid}.replay.test.ts`);
        writeFileSync(file, source);
        try {
          const out = execFileSync(process.execPath, ["node_modules/vitest/vitest.mjs", "run", file], {
            encoding: "utf8",
            env: { ...process.env, CI: "1" },
          });
          expect(out).toMatch(/1 passed/);
        } finally {
          rmSync(file, { force: true });
        }
        await ctx.close();
        await ctxB.close();
      },
    );

    it("?inspect=stately offline: the inspector window cannot load and the editor works on", async () => {
      const ctx = await newContext(browser, locale);
      await ctx.route(STATELY, (r) => r.abort("internetdisconnected"));
      const p3 = await ctx.newPage();
      const errors: string[] = [];
      p3.on("pageerror", (e) => errors.push(e.message));
      const popup = p3.waitForEvent("popup");
      await openEditor(p3, app.baseUrl, "?labelStatus=add&inspect=stately");
      await (await popup).close();
      const id = await addAt(p3, "Rectangle", 0.5, 0.5);
      expect(await renderedIds(p3)).toEqual([id]);
      await p3.keyboard.press("Control+a");
      await p3.waitForFunction(() => document.querySelectorAll('[data-testid="selection-box"]').length === 1);
      expect(errors).toEqual([]);
      await ctx.close();
    });

    it("exit with unsaved changes asks first; abandon leaves", async () => {
      await page.getByTestId("exit-edit").click();
      await page.getByTestId("exit-dialog").waitFor();
      await page.getByTestId("exit-cancel").click();
      await page.getByTestId("exit-dialog").waitFor({ state: "detached" });
      await page.getByTestId("exit-edit").click();
      await page.getByTestId("exit-abandon").click();
      await waitForRoute(page, "/index");
    });
  });
});
