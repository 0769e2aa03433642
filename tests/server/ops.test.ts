// Operating the server (issue 15): GET /healthz, GET /metrics, request ids and JSON request logs,
// backup and restore; on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { createWriteStream, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { finished } from "node:stream/promises";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { APP_VERSION } from "../../src/model/version";
import { openDb } from "../../src/server/db";
import { claimJob } from "../../src/server/db/jobs";
import { MIGRATIONS, SCHEMA_VERSION } from "../../src/server/db/migrations";
import { LocalFileStore } from "../../src/server/files/local";
import { S3FileStore } from "../../src/server/files/s3";
import { BACKUP_FORMAT, backup, checkBackup, MANIFEST } from "../../src/server/ops/backup";
import { metricsAllowed } from "../../src/server/ops/endpoints";
import { runOps } from "../../src/server/ops/main";
import { LATENCY_BUCKETS } from "../../src/server/ops/metrics";
import { restore } from "../../src/server/ops/restore";
import { TarWriter } from "../../src/server/ops/tar";
import {
  Client,
  ENGINES,
  type Engine,
  newUser,
  startServer,
  type TestServer,
  EMPTY_LABEL as TPRT,
  upload,
} from "./helpers";
import { startS3 } from "./support/s3";

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses the Prometheus text format strictly: every sample's family has HELP and TYPE first. */
function parseMetrics(text: string): Sample[] {
  expect(text.endsWith("\n")).toBe(true);
  const typed = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.slice(0, -1).split("\n")) {
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/.exec(line);
    if (meta) {
      if (meta[1] === "TYPE") {
        expect(["counter", "gauge", "histogram"]).toContain(meta[3]);
        typed.set(meta[2], meta[3]);
      }
      continue;
    }
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    const rest = (m[2] ?? "").replace(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/g, (_, k, v) => {
      labels[k] = v.replace(/\\n/g, "\n").replace(/\\(.)/g, "$1");
      return "";
    });
    if (rest !== "") throw new Error(`bad labels: ${line}`);
    const family = m[1].replace(/_(bucket|sum|count)$/, "");
    if (!typed.has(m[1]) && typed.get(family) !== "histogram") throw new Error(`no TYPE before ${line}`);
    const value = Number(m[3] === "+Inf" ? Infinity : m[3]);
    if (Number.isNaN(value)) throw new Error(`bad value: ${line}`);
    samples.push({ name: m[1], labels, value });
  }
  return samples;
}

const find = (s: Sample[], name: string, labels: Record<string, string>) =>
  s.filter((x) => x.name === name && Object.entries(labels).every(([k, v]) => x.labels[k] === v));

