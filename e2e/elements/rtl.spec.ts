// Every language on the canvas (issue 35). The inline editor lays Arabic and Hebrew out as the
// renderer draws them (each paragraph's direction from its first strong character, start at the
// right edge), its caret and selection sit on the glyphs they stand for, and the arrow keys move
// logically in the paragraph's direction. Arabic typed on the canvas is drawn joined, right to left,
// with the glyphs HarfBuzz gives, and the exported PDF gives the text back. Characters no font draws
// mark their element on the canvas and are named before an export.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { parseGlyphs } from "../../src/render/text/glyphsAttr";
import { loadShaper, shapeRun } from "../../src/render/text/shaper";
import { addAt, paperRect, selectionBox } from "../editor/helpers";
import { menu, pixelsOf } from "../export/helpers";
import { launchBrowser, openSignedInEditor, type RunningApp, screenshot, startApp } from "../support";

const t = en as Record<string, string>;
const dir = mkdtempSync(join(tmpdir(), "inkless-e2e-rtl-"));

let app: RunningApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  ({ page } = await openSignedInEditor(browser, app.baseUrl));
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/**
 * The characters a drawing shows, in any order: tspans hold words in visual order (a right-to-left
 * line's last word first) and spaces are positions (the page functions sort the same way).
 */
const drawnChars = (text: string) => [...text.replace(/\s/g, "")].sort().join("");

type Rect = { x: number; y: number; width: number; height: number };
const editor = () => page.getByTestId("inline-text-editor");

/** Each drawn line of an element (tspans sharing a baseline): its horizontal extent and middle, page px. */
function drawnLines(id: string) {
  return page.$eval(`.ink-label g[data-id="${id}"]`, (g) => {
    const lines = new Map<string, { x0: number; x1: number; y0: number; y1: number }>();
    for (const t of g.querySelectorAll("tspan")) {
      const r = t.getBoundingClientRect();
      const k = t.getAttribute("y") ?? "";
      const l = lines.get(k);
      lines.set(
        k,
        l
          ? {
              x0: Math.min(l.x0, r.left),
              x1: Math.max(l.x1, r.right),
              y0: Math.min(l.y0, r.top),
              y1: Math.max(l.y1, r.bottom),
            }
          : { x0: r.left, x1: r.right, y0: r.top, y1: r.bottom },
      );
    }
    return [...lines.values()].sort((a, b) => a.y0 - b.y0);
  });
}

/** Horizontal extent (page px) of the pixels matching `hit` in a band of rows of a clip, or null. */
async function extent(clip: Rect, y0: number, y1: number, hit: (r: number, g: number, b: number) => boolean) {
  const p = await pixelsOf(page, await page.screenshot({ clip }));
  let [x0, x1] = [Number.POSITIVE_INFINITY, -1];
  for (let y = Math.max(0, Math.round(y0 - clip.y)); y < Math.min(p.height, Math.round(y1 - clip.y)); y++)
    for (let x = 0; x < p.width; x++) {
      const i = (y * p.width + x) * 4;
      if (hit(p.data[i], p.data[i + 1], p.data[i + 2])) {
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x);
      }
    }
  return x1 < 0 ? null : { x0: x0 + clip.x, x1: x1 + clip.x };
}
const ink = (r: number, g: number, b: number) => r < 110 && g < 110 && b < 110;
const red = (r: number, g: number, b: number) => r > 200 && g < 80 && b < 80;

