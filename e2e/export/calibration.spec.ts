// The office printer's offset (issue 37) in the built app: the save menu's "Office printer offset…"
// dialog downloads the calibration page, whose crosshairs move by the typed offset (measured on
// pdftoppm rasters); Save keeps the offset in the user's settings (there again after a reload), and
// the tiled A4 PDF is then drawn moved by it.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { openEditor } from "../editor/helpers";
import { launchBrowser, newContext, type RunningApp, screenshot, startApp } from "../support";
import { addElement, labelOpened, offersDraft } from "./helpers";

const t = en as Record<string, string>;
let app: RunningApp;
let browser: Browser;
let page: Page;
const dir = mkdtempSync(join(tmpdir(), "inkless-e2e-calibration-"));

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  page = await (await newContext(browser)).newPage();
  await openEditor(page, app.baseUrl);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Saves the download `start` causes as `file`; answers its path. */
async function download(start: () => Promise<void>, file: string): Promise<string> {
  const dl = page.waitForEvent("download");
  await start();
  const path = join(dir, file);
  await (await dl).saveAs(path);
  return path;
}

/** The black pixels' box of page 1 at 254 dpi (10 px per mm). */
function ink(pdf: string) {
  execFileSync("pdftoppm", ["-gray", "-r", "254", "-singlefile", pdf, pdf]);
  const b = readFileSync(`${pdf}.pgm`);
  const head = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(b.subarray(0, 40).toString("latin1"));
  if (!head) throw new Error("not a PGM");
  const [w, h] = [Number(head[1]), Number(head[2])];
  const px = b.subarray(head[0].length);
  const box = { left: w, top: h, right: -1, bottom: -1 };
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (px[y * w + x] < 64) {
        box.left = Math.min(box.left, x);
        box.right = Math.max(box.right, x);
        box.top = Math.min(box.top, y);
        box.bottom = Math.max(box.bottom, y);
      }
  return box;
}

/** The page content streams of a PDF, inflated. */
function contents(pdf: string): string {
  const bytes = readFileSync(pdf);
  const text = bytes.toString("latin1");
  const out: string[] = [];
  for (const m of text.matchAll(/stream\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    const end = text.indexOf("\nendstream", start);
    try {
      out.push(inflateSync(bytes.subarray(start, end)).toString("latin1"));
    } catch {
      // not a deflated stream
    }
  }
  return out.join("\n");
}

const dialog = () => page.getByRole("dialog", { name: t["editor.calibration.title"] });
const field = (key: string) => dialog().getByLabel(t[key].replace("{{unit}}", "mm"));

async function openDialog() {
  await page.getByTestId("save-menu").click();
  await page.getByRole("menuitem", { name: t["editor.calibration.open"] }).click();
  await dialog().waitFor();
}

describe("office printer offset", () => {
  it("the calibration page's crosshairs move by the typed offset; Save keeps it", async () => {
    await labelOpened(page);
    await addElement(page, "Text");
    await openDialog();
    const print = dialog().getByRole("button", { name: t["editor.calibration.print"] });
    const plain = ink(await download(() => print.click(), "plain.pdf"));
    await field("editor.calibration.x").fill("2");
    await field("editor.calibration.y").fill("-1.5");
    const moved = ink(await download(() => print.click(), "moved.pdf"));
    // 2 mm right = 20 px, 1.5 mm up = 15 px (±1 px of rasterising)
    expect(Math.abs(moved.left - plain.left - 20)).toBeLessThanOrEqual(1);
    expect(Math.abs(moved.right - plain.right - 20)).toBeLessThanOrEqual(1);
    expect(Math.abs(moved.top - plain.top + 15)).toBeLessThanOrEqual(1);
    expect(Math.abs(moved.bottom - plain.bottom + 15)).toBeLessThanOrEqual(1);
    // too far is explained, and Save waits for a value within range
    await field("editor.calibration.x").fill("12");
    await dialog().getByText(t["editor.calibration.range"].replace("{{max}}", "10")).waitFor();
    expect(await dialog().getByRole("button", { name: t["app.common.save"] }).isDisabled()).toBe(true);
    await field("editor.calibration.x").fill("2");
    await screenshot(page, "calibration-dialog");
    await dialog().getByRole("button", { name: t["app.common.save"] }).click();
    await page.getByText(t["editor.calibration.saved"]).first().waitFor();
    await dialog().waitFor({ state: "detached" });
  }, 120_000);

  it("after a reload the offset is still there, and the tiled A4 PDF is moved by it", async () => {
    await page.reload();
    // the unsaved label comes back as a draft (or, when it was not kept yet, is made again)
    if (await offersDraft(page)) await page.getByTestId("draft-restore").click();
    else await addElement(page, "Text");
    await openDialog();
    expect(await field("editor.calibration.x").inputValue()).toBe("2");
    expect(await field("editor.calibration.y").inputValue()).toBe("-1.5");
    await dialog().getByRole("button", { name: t["editor.dialog.cancel"] }).click();
    const pdf = await download(async () => {
      await page.getByTestId("save-menu").click();
      await page.getByTestId("save-pdf-tiled").click();
    }, "tiled.pdf");
    // the page frame (mm → pt, y down) starts 2 mm right and 1.5 mm up: 5.669 pt, 841.89 + 4.252 pt
    expect(contents(pdf)).toMatch(/2\.835 0 0 -2\.835 5\.669 846\.14\d cm/);
  }, 120_000);
});