describe.each(ENGINES)("operating on $name", (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(engine);
  });
  afterAll(async () => {
    await s?.close();
  });

  it("healthz answers 200 with the version when the database and the files answer", async () => {
    const r = await fetch(`${s.base}/healthz`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^application\/json/);
    const body = await r.json();
    expect(body).toMatchObject({
      status: "ok",
      version: APP_VERSION,
      database: { ok: true },
      files: { ok: true },
    });
  });

  it("healthz answers 503 naming the database when the database is gone", async () => {
    const gone = await startServer(engine);
    try {
      await gone.app.services.db.close();
      const r = await fetch(`${gone.base}/healthz`);
      expect(r.status).toBe(503);
      const body = await r.json();
      expect(body).toMatchObject({ status: "fail", database: { ok: false }, files: { ok: true } });
      expect(gone.logs.some((l) => l.includes("healthz: database failed"))).toBe(true);
    } finally {
      // its database is closed already: close the rest, ignoring the second close
      gone.app.services.db.close = async () => {};
      await gone.close();
    }
  });

  it("sends back a sane incoming request id, and makes one otherwise", async () => {
    const given = "proxy-1234-abcd";
    const r1 = await fetch(`${s.base}/healthz`, { headers: { "x-request-id": given } });
    expect(r1.headers.get("x-request-id")).toBe(given);
    const r2 = await fetch(`${s.base}/healthz`, { headers: { "x-request-id": "bad id\twith <tags>" } });
    const made = r2.headers.get("x-request-id");
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    const r3 = await fetch(`${s.base}/interface/api/no/such/route`, { method: "POST" });
    const other = r3.headers.get("x-request-id");
    expect(other).toMatch(/^[0-9a-f-]{36}$/);
    expect(other).not.toBe(made);
  });

  it("logs one JSON line per request with its id, route pattern, status, time and user", async () => {
    const { client, user } = await newUser(s.base, "ops");
    const r = await client.raw("/interface/api/user/getUserInfo", {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": "trace-abcdef-42" },
      body: "{}",
    });
    expect(r.status).toBe(200);
    await r.text();
    const line = await waitForLog(s, (l) => l.includes('"trace-abcdef-42"'));
    const entry = JSON.parse(line);
    expect(entry).toMatchObject({
      level: "info",
      id: "trace-abcdef-42",
      method: "POST",
      route: "/api/user/getUserInfo",
      status: 200,
      user: user.userid,
    });
    expect(typeof entry.ms).toBe("number");
    expect(Number.isNaN(Date.parse(entry.time))).toBe(false);
  });

  it("counts requests by route pattern and status in the Prometheus text format", async () => {
    const { client } = await newUser(s.base, "met");
    const before = parseMetrics(await (await fetch(`${s.base}/metrics`)).text());
    const count = (all: Sample[]) =>
      find(all, "inkless_http_requests_total", { route: "/files/*", status: "404", method: "GET" })[0]
        ?.value ?? 0;
    // two different ids, one route pattern: no raw URL, no id in a label
    for (const id of ["abc123/one.png", "def456/two.png"]) (await client.raw(`/files/${id}`)).body?.cancel();
    await waitForCount(s, 2 + count(before), count);
    const after = parseMetrics(await (await fetch(`${s.base}/metrics`)).text());
    expect(after.some((x) => Object.values(x.labels).some((v) => v.includes("abc123")))).toBe(false);
    expect(find(after, "inkless_build_info", { version: APP_VERSION })[0]?.value).toBe(1);
    expect(find(after, "inkless_device_polls_open", {})[0]?.value).toBe(0);
    // the purge ran at start; on the PostgreSQL shared by the test servers, another one may have
    // run it in this period: then this one skipped it (db/jobs.ts)
    const runs = (outcome: string) =>
      find(after, "inkless_job_runs_total", { job: "purge", outcome })[0]?.value ?? 0;
    if (engine.name === "pglite") expect(runs("ok")).toBeGreaterThan(0);
    else expect(runs("ok") + runs("skipped")).toBeGreaterThan(0);
    // the latency histogram: cumulative buckets, +Inf equals the count
    const buckets = find(after, "inkless_http_request_duration_seconds_bucket", { route: "/files/*" });
    expect(buckets.map((b) => b.labels.le)).toEqual([...LATENCY_BUCKETS.map(String), "+Inf"]);
    for (let i = 1; i < buckets.length; i++)
      expect(buckets[i].value).toBeGreaterThanOrEqual(buckets[i - 1].value);
    const total = find(after, "inkless_http_request_duration_seconds_count", { route: "/files/*" })[0].value;
    expect(buckets.at(-1)?.value).toBe(total);
    expect(total).toBeGreaterThanOrEqual(2);
  });

  it("counts open device long-polls while they wait", async () => {
    const { client } = await newUser(s.base, "poll");
    const dev = (await client.call("/api/device/bind", { name: "Shelf assistant" })).body.data;
    const open = () =>
      find(parseMetrics(s.app.services.metrics.render()), "inkless_device_polls_open", {})[0].value;
    expect(open()).toBe(0);
    const stop = new AbortController();
    const poll = fetch(`${s.base}/interface/api/device/poll`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...dev, wait: 20_000 }),
      signal: stop.signal,
    }).catch(() => null);
    await until(() => open() === 1);
    stop.abort();
    await poll;
    await until(() => open() === 0);
  });

  it("refuses /metrics through a proxy on this computer", async () => {
    const r = await fetch(`${s.base}/metrics`, { headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(r.status).toBe(403);
    expect(await r.text()).not.toContain("inkless_");
  });
});

/** The last log line matching, once it is written (the line is written when the response closes). */
async function waitForLog(s: TestServer, match: (l: string) => boolean): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const line = s.logs.findLast(match);
    if (line) return line;
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("no such log line");
}

async function until(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (ok()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("condition not reached");
}

async function waitForCount(s: TestServer, want: number, count: (all: Sample[]) => number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (count(parseMetrics(s.app.services.metrics.render())) >= want) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`count did not reach ${want}`);
}