describe("the inline editor in right-to-left and mixed text", () => {
  // an Arabic paragraph, a shorter Hebrew one (right-aligned under it) and a Latin one (left-aligned)
  const LINES = ["مرحبا بالعالم", "שלום", "Label 42"];
  const TEXT = LINES.join("\n");

  it("places each paragraph, the caret and the selection where the drawn text is", async () => {
    const id = await addAt(page, "Text", 0.3, 0.35);
    const b0 = await selectionBox(page, id);
    await page.mouse.dblclick(b0.x + b0.width / 2, b0.y + b0.height / 2);
    await page.waitForFunction(
      () => document.activeElement?.getAttribute("data-testid") === "inline-text-editor",
    );
    await page.keyboard.insertText(TEXT);
    // drawn (tspans hold words, spaces are positions) with the fallback faces loaded
    await page.waitForFunction(
      ([i, want]) =>
        [...(document.querySelector(`.ink-label g[data-id="${i}"]`)?.textContent ?? "").replace(/\s/g, "")]
          .sort()
          .join("") === want,
      [id, drawnChars(TEXT)] as const,
      { timeout: 60_000 },
    );
    await page.keyboard.press("Escape");
    await editor().waitFor({ state: "detached" });
    await page.evaluate(() => document.fonts.ready);
    const lines = await drawnLines(id);
    expect(lines).toHaveLength(3);
    // the renderer puts the Arabic and Hebrew lines at the right edge (the start of a right-to-left
    // paragraph) and the Latin one at the left edge
    const box = await selectionBox(page, id);
    await screenshot(page, "elements-text-rtl-drawn");
    const right = box.x + box.width;
    expect(Math.abs(lines[0].x1 - right), "Arabic line at the right edge").toBeLessThanOrEqual(4);
    expect(Math.abs(lines[1].x1 - right), "Hebrew line at the right edge").toBeLessThanOrEqual(4);
    expect(lines[1].x0 - box.x, "the Hebrew line is short").toBeGreaterThan(10);
    expect(Math.abs(lines[2].x0 - box.x), "Latin line at the left edge").toBeLessThanOrEqual(4);
    const clip = { x: box.x - 20, y: box.y - 12, width: box.width + 40, height: box.height + 24 };
    const band = (l: { y0: number; y1: number }) => {
      const m = (l.y0 + l.y1) / 2;
      const h = (l.y1 - l.y0) * 0.3;
      return [m - h, m + h] as const;
    };
    const drawnInk = [];
    for (const l of lines) drawnInk.push(await extent(clip, ...band(l), ink));

    // no blinking caret in the pictures; the selection in a colour of its own
    await page.addStyleTag({
      content:
        ".ink-inline-text{caret-color:transparent!important}.ink-inline-text::selection{background:#f00;color:#000}",
    });
    await page.mouse.dblclick(box.x + box.width / 2, box.y + box.height / 2);
    await editor().waitFor();
    await page.keyboard.press("Control+End"); // nothing selected
    expect(await editor().inputValue()).toBe(TEXT);
    await page.waitForFunction(() => {
      const ta = document.querySelector<HTMLTextAreaElement>('[data-testid="inline-text-editor"]');
      return !!ta && ta.selectionStart === ta.value.length;
    });
    // every typed paragraph covers its drawn line (the box draws with the same fallback faces)
    for (const [k, l] of lines.entries()) {
      const typed = await extent(clip, ...band(l), ink);
      const drawn = drawnInk[k];
      expect(typed, `line ${k + 1} typed`).not.toBeNull();
      expect(drawn, `line ${k + 1} drawn`).not.toBeNull();
      if (!typed || !drawn) continue;
      expect(Math.abs(typed.x0 - drawn.x0), `line ${k + 1} left`).toBeLessThanOrEqual(3);
      expect(Math.abs(typed.x1 - drawn.x1), `line ${k + 1} right`).toBeLessThanOrEqual(3);
    }
    await screenshot(page, "elements-text-inline-rtl");

    const caret = () => editor().evaluate((ta: HTMLTextAreaElement) => [ta.selectionStart, ta.selectionEnd]);
    // arrow keys move logically: in the Arabic paragraph Left goes forward (it runs right to left)
    await page.keyboard.press("Control+Home");
    await page.keyboard.press("ArrowLeft");
    expect(await caret()).toEqual([1, 1]);
    await page.keyboard.press("ArrowRight");
    expect(await caret()).toEqual([0, 0]);
    // in the Latin paragraph Right goes forward
    await page.keyboard.press("Control+End");
    await page.keyboard.press("ArrowLeft");
    expect(await caret()).toEqual([TEXT.length - 1, TEXT.length - 1]);

    // selecting the Hebrew line from its start (Shift+End) highlights the right-aligned word
    const hebrew = LINES[0].length + 1;
    await editor().evaluate((ta: HTMLTextAreaElement, at: number) => ta.setSelectionRange(at, at), hebrew);
    await page.keyboard.press("Shift+End");
    expect(await caret()).toEqual([hebrew, hebrew + LINES[1].length]);
    const sel = await extent(clip, ...band(lines[1]), red);
    expect(sel).not.toBeNull();
    if (sel) {
      expect(Math.abs(sel.x0 - lines[1].x0)).toBeLessThanOrEqual(3);
      expect(Math.abs(sel.x1 - lines[1].x1)).toBeLessThanOrEqual(3);
    }
    await screenshot(page, "elements-text-inline-rtl-selection");
    await page.keyboard.press("Escape");
    await editor().waitFor({ state: "detached" });
  }, 180_000);
});

