// Cloud templates at scale (issue 16): a folder of 10,000 templates. Figures: the list call's
// latency (getUserTemplateList, a page of 100 at random places in each of the six sort orders, and
// a name search across folders: p50 / p95 / max), then /cloudTemplate in Chromium: the time from
// navigation start to the first template drawn (first paint of the list), how many items the
// windowed grid keeps in the document, and the time from a jump to the middle of the folder to its
// templates drawn (their page loaded from the server).
// Run: node --import tsx bench/templates/list.bench.ts (needs the built app: node scripts/build-if-needed.mjs)
import { resolve } from "node:path";
import { appUrl, fillLogin } from "../../e2e/support/app";
import { launchBrowser } from "../../e2e/support/browser";
import { SORT_ORDERS } from "../../src/model/sortOrders";
import { newUser, startServer } from "../../tests/server/helpers";

const N = Number(process.env.BENCH_TEMPLATES ?? 10_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 300);
const PAGE = 100;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = (v: number) => `${v.toFixed(1)} ms`;
const line = (name: string, xs: number[]) =>
  `${name}: ${xs.length} calls, p50 ${ms(pct(xs, 50))}, p95 ${ms(pct(xs, 95))}, max ${ms(Math.max(...xs))}`;

const s = await startServer({ name: "pglite" }, { clientDir: resolve("dist/client") });
try {
  const { client, user, password } = await newUser(s.base, "bench");
  const folder = (await client.call("/api/tem.app_public/addUserClass", { name: "Big" })).body.data.id;
  // the rows straight into the database (the free quota and 10,000 uploads are not what is measured)
  await s.app.services.db.query(
    `INSERT INTO templates (id, user_id, class_id, name, width, height, file_url, image, remark, platform, updated_at)
     SELECT to_char(now(), 'YYYYMMDD') || substr(md5(i::text), 1, 16), $1, $2, 'Label ' || lpad(i::text, 5, '0'),
            20 + i % 80, 10 + i % 50, '/files/' || $1 || '/tprt/x.tprts', '', '', 2, now() - i * interval '1 minute'
       FROM generate_series(1, $3::int) AS i`,
    [user.userid, folder, N],
  );
  console.log(`${N} templates in one folder (PGlite)`);

  const times: number[] = [];
  const search: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const order = SORT_ORDERS[i % SORT_ORDERS.length];
    const page = 1 + Math.floor(Math.random() * (N / PAGE));
    const t0 = performance.now();
    const r = await client.call("/api/tem.app_public/getUserTemplateList", {
      parent_id: folder,
      order,
      page,
      size: PAGE,
    });
    times.push(performance.now() - t0);
    if (r.body.count !== N || r.body.data.length !== PAGE)
      throw new Error(`unexpected answer on page ${page}`);
  }
  for (let i = 0; i < CALLS / 3; i++) {
    const t0 = performance.now();
    await client.call("/api/tem.app_public/getUserTemplateList", { keyword: `${i % 10}7`, size: PAGE });
    search.push(performance.now() - t0);
  }
  console.log(line("server list (a page of 100, six orders)", times));
  console.log(line("server name search across folders", search));

  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(appUrl(s.base, "/login"));
    await fillLogin(page, { account: user.account, password });
    await page.waitForURL((u) => u.pathname === "/label/index");
    const paints: number[] = [];
    for (let run = 0; run < 5; run++) {
      await page.goto(appUrl(s.base, "/cloudTemplate"));
      await page.getByTestId("cloud-folder").filter({ hasText: "Big" }).click();
      const t0 = await page.evaluate(() => performance.now());
      await page.waitForFunction(
        () => document.querySelector(".tpl-name")?.textContent === "Label 00001",
        null,
        { polling: "raf" },
      );
      paints.push((await page.evaluate(() => performance.now())) - t0);
    }
    await page.goto(appUrl(s.base, "/cloudTemplate"));
    const nav0 = Date.now();
    await page.getByTestId("cloud-folder").filter({ hasText: "Big" }).waitFor();
    const load = Date.now() - nav0;
    await page.getByTestId("cloud-folder").filter({ hasText: "Big" }).click();
    await page.waitForFunction(
      () => document.querySelector(".tpl-name")?.textContent === "Label 00001",
      null,
      {
        polling: "raf",
      },
    );
    const inDom = await page.getByTestId("template-item").count();
    console.log(
      `first paint of the folder's list (folder click to first template drawn): p50 ${ms(pct(paints, 50))}, max ${ms(Math.max(...paints))} over ${paints.length} runs; page load to folders shown ${load} ms`,
    );
    console.log(`windowed grid: ${inDom} of ${N} templates in the document`);
    const jump = await page.evaluate(async () => {
      const box = document.querySelector(".vlist") as HTMLElement;
      const t0 = performance.now();
      box.scrollTop = box.scrollHeight / 2;
      for (;;) {
        await new Promise((r) => requestAnimationFrame(r));
        const names = [...document.querySelectorAll(".tpl-name")].map((n) => n.textContent ?? "");
        if (names.some((n) => /^Label 0(4|5)\d{3}$/.test(n))) return performance.now() - t0;
      }
    });
    console.log(`jump to the middle of the folder until its templates are drawn: ${ms(jump)}`);
  } finally {
    await browser.close();
  }
} finally {
  await s.close();
}
