// Several API processes on one PostgreSQL (issue 15): nothing a request needs lives in one process's
// memory. Two real server processes (`node src/server/main.ts`, as `npm start` runs it), each with its
// own data folder as on two machines, share the database and an S3-compatible file store (a local
// s3rver); a session, a sign-in limit, a logout, a file and a device's long poll work whichever
// process each request reaches. Needs TEST_DATABASE_URL (skipped without it).
import type { AddressInfo, Socket } from "node:net";
import { connect, createServer as createNetServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type RunningApp, startApp } from "../../e2e/support/server";
import { type Db, openDb } from "../../src/server/db";
import { LISTENER_NAME } from "../../src/server/db/postgres";
import { deviceCall as device } from "../print/support/device";
import { addTemplate, Client, EMPTY_LABEL, newUser, upload } from "./helpers";
import { startS3, type TestS3 } from "./support/s3";

const DATABASE_URL = process.env.TEST_DATABASE_URL;
const DIST = "/api/tem.distInterface/distData";
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 7, 7, 7]);

/** The same browser (its cookie) talking to another process. */
function sameBrowser(c: Client, base: string): Client {
  const other = new Client(base);
  other.cookie = c.cookie;
  return other;
}

describe.skipIf(!DATABASE_URL)("two API processes on one PostgreSQL", () => {
  let a: RunningApp;
  let b: RunningApp;
  let s3: TestS3;

  beforeAll(async () => {
    s3 = await startS3();
    const env = {
      DATABASE_URL: DATABASE_URL as string,
      // a session lookup would be reused for 10 minutes: only a notification can drop it in time
      INKLESS_SESSION_CACHE_MS: "600000",
      INKLESS_SAMPLE_PREVIEWS: "0",
      ...s3.env,
    };
    [a, b] = await Promise.all([startApp(env, { client: false }), startApp(env, { client: false })]);
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
    await s3?.close();
  });

  it("are two processes", () => {
    expect(a.pid).toBeGreaterThan(0);
    expect(b.pid).toBeGreaterThan(0);
    expect(a.pid).not.toBe(b.pid);
  });

  it("a session made on one process is valid on the other; a logout on one ends it on both", async () => {
    const { client, user } = await newUser(a.baseUrl, "twoproc");
    const onB = sameBrowser(client, b.baseUrl);
    const info = await onB.call("/api/user/getUserInfo");
    expect(info.body.code).toBe(200);
    expect(info.body.data.userid).toBe(user.userid);
    // both processes now hold the session in their cache; the logout on A drops B's too
    expect((await client.call("/api/user/getUserInfo")).body.code).toBe(200);
    expect((await client.call("/api/user/logout")).body.code).toBe(200);
    await vi.waitFor(async () => expect((await onB.call("/api/user/getUserInfo")).body.code).toBe(301), {
      timeout: 10_000,
      interval: 100,
    });
  });

  it("a file uploaded through one process is registered (its size counted) and served by the other", async () => {
    const { client, user } = await newUser(a.baseUrl, "files");
    const csv = "sku,name\n1,Tea\n2,Milk\n";
    const up = await upload(client, `${user.userid}/sheet/p.csv`, csv, "p.csv");
    expect(up.body.code).toBe(200);
    const onB = sameBrowser(client, b.baseUrl);
    const tid = (await onB.call("/api/tem.app_public/getCloudDataList", { type: 2 })).body.data[0].id;
    const add = await onB.call("/api/tem.app_public/addCloudFile", {
      tid,
      name: "p.csv",
      url: up.body.data.url,
    });
    expect(add.body.data).toMatchObject({ tid, name: "p.csv", size: csv.length });
    const got = await onB.raw(new URL(up.body.data.url).pathname);
    expect(got.status).toBe(200);
    expect(await got.text()).toBe(csv);
  });

  it("a label saved through one process opens through the other", async () => {
    const { client, user } = await newUser(a.baseUrl, "save");
    const onB = sameBrowser(client, b.baseUrl);
    await addTemplate(onB, user.userid, "Shelf");
    const list = (await client.call("/api/tem.app_public/getUserTemplateList", {})).body.data;
    const saved = list.find((t: { name: string }) => t.name === "Shelf");
    expect(saved).toBeDefined();
    const file = await client.raw(new URL(saved.file_web, a.baseUrl).pathname);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe(EMPTY_LABEL);
  });

  it("failed sign-ins counted on one process block the account on the other", async () => {
    const { user, password } = await newUser(a.baseUrl, "limit");
    for (let i = 0; i < 5; i++) {
      const c = new Client(i % 2 ? b.baseUrl : a.baseUrl);
      const r = await c.call("/api/user/login", { account: user.account, password: "wrong-password" });
      expect(r.body.code).not.toBe(200);
    }
    // the right password now: refused as too frequent on either process
    for (const base of [a.baseUrl, b.baseUrl]) {
      const r = await new Client(base).call("/api/user/login", { account: user.account, password });
      expect(r.body.code).not.toBe(200);
      expect(r.body.msg).toMatch(/too frequent/i);
    }
  });

  it("a device long-polling process A gets the job queued on process B at once", async () => {
    const { client, user } = await newUser(b.baseUrl, "poll");
    const dev = (await client.call("/api/device/bind", { name: "Counter" })).body.data;
    const img = (await upload(client, `${user.userid}/print/p.png`, png, "p.png")).body.data.url;
    expect((await device(a.baseUrl, "/api/device/poll", { ...dev, wait: 0 })).data).toBeNull();
    // the poll waits up to 25 s, longer than this test may take: only a wake-up answers it in time
    const waiting = device(a.baseUrl, "/api/device/poll", { ...dev, wait: 25_000 });
    await vi.waitFor(
      async () => {
        const st = await client.call(DIST, { fun: "getHmEquipmentStatus", sn_arr: dev.sn });
        expect(st.body.data[0]).toMatchObject({ status: 1 });
      },
      { timeout: 5_000, interval: 50 },
    );
    const queued = await client.call(DIST, {
      fun: "hmPrintFile",
      sn: dev.sn,
      files: img,
      print_type: "ESC",
      phr: 1,
      print_file_type: 1,
    });
    expect(queued.body.code).toBe(200);
    const job = (await waiting).data;
    expect(job.id).toBe(queued.body.data.job_id);
    expect(Buffer.from(job.images[0], "base64")).toEqual(Buffer.from(png));
  }, 20_000);
});

