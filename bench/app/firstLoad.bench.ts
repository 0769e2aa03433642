// First load of the web app (issue 41) in headless Chromium with 4× CPU throttling, a fresh cache
// each time: bytes transferred (what the network carried, headers included) and time until the page
// can be used: the sign-in page until its form shows (goal ≤ 200 KB), the editor until the first
// label shows on its canvas (goal ≤ 700 KB before it), and the editor opening the 1,000-element bench
// label of bench/editor/scene.ts (saved to the cloud first) until all its elements are drawn. The
// peer, in the same run: the same page with compression refused (Accept-Encoding: identity), i.e. what
// was sent before precompression.
//   node --import tsx bench/app/firstLoad.bench.ts [runs, default 3]   (BENCH_CLIENT_DIR=dir: that build)
import { spawnSync } from "node:child_process";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { appUrl, newUser, registerUser } from "../../e2e/support/app";
import { startApp } from "../../e2e/support/server";
import { KINDS, N } from "../editor/scene";

const runs = Number(process.argv[2] ?? 3);
const CPU_SLOWDOWN = 4;

interface Load {
  ms: number;
  bytes: number;
  requests: number;
}

type Session = Awaited<ReturnType<BrowserContext["storageState"]>>;

async function load(
  browser: Browser,
  url: string,
  ready: string | ((page: Page) => Promise<unknown>),
  compressed: boolean,
  session?: Session,
): Promise<Load> {
  // a new context each time: no cache, only the sign-in cookie when the page needs one
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 }, storageState: session });
  // the first-use editing guide would cover the canvas
  await context.addInitScript(() => localStorage.setItem("firstEdit", "false"));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  if (!compressed)
    await cdp.send("Network.setExtraHTTPHeaders", { headers: { "Accept-Encoding": "identity" } });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  let bytes = 0;
  let requests = 0;
  cdp.on("Network.loadingFinished", (e: { encodedDataLength: number }) => {
    bytes += e.encodedDataLength;
    requests++;
  });
  const t0 = Date.now();
  await page.goto(url, { waitUntil: "commit" });
  if (typeof ready === "string") await page.locator(ready).first().waitFor({ timeout: 300_000 });
  else await ready(page);
  const ms = Date.now() - t0;
  const at = { ms, bytes, requests };
  await context.close();
  return at;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n: number) => `${Math.round(n / 1024)} KB`;

const allDrawn = (page: Page) =>
  page.waitForFunction((n) => document.querySelectorAll(".ink-label g[data-id]").length >= n, N, {
    timeout: 300_000,
  });

/**
 * The editor's bench label (N elements of mixed kinds, as bench/editor/scene.ts builds it) saved to
 * the user's cloud as a user would (exit, save); the attributes that open it again.
 */
async function saveBenchLabel(
  page: Page,
  baseUrl: string,
): Promise<{ id: unknown; name: string; file: unknown }> {
  await page.addInitScript(() => localStorage.setItem("firstEdit", "false"));
  await page.goto(appUrl(baseUrl, "/editLabel?labelStatus=add&inspect=1"));
  await page.getByTestId("canvas").waitFor({ timeout: 300_000 });
  await page.evaluate(
    ([n, kinds]) => {
      const editor = (window as unknown as { inklessEditor?: { send(e: unknown): void } }).inklessEditor;
      for (let i = 0; i < n; i++)
        editor?.send({
          type: "element.add",
          elementType: kinds[i % kinds.length],
          x: 5 + ((i * 37) % 90),
          y: 5 + ((i * 53) % 70),
          centered: true,
        });
    },
    [N, KINDS] as const,
  );
  await allDrawn(page);
  await page.getByTestId("exit-edit").click();
  const added = page.waitForResponse((r) => r.url().includes("/addUserTemplate"), { timeout: 300_000 });
  await page.getByTestId("exit-save").click();
  const answer = await (await added).json();
  if (answer.code !== 200) throw new Error(`the bench label was not saved: ${JSON.stringify(answer)}`);
  return { id: answer.data.id, name: answer.data.name, file: answer.data.file_web };
}

spawnSync(process.execPath, ["scripts/build-if-needed.mjs"], { stdio: "inherit" });
// BENCH_CLIENT_DIR: serve another build of the web app (e.g. one of main, to compare in the same minutes)
const clientDir = process.env.BENCH_CLIENT_DIR;
const app = await startApp(clientDir ? { INKLESS_CLIENT_DIR: clientDir } : {});
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
try {
  // the editor needs an account: one registered first, its cookie reused by each measured load
  const signUp = await browser.newContext();
  await registerUser(await signUp.newPage(), app.baseUrl, newUser());
  const session = await signUp.storageState();
  const bigLabel = await saveBenchLabel(await signUp.newPage(), app.baseUrl);
  await signUp.close();
  const pages = [
    { name: "sign-in page", path: "/login", ready: "form input", goal: "≤ 200 KB", session: undefined },
    {
      name: "editor (new label, until it shows)",
      path: "/editLabel?labelStatus=add",
      ready: ".ink-label-paper",
      goal: "≤ 700 KB",
      session,
    },
    {
      name: `editor (the ${N}-element bench label, until all are drawn)`,
      path: `/editLabel?labelStatus=edit&labelAttr=${encodeURIComponent(JSON.stringify(bigLabel))}`,
      ready: allDrawn,
      goal: "printed only",
      session,
    },
  ];
  console.log(`first load, Chromium with ${CPU_SLOWDOWN}× CPU throttling, no cache (median of ${runs}):`);
  for (const p of pages) {
    const url = appUrl(app.baseUrl, p.path);
    const line = async (compressed: boolean) => {
      const all: Load[] = [];
      for (let i = 0; i < runs; i++) all.push(await load(browser, url, p.ready, compressed, p.session));
      return {
        ms: median(all.map((x) => x.ms)),
        bytes: median(all.map((x) => x.bytes)),
        requests: median(all.map((x) => x.requests)),
      };
    };
    const now = await line(true);
    const before = await line(false);
    console.log(
      `  ${p.name}: ${kb(now.bytes)} in ${now.requests} requests, ${(now.ms / 1000).toFixed(2)} s  [goal ${p.goal}]   uncompressed: ${kb(before.bytes)}, ${(before.ms / 1000).toFixed(2)} s`,
    );
  }
} finally {
  await browser.close();
  await app.stop();
}