describe("who may read /metrics", () => {
  const req = (remoteAddress: string, headers: Record<string, string> = {}) =>
    ({ socket: { remoteAddress }, headers }) as unknown as Parameters<typeof metricsAllowed>[0];
  it("without a token: loopback only, and not through a proxy", () => {
    expect(metricsAllowed(req("127.0.0.1"), undefined)).toBe(true);
    expect(metricsAllowed(req("::ffff:127.0.0.1"), undefined)).toBe(true);
    expect(metricsAllowed(req("::1"), undefined)).toBe(true);
    expect(metricsAllowed(req("10.0.0.5"), undefined)).toBe(false);
    expect(metricsAllowed(req("127.0.0.1", { "x-forwarded-for": "1.2.3.4" }), undefined)).toBe(false);
  });
  it("with a token: the Bearer token from anywhere, nothing without it", () => {
    expect(metricsAllowed(req("10.0.0.5", { authorization: "Bearer s3cret" }), "s3cret")).toBe(true);
    expect(metricsAllowed(req("127.0.0.1"), "s3cret")).toBe(false);
    expect(metricsAllowed(req("127.0.0.1", { authorization: "Bearer s3cre" }), "s3cret")).toBe(false);
    expect(metricsAllowed(req("127.0.0.1", { authorization: "Basic s3cret" }), "s3cret")).toBe(false);
  });
});

