// The scene the editor UI bench and profile share: the real /editLabel screen in Chromium with a
// label of 1,000 mixed elements and 100 rectangles selected, brought to the top of the z-order.
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { appUrl, newUser, registerUser } from "../../e2e/support/app";
import { CHROMIUM } from "../../e2e/support/browser";
import { type RunningApp, startApp } from "../../e2e/support/server";

export const N = 1000;
export const SELECTED = 100;

interface Session {
  send(e: unknown): void;
  get(): { doc: { elements: { Id: string; Type: string; Data?: string }[] }; selection: string[] };
}
declare global {
  interface Window {
    inklessEditor?: Session;
    __frames?: number[];
    __recording?: boolean;
    gc?: () => void;
  }
}

export interface Scene {
  readonly page: Page;
  readonly browser: Browser;
  /** the 100 selected rectangles */
  readonly ids: string[];
  /** seconds to build the label */
  readonly buildSeconds: number;
  close(): Promise<void>;
}

export const KINDS = [
  "Rectangle",
  "Ellipse",
  "Text",
  "LineHorizontal",
  "Diamond",
  "QRcode",
  "Barcode",
  "Triangle",
] as const;

/**
 * Opens the editor with N elements cycling through `kinds` (every 8th a rectangle by default),
 * served from `clientDir` (default: BENCH_CLIENT_DIR, a build of the client elsewhere, e.g.
 * unminified for profiling; else dist/client).
 */
export async function openScene(
  kinds: readonly string[] = KINDS,
  clientDir = process.env.BENCH_CLIENT_DIR,
  /** runs on the browser context before the app loads (e.g. countRenders) */
  prepare?: (context: BrowserContext) => Promise<void>,
): Promise<Scene> {
  const dir = clientDir;
  const app: RunningApp = await startApp(dir ? { INKLESS_CLIENT_DIR: dir } : {});
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--enable-precise-memory-info",
      "--js-flags=--expose-gc",
    ],
  });
  const close = async () => {
    await browser.close();
    await app.stop();
  };
  try {
    const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
    // the first-use editing guide would cover the canvas
    await context.addInitScript(() => localStorage.setItem("firstEdit", "false"));
    await prepare?.(context);
    const page = await context.newPage();
    await registerUser(page, app.baseUrl, newUser());
    await page.goto(appUrl(app.baseUrl, "/editLabel?labelStatus=add&inspect=1"));
    await page.getByTestId("canvas").waitFor();
    await page.keyboard.press("Control+Shift+I"); // close the inspector panel: it is not what we measure
    await page.getByTestId("inspector").waitFor({ state: "detached" });

    // 1,000 elements of mixed kinds spread over the label
    const t0 = Date.now();
    await page.evaluate(
      ([n, kinds]) => {
        for (let i = 0; i < n; i++) {
          window.inklessEditor?.send({
            type: "element.add",
            elementType: kinds[i % kinds.length],
            x: 5 + ((i * 37) % 90),
            y: 5 + ((i * 53) % 70),
            centered: true,
          });
        }
      },
      [N, kinds] as const,
    );
    await page.waitForFunction((n) => document.querySelectorAll(".ink-label g[data-id]").length >= n, N, {
      timeout: 120_000,
    });
    const buildSeconds = (Date.now() - t0) / 1000;
    const ids = await page.evaluate((k) => {
      const s = window.inklessEditor?.get();
      const list = (s?.doc.elements ?? [])
        .filter((e) => e.Type === "Rectangle")
        .slice(0, k)
        .map((e) => e.Id);
      window.inklessEditor?.send({ type: "selection.set", ids: list });
      // on top: the canvas picks the topmost element under the pointer, and in the middle of the
      // label's z-order the rectangles' boxes are covered by others, so a press would pick another
      // element and drag it alone
      window.inklessEditor?.send({ type: "elements.order", to: "top" });
      return list;
    }, SELECTED);
    return { page, browser, ids, buildSeconds, close };
  } catch (err) {
    await close();
    throw err;
  }
}