/** Opens the inline editor on a selected text, types `text` and closes it once it is drawn. */
async function typeInto(id: string, text: string) {
  const b = await selectionBox(page, id);
  await page.mouse.dblclick(b.x + b.width / 2, b.y + b.height / 2);
  await page.waitForFunction(
    () => document.activeElement?.getAttribute("data-testid") === "inline-text-editor",
  );
  await page.keyboard.press("Control+a");
  await page.keyboard.insertText(text);
  await page.waitForFunction(
    ([i, want]) =>
      [...(document.querySelector(`.ink-label g[data-id="${i}"]`)?.textContent ?? "").replace(/\s/g, "")]
        .sort()
        .join("") === want,
    [id, drawnChars(text)] as const,
    { timeout: 60_000 },
  );
  await page.keyboard.press("Escape");
  await editor().waitFor({ state: "detached" });
}

/** Runs `start` and saves the download it causes. */
async function download(start: () => Promise<void>, file: string): Promise<string> {
  const dl = page.waitForEvent("download", { timeout: 120_000 });
  await start();
  const path = join(dir, file);
  await (await dl).saveAs(path);
  return path;
}

const pdfText = (path: string) =>
  execFileSync("pdftotext", [path, "-"], { encoding: "utf8" }).replace(/[\u202a-\u202e]/g, "");

/** Removes every element of the label (a clean page for the next case). */
async function clearLabel() {
  const paper = await paperRect(page);
  await page.mouse.click(paper.x + 3, paper.y + 3);
  await page.keyboard.press("Control+a");
  await page.keyboard.press("Delete");
  await page.waitForFunction(() => document.querySelectorAll(".ink-label g[data-id]").length === 0);
}