/** Two connection pools on the test database (two processes' own), closed after `fn`. */
async function withTwoPools(fn: (one: Db, two: Db) => Promise<void>, twoUrl = DATABASE_URL): Promise<void> {
  const one = await openDb({ databaseUrl: DATABASE_URL, dataDir: "" });
  const two = await openDb({ databaseUrl: twoUrl, dataDir: "" }).catch(async (e) => {
    await one.close();
    throw e;
  });
  try {
    await fn(one, two);
  } finally {
    await one.close();
    await two.close().catch(() => {});
  }
}

describe.skipIf(!DATABASE_URL)("database notifications on PostgreSQL", () => {
  it("reach a listener on another connection pool (another process's), not after it stops", async () => {
    await withTwoPools(async (one, two) => {
      const heard: string[] = [];
      const stop = await two.listen("inkless_test_channel", (p) => heard.push(p));
      await one.notify("inkless_test_channel", "hello");
      await vi.waitFor(() => expect(heard).toEqual(["hello"]), { timeout: 5_000, interval: 20 });
      stop();
      await one.notify("inkless_test_channel", "after");
      // a notification on a channel still listened to arrives after any earlier one
      const later: string[] = [];
      const stop2 = await two.listen("inkless_test_other", (p) => later.push(p));
      await one.notify("inkless_test_other", "marker");
      await vi.waitFor(() => expect(later).toEqual(["marker"]), { timeout: 5_000, interval: 20 });
      expect(heard).toEqual(["hello"]);
      stop2();
    });
  });

  it("listens again after its connection breaks", async () => {
    await withTwoPools(async (one, two) => {
      const heard: string[] = [];
      const stop = await two.listen("inkless_test_again", (p) => heard.push(p));
      // the listening connections of this test database end (a restart, a network cut)
      const ended = await one.query<{ ok: boolean }>(
        `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
        WHERE application_name = $1 AND query = 'LISTEN inkless_test_again'`,
        [LISTENER_NAME],
      );
      expect(ended).toEqual([{ ok: true }]);
      // what is sent while it is down is lost; once it is back, notifications arrive again
      await vi.waitFor(
        async () => {
          await one.notify("inkless_test_again", "back");
          expect(heard).toContain("back");
        },
        { timeout: 10_000, interval: 200 },
      );
      stop();
    });
  });

  it("a pool connection the server ends is replaced; the process goes on", async () => {
    await withTwoPools(async (one, two) => {
      const [{ pid }] = await one.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      expect(await two.query("SELECT pg_terminate_backend($1) AS ok", [pid])).toEqual([{ ok: true }]);
      // gone on the server's side (its socket closed), while the pool holds it idle
      await vi.waitFor(
        async () =>
          expect(await two.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1", [pid])).toEqual([]),
        { timeout: 10_000, interval: 50 },
      );
      await vi.waitFor(
        async () => {
          const [now] = await one.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
          expect(now.pid).not.toBe(pid);
        },
        { timeout: 10_000, interval: 100 },
      );
    });
  });

  it("keeps trying to listen while the database cannot be reached, and listens once it can", async () => {
    // the listener reaches PostgreSQL through a proxy this test cuts and restores
    const target = new URL(DATABASE_URL as string);
    const sockets = new Set<Socket>();
    let down = false;
    let refused = 0;
    const proxy = createNetServer((inbound) => {
      if (down) {
        refused++;
        inbound.destroy();
        return;
      }
      const outbound = connect(Number(target.port || 5432), target.hostname);
      for (const x of [inbound, outbound]) {
        sockets.add(x);
        x.on("error", () => x.destroy());
        x.on("close", () => sockets.delete(x));
      }
      inbound.pipe(outbound).pipe(inbound);
    });
    await new Promise<void>((ok) => proxy.listen(0, "127.0.0.1", () => ok()));
    const port = (proxy.address() as AddressInfo).port;
    const via = new URL(target);
    via.hostname = "127.0.0.1";
    via.port = String(port);
    try {
      await withTwoPools(async (one, two) => {
        const heard: string[] = [];
        const stop = await two.listen("inkless_test_down", (p) => heard.push(p));
        // the database "goes away": connections cut, new ones refused
        down = true;
        for (const x of sockets) x.destroy();
        // the listener keeps trying: two attempts refused, then the database is back
        await vi.waitFor(() => expect(refused).toBeGreaterThanOrEqual(2), { timeout: 10_000, interval: 50 });
        down = false;
        await vi.waitFor(
          async () => {
            await one.notify("inkless_test_down", "back");
            expect(heard).toContain("back");
          },
          { timeout: 15_000, interval: 200 },
        );
        stop();
      }, via.toString());
    } finally {
      proxy.close();
      for (const x of sockets) x.destroy();
    }
  }, 30_000);
});
