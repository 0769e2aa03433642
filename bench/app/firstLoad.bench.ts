// First load of the web app (issue 41) in headless Chromium with 4× CPU throttling, a fresh cache
// each time: bytes transferred (what the network carried, headers included) and time until the page
// can be used: the sign-in page until its form shows (goal ≤ 200 KB), the editor until the first
// label shows on its canvas (goal ≤ 700 KB before it). The peer, in the same run: the same page with
// compression refused (Accept-Encoding: identity), i.e. what was sent before precompression.
//   node --import tsx bench/app/firstLoad.bench.ts [runs, default 3]
import { spawnSync } from "node:child_process";
import { type Browser, type BrowserContext, chromium } from "playwright-core";
import { appUrl, newUser, registerUser } from "../../e2e/support/app";
import { startApp } from "../../e2e/support/server";

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
  ready: string,
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
  await page.locator(ready).first().waitFor({ timeout: 300_000 });
  const ms = Date.now() - t0;
  const at = { ms, bytes, requests };
  await context.close();
  return at;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n: number) => `${Math.round(n / 1024)} KB`;

spawnSync(process.execPath, ["scripts/build-if-needed.mjs"], { stdio: "inherit" });
const app = await startApp();
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
try {
  // the editor needs an account: one registered first, its cookie reused by each measured load
  const signUp = await browser.newContext();
  await registerUser(await signUp.newPage(), app.baseUrl, newUser());
  const session = await signUp.storageState();
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