/** An empty database for a restore: a fresh PGlite folder, or a fresh schema on the test server. */
async function emptyTarget(
  engine: Engine,
): Promise<{ dataDir: string; databaseUrl?: string; drop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), "inkless-restore-"));
  if (!engine.databaseUrl)
    return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  const schema = `restore_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: engine.databaseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(engine.databaseUrl);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return {
    dataDir,
    databaseUrl: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: engine.databaseUrl });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe.each(ENGINES)("backup and restore on $name", (engine) => {
  it("restores users, templates and files into an empty instance that serves the same templates", async () => {
    const s = await startServer(engine);
    const target = await emptyTarget(engine);
    const out = join(target.dataDir, "..", `${target.dataDir.split("/").at(-1)}.tar`);
    try {
      const { client, user, password } = await newUser(s.base, "bak");
      const folder = (await client.call("/api/tem.app_public/getUserClassList")).body.data[0].id;
      const up = await upload(client, `${user.userid}/tprt/20261125/box.tprts`, TPRT, "box.tprts");
      expect(up.body.code).toBe(200);
      const add = await client.call("/api/tem.app_public/addUserTemplate", {
        name: "Box",
        user_id: user.userid,
        parent_id: folder,
        width: 40,
        height: 30,
        url: up.body.data.url,
        image: "",
        platform: 2,
        remark: "",
      });
      expect(add.body.code).toBe(200);
      const list = async (c: Client) =>
        (await c.call("/api/tem.app_public/getUserTemplateList", {})).body.data
          .map((t: { id: string; name: string; file_web: string }) => ({
            id: t.id,
            name: t.name,
            file: t.file_web,
          }))
          .sort((a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1));
      const before = await list(client);
      expect(before).toHaveLength(4); // three samples and Box

      const sum = await backup(s.app.services.db, s.app.services.files, out);
      expect(sum.files).toBeGreaterThanOrEqual(4);
      await expect(backup(s.app.services.db, s.app.services.files, out)).rejects.toThrow(/exists/);
      await s.close();

      // the target instance ran once before (its scheduled purge too): that is still empty
      const started = await openDb({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
      expect(await claimJob(started, "purge", 60_000)).toBe(true);
      await started.close();
      const files = new LocalFileStore(join(target.dataDir, "files"));
      const done = await restore(out, { ...target, files });
      expect(done.rows).toBe(sum.rows);
      expect(done.files).toBe(sum.files);
      // a second restore finds it no longer empty
      await expect(restore(out, { ...target, files })).rejects.toThrow(/not empty.*--force/);
      // --force replaces the content (no doubled rows, no key clash)
      expect((await restore(out, { ...target, files }, true)).rows).toBe(sum.rows);

      const r = await startServer(
        { name: engine.name, databaseUrl: target.databaseUrl },
        { dataDir: target.dataDir },
      );
      try {
        const again = new Client(r.base);
        const login = await again.call("/api/user/login", { account: user.account, password });
        expect(login.body.code).toBe(200);
        const after = await list(again);
        expect(after.map((t: { id: string; name: string }) => [t.id, t.name])).toEqual(
          before.map((t: { id: string; name: string }) => [t.id, t.name]),
        );
        for (const t of after) {
          const f = await again.raw(new URL(t.file, r.base).pathname);
          expect(f.status).toBe(200);
          expect(await f.text()).toContain("<LabelFile>");
        }
      } finally {
        await r.close();
      }
    } finally {
      await s.close().catch(() => {});
      rmSync(out, { force: true });
      await target.drop();
    }
  }, 300_000);

  it("refuses a damaged archive before changing anything", async () => {
    const dir = mkdtempSync(join(tmpdir(), "inkless-badtar-"));
    try {
      const bad = join(dir, "bad.tar");
      writeFileSync(bad, "this is not a tar file at all".repeat(40));
      await expect(checkBackup(bad)).rejects.toThrow(/not a tar file|cut short/);
      const files = new LocalFileStore(join(dir, "files"));
      await expect(restore(bad, { dataDir: dir, files, databaseUrl: undefined })).rejects.toThrow();
      expect(existsSync(join(dir, "db"))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});

describe("restoring across versions", () => {
  it("restores a backup of an older schema, then migrates it to this version", async () => {
    const older = MIGRATIONS.at(-2)?.version as number;
    const from = mkdtempSync(join(tmpdir(), "inkless-old-"));
    const to = mkdtempSync(join(tmpdir(), "inkless-new-"));
    const out = join(from, "old.tar");
    try {
      const db = await openDb({ dataDir: from, migrateTo: older });
      await db.query(
        "INSERT INTO users (id, account, password_hash, nickname, industry) VALUES ('u1', 'old@example.com', 'x', 'Old', 'retail')",
      );
      await backup(db, new LocalFileStore(join(from, "files")), out);
      await db.close();
      expect((await checkBackup(out)).manifest.schema).toBe(older);
      await restore(out, { dataDir: to, files: new LocalFileStore(join(to, "files")) });
      const back = await openDb({ dataDir: to });
      try {
        expect(await back.query("SELECT account FROM users")).toEqual([{ account: "old@example.com" }]);
        const v = await back.query<{ v: number }>("SELECT max(version)::int AS v FROM schema_migrations");
        expect(v[0].v).toBe(SCHEMA_VERSION);
      } finally {
        await back.close();
      }
    } finally {
      rmSync(from, { recursive: true, force: true });
      rmSync(to, { recursive: true, force: true });
    }
  }, 300_000);

  it("refuses a backup from a newer version before touching the target", async () => {
    const dir = mkdtempSync(join(tmpdir(), "inkless-newer-"));
    try {
      const path = join(dir, "newer.tar");
      const stream = createWriteStream(path);
      const tar = new TarWriter(stream);
      const manifest = Buffer.from(
        JSON.stringify({
          format: BACKUP_FORMAT,
          app: "9.9.9",
          schema: SCHEMA_VERSION + 1,
          tables: [],
          entries: [],
        }),
      );
      await tar.file(MANIFEST, manifest.length, manifest);
      await tar.end();
      stream.end();
      await finished(stream);
      const files = new LocalFileStore(join(dir, "files"));
      await expect(restore(path, { dataDir: dir, files })).rejects.toThrow(/newer Inkless.*upgrade first/);
      expect(existsSync(join(dir, "db"))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});

describe("with an S3-compatible file store", () => {
  it("answers /healthz from the bucket; backs up its files and restores them into another bucket", async () => {
    const [from, to] = await Promise.all([startS3("from"), startS3("to")]);
    const s = await startServer({ name: "pglite" }, { s3: from.config });
    const restored = mkdtempSync(join(tmpdir(), "inkless-s3-restored-"));
    const out = join(restored, "..", `${restored.split("/").at(-1)}.tar`);
    try {
      const health = await (await fetch(`${s.base}/healthz`)).json();
      expect(health).toMatchObject({ status: "ok", files: { ok: true } });
      const { client, user, password } = await newUser(s.base, "s3bak");
      const key = `${user.userid}/tprt/20261125/box.tprts`;
      expect((await upload(client, key, TPRT, "box.tprts")).body.code).toBe(200);
      // in the bucket, not in the data folder
      expect(await new S3FileStore(from.config).get(key)).toEqual(new TextEncoder().encode(TPRT));
      expect(existsSync(join(s.dataDir, "files", key))).toBe(false);
      await s.app.close();

      // the command line, from the server's environment
      const quiet = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
      try {
        expect(await runOps(["backup", "--out", out], { INKLESS_DATA: s.dataDir, ...from.env })).toBe(0);
        expect(await runOps(["restore", out], { INKLESS_DATA: restored, ...to.env })).toBe(0);
      } finally {
        quiet.mockRestore();
      }
      expect(await new S3FileStore(to.config).get(key)).toEqual(new TextEncoder().encode(TPRT));
      const r = await startServer({ name: "pglite" }, { dataDir: restored, s3: to.config });
      try {
        const again = new Client(r.base);
        expect((await again.call("/api/user/login", { account: user.account, password })).body.code).toBe(
          200,
        );
        const f = await again.raw(`/files/${key}`);
        expect(f.status).toBe(200);
        expect(await f.text()).toBe(TPRT);
      } finally {
        await r.app.close();
      }
    } finally {
      await s.app.close().catch(() => {});
      rmSync(s.dataDir, { recursive: true, force: true });
      rmSync(restored, { recursive: true, force: true });
      rmSync(out, { force: true });
      await from.close();
      await to.close();
    }
  }, 180_000); // three embedded databases start: slow on a loaded machine
});