describe("an Arabic label on the canvas", () => {
  const PHRASE = "زيت الزيتون";

  it("is drawn joined, right to left, with HarfBuzz's glyphs, and the PDF gives it back", async () => {
    await clearLabel();
    const id = await addAt(page, "Text", 0.4, 0.4);
    await typeInto(id, PHRASE);
    const words = await page.$$eval(`.ink-label g[data-id="${id}"] tspan`, (ts) =>
      ts.map((n) => ({
        text: n.textContent ?? "",
        x: Number(n.getAttribute("x")),
        family: n.getAttribute("font-family") ?? n.closest("text")?.getAttribute("font-family") ?? "",
        glyphs: n.getAttribute("data-glyphs") ?? "",
      })),
    );
    expect(words.map((w) => w.text).sort()).toEqual(PHRASE.split(" ").sort());
    // HarfBuzz (the same library and font file, here in Node) shapes each word right to left into
    // its joining forms: the canvas's glyphs are exactly those
    expect(await loadShaper()).toBe(true);
    const file = readFileSync("public/fonts/NotoSansArabic-Regular.ttf");
    const bytes = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer;
    for (const w of words) {
      expect(w.family).toContain("Noto Sans Arabic");
      expect(parseGlyphs(w.glyphs)).toEqual(shapeRun(bytes, w.text, true));
      // joined: no glyph is the letter's isolated form
      const isolated = new Set([...w.text].map((c) => shapeRun(bytes, c, true)?.[0]?.g));
      const shaped = parseGlyphs(w.glyphs) ?? [];
      expect(shaped.filter((g) => isolated.has(g.g)).length, w.text).toBeLessThan(shaped.length);
      // visual order: the word's last letter is drawn first (leftmost)
      expect(shaped[0].cl).toBeGreaterThan(shaped[shaped.length - 1].cl);
    }
    // right to left: the first word stands right of the second
    const x = (word: string) => words.find((w) => w.text === word)?.x ?? Number.NaN;
    expect(x("زيت")).toBeGreaterThan(x("الزيتون"));
    // and Chromium draws it: ink where the words are
    const b = await selectionBox(page, id);
    const drawn = await extent(
      { x: b.x - 20, y: b.y - 12, width: b.width + 40, height: b.height + 24 },
      b.y + b.height * 0.2,
      b.y + b.height * 0.8,
      ink,
    );
    expect(drawn).not.toBeNull();
    await screenshot(page, "elements-text-arabic");
    // typed again in the inline editor, the words stand where they are drawn, in the same face
    // (the box's font list is the renderer's chain, not a system font with other widths)
    await page.addStyleTag({ content: ".ink-inline-text{caret-color:transparent!important}" });
    await page.mouse.dblclick(b.x + b.width / 2, b.y + b.height / 2);
    await editor().waitFor();
    await page.keyboard.press("Control+End");
    const clip = { x: b.x - 20, y: b.y - 12, width: b.width + 40, height: b.height + 24 };
    const typed = await extent(clip, b.y + b.height * 0.2, b.y + b.height * 0.8, ink);
    expect(typed && drawn).toBeTruthy();
    if (typed && drawn) {
      expect(Math.abs(typed.x0 - drawn.x0)).toBeLessThanOrEqual(3);
      expect(Math.abs(typed.x1 - drawn.x1)).toBeLessThanOrEqual(3);
    }
    await page.keyboard.press("Escape");
    await editor().waitFor({ state: "detached" });

    const pdf = await download(() => menu(page, "pdf-label"), "arabic.pdf");
    expect(pdfText(pdf).trim()).toBe(PHRASE);
  }, 240_000);
});

describe("characters no font draws", () => {
  it("mark their element on the canvas and are named before an export", async () => {
    await clearLabel();
    const id = await addAt(page, "Text", 0.4, 0.4);
    await typeInto(id, "Ελιές ሰላም");
    const chars = "ሰ U+1230, ላ U+120B, ም U+121D";
    const name = t["editor.canvas.unprintable"].replace("{{chars}}", chars);
    const mark = page.locator(`[data-testid="unprintable-mark"][data-for="${id}"]`);
    await mark.waitFor({ timeout: 60_000 });
    // an accessible marker naming the characters (its title shows on hover)
    const corner = page.getByRole("img", { name });
    expect(await corner.getAttribute("title")).toBe(name);
    // around the element
    const b = await selectionBox(page, id);
    const m = await mark.boundingBox();
    expect(m).not.toBeNull();
    if (m) {
      expect(Math.abs(m.x - b.x)).toBeLessThanOrEqual(4);
      expect(Math.abs(m.x + m.width - (b.x + b.width))).toBeLessThanOrEqual(4);
    }
    await screenshot(page, "elements-text-unprintable-mark");

    // an export names them first: Cancel exports nothing, Export anyway exports
    const note = t["editor.export.unprintable"].replace("{{chars}}", chars);
    await menu(page, "png");
    const dialog = page.getByTestId("export-unprintable-dialog");
    await dialog.waitFor({ timeout: 60_000 });
    expect(await dialog.getByTestId("export-unprintable").textContent()).toBe(note);
    await screenshot(page, "export-unprintable");
    await dialog.getByTestId("export-unprintable-cancel").click();
    await dialog.waitFor({ state: "detached" });
    const pdf = await download(async () => {
      await menu(page, "pdf-label");
      await page.getByTestId("export-unprintable-go").click();
    }, "unprintable.pdf");
    expect(pdfText(pdf)).toContain("Ελιές");

    // drawn characters only: no mark, and the export runs without asking
    await typeInto(id, "Ελιές");
    await mark.waitFor({ state: "detached", timeout: 60_000 });
    const plain = await download(() => menu(page, "pdf-label"), "plain.pdf");
    expect(pdfText(plain)).toContain("Ελιές");
    expect(await page.getByTestId("export-unprintable-dialog").count()).toBe(0);
  }, 240_000);
});
