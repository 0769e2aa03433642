// One process against INKLESS_WORKERS=2 on PostgreSQL (issue 15), the same run, the mixed workload of a
// shop's day: list the folders, open a template (its label file), save it (a rename) and import a
// small sheet, each connection as its own shop user. autocannon runs in this
// process, on the same 2 cores as the server: it takes a share of them, so expect less than 2×.
// Needs PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (`node scripts/test-postgres.mjs`).
import autocannon, { type Request } from "autocannon";
import { serializeTprt } from "../../src/model/file";
import { benchLabel } from "../../tests/export/support/labels";
import { emptyDatabase } from "../../tests/server/database";
import { cpuSeconds, login, pidsOf, startServer, stopServer } from "./server";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

/** One shop user of the workload: a template (and its label file) and a small sheet. */
interface Shop {
  readonly cookie: string;
  readonly templateId: string;
  readonly labelPath: string;
  readonly sheetPath: string;
}

async function shop(base: string, tag: string): Promise<Shop> {
  const cookie = await login(base, tag);
  const headers = { cookie, "content-type": "application/json" };
  const call = async (path: string, body: unknown) => {
    const r = await fetch(`${base}/interface${path}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    });
    const j = await r.json();
    if (j.code !== 200) throw new Error(`${path}: ${JSON.stringify(j)}`);
    return j.data;
  };
  const user = (await call("/api/user/getUserInfo", {})).userid;
  const upload = async (key: string, bytes: string, name: string) => {
    const form = new FormData();
    form.set("token", await call("/api/tem.app_shared/getToken", { bucket: "hm-inkless" }));
    form.set("key", key);
    form.set("file", new Blob([bytes]), name);
    const r = await (
      await fetch(`${base}/interface/upload`, { method: "POST", headers: { cookie }, body: form })
    ).json();
    if (r.code !== 200) throw new Error(`upload: ${JSON.stringify(r)}`);
    return new URL(r.data.url as string).pathname;
  };
  const label = benchLabel(1);
  const labelPath = await upload(`${user}/tprt/bench/label.tprt`, serializeTprt(label), "label.tprt");
  const template = await call("/api/tem.app_public/addUserTemplate", {
    name: "Shelf",
    user_id: user,
    parent_id: (await call("/api/tem.app_public/getUserClassList", {}))[0].id,
    width: label.attrs.width,
    height: label.attrs.height,
    url: base + labelPath,
    image: "",
    platform: 2,
  });
  const sheet = ["sku,name,price", ...Array.from({ length: 50 }, (_, i) => `A${i},Item ${i},${i}.99`)];
  const sheetPath = await upload(`${user}/sheets/bench.csv`, sheet.join("\n"), "bench.csv");
  return { cookie, templateId: template.id, labelPath, sheetPath };
}

/**
 * The four requests each connection sends in turn, as its own user (one import at a time per user is
 * the server's rule: shared users would be refused). Each is checked once first.
 */
async function workload(base: string, shops: readonly Shop[]): Promise<Request[]> {
  let next = 0;
  const shopOf = (context: { shop?: Shop }) => {
    context.shop ??= shops[next++ % shops.length];
    return context.shop;
  };
  const json = (s: Shop) => ({ cookie: s.cookie, "content-type": "application/json", platform: "web" });
  const steps: [string, (s: Shop) => Request][] = [
    [
      "folders",
      (s) => ({
        method: "POST",
        path: "/interface/api/tem.app_public/getUserClassList",
        headers: json(s),
        body: "{}",
      }),
    ],
    ["open", (s) => ({ method: "GET", path: s.labelPath, headers: { cookie: s.cookie } })],
    [
      "save",
      (s) => ({
        method: "POST",
        path: "/interface/api/tem.app_public/editUserTemplate",
        headers: json(s),
        body: JSON.stringify({ id: s.templateId, name: "Shelf" }),
      }),
    ],
    [
      "import",
      (s) => ({
        method: "POST",
        path: "/interface/api/tem.new_class/import",
        headers: json(s),
        body: JSON.stringify({ FileUrl: s.sheetPath }),
      }),
    ],
  ];
  for (const [name, make] of steps) {
    const r = make(shops[0]);
    const res = await fetch(base + r.path, { method: r.method, headers: r.headers, body: r.body });
    if (!res.ok || (r.method === "POST" && (await res.json()).code !== 200))
      throw new Error(`${name} refused`);
  }
  // the API answers its refusals with HTTP 200 and a code: they count as failures too
  return steps.map(([name, make]) => ({
    setupRequest: (_req: Request, context: { shop?: Shop }) => make(shopOf(context)),
    onResponse: (status: number, body: string) => {
      if (status !== 200 || (name !== "open" && JSON.parse(body).code !== 200)) {
        refused++;
        if (!why.has(name)) why.set(name, `${status} ${body.slice(0, 160)}`);
      }
    },
  }));
}

let refused = 0;
/** the first refusal of each request, printed when there are any */
const why = new Map<string, string>();

async function run(name: string, databaseUrl: string, workers: number) {
  const server = await startServer(databaseUrl, { INKLESS_WORKERS: String(workers) });
  try {
    // the warm-up's shops are not the run's: an import the warm-up left running would refuse the next
    // autocannon gives a connection a fresh context each time it starts the four requests again, so a
    // sequence takes the next shop in turn: four shops a connection keep one shop's imports apart
    const shops: Shop[] = [];
    for (let i = 0; i < 5 * CONNECTIONS; i++) shops.push(await shop(server.base, `workers${i}`));
    const opts = { url: server.base, connections: CONNECTIONS };
    await autocannon({
      ...opts,
      requests: await workload(server.base, shops.slice(0, CONNECTIONS)),
      duration: 2,
    });
    const requests = await workload(server.base, shops.slice(CONNECTIONS));
    refused = 0;
    const pid = server.child.pid ?? 0;
    const groups = { inkless: [pid, ...pidsOf(["-P", String(pid)])], postgres: pidsOf(["-x", "postgres"]) };
    const before = { inkless: cpuSeconds(groups.inkless), postgres: cpuSeconds(groups.postgres) };
    const client0 = process.cpuUsage();
    const r = await autocannon({ ...opts, requests, duration: DURATION_S });
    const client = process.cpuUsage(client0);
    const share = (s: number) => `${((100 * s) / DURATION_S).toFixed(0)} %`;
    const bad = r.non2xx + r.errors + r.timeouts + refused;
    console.log(
      `${name.padEnd(12)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(3)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   (${r.requests.total} requests, ${bad} failed)   CPU of one core: Inkless ${share(cpuSeconds(groups.inkless) - before.inkless)}, PostgreSQL ${share(cpuSeconds(groups.postgres) - before.postgres)}, autocannon ${share((client.user + client.system) / 1e6)}`,
    );
    for (const [path, answer] of why) console.log(`  refused ${path}: ${answer}`);
    why.clear();
    return r.requests.average;
  } finally {
    await stopServer(server);
  }
}

const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.log("workers: skipped (needs PostgreSQL: set TEST_DATABASE_URL, see scripts/test-postgres.mjs)");
} else {
  console.log(
    `mixed workload (folders, open, save, import) on PostgreSQL, ${CONNECTIONS} connections, ${DURATION_S} s each`,
  );
  const one = await run("1 process", await emptyDatabase(serverUrl, "inkless_bench_w1"), 1);
  const two = await run("2 workers", await emptyDatabase(serverUrl, "inkless_bench_w2"), 2);
  console.log(`2 workers / 1 process: ${(two / one).toFixed(2)}×`);
}