// Page scripts are strings: tsx would wrap named functions in a helper the page does not have.
const START_FRAMES = `(() => {
  window.__frames = [];
  window.__recording = true;
  let last = performance.now();
  function tick(t) {
    window.__frames.push(t - last);
    last = t;
    if (window.__recording) requestAnimationFrame(tick);
  }
  requestAnimationFrame(tick);
})()`;

/** Starts recording the interval between animation frames. */
export async function startFrames(page: Page) {
  await page.evaluate(START_FRAMES);
}
/** Stops recording; the frame intervals in ms (the first, partial one left out). */
export async function stopFrames(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    window.__recording = false;
    return (window.__frames ?? []).slice(1);
  });
}

/**
 * A point to press on to drag the whole selection: the centre of its topmost element (openScene
 * puts the selection on top of the label, so no other element's box covers it).
 */
export async function gripOf(page: Page, ids: readonly string[]): Promise<{ x: number; y: number }> {
  const r = await page.locator(`.ink-label g[data-id="${ids[ids.length - 1]}"]`).boundingBox();
  if (!r) throw new Error("selected element not rendered");
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
}

/** Drags the selection with the mouse: press on one of its elements, `moves` moves, release. */
export async function dragSelection(
  page: Page,
  ids: readonly string[],
  moves: number,
  during: { before?: () => Promise<void>; after?: () => Promise<unknown> } = {},
) {
  const { x: x0, y: y0 } = await gripOf(page, ids);
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await during.before?.();
  for (let i = 1; i <= moves; i++) await page.mouse.move(x0 + i * 2, y0 + i);
  const out = await during.after?.();
  await page.mouse.up();
  return out;
}

/** Ctrl+wheel zoom over the canvas centre: `notches` wheel steps, half in then half out. */
export async function wheelZoom(
  page: Page,
  notches: number,
  during: { before?: () => Promise<void>; after?: () => Promise<unknown> } = {},
) {
  const c = await page.getByTestId("canvas").boundingBox();
  if (!c) throw new Error("no canvas");
  await page.mouse.move(c.x + c.width / 2, c.y + c.height / 2);
  await page.keyboard.down("Control");
  await during.before?.();
  for (let i = 0; i < notches; i++) await page.mouse.wheel(0, i < notches / 2 ? -100 : 100);
  const out = await during.after?.();
  await page.keyboard.up("Control");
  return out;
}

/**
 * Presses a shortcut and returns the Event Timing duration of its keydown (from the key press to the
 * next frame presented, 8 ms granularity), or null when the browser did not report one: it reports
 * only events of 16 ms and more.
 */
export async function keyToPaint(page: Page, key: string): Promise<number | null> {
  await page.evaluate(`(() => {
    window.__keyEntries = [];
    window.__keyObserver?.disconnect();
    window.__keyObserver = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === "keydown") window.__keyEntries.push(e.duration);
    });
    window.__keyObserver.observe({ type: "event", durationThreshold: 16 });
    window.__labelChanged = false;
    const mo = new MutationObserver(() => { window.__labelChanged = true; mo.disconnect(); });
    mo.observe(document.querySelector(".ink-label"), { childList: true, subtree: true, attributes: true });
  })()`);
  await page.keyboard.press(key);
  await page.waitForFunction("window.__labelChanged === true");
  // entries arrive after the frame is presented: give it a few frames
  await page.evaluate(
    () =>
      new Promise((r) =>
        requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))),
      ),
  );
  await page.waitForTimeout(200);
  const got = (await page.evaluate("window.__keyEntries")) as number[];
  return got.length ? Math.max(...got) : null;
}

/** Waits until the canvas shows the label drawn for the live viewport with nothing lifted. */
export async function settled(page: Page) {
  await page.waitForFunction(() => {
    const world = document.querySelector<HTMLElement>(".ink-world");
    const lift = document.querySelector(".ink-label-lifted");
    return world?.style.transform === "none" && lift?.childElementCount === 0;
  });
  // two more frames: the settled drawing is painted
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))),
  );
}
