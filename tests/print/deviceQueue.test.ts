// The cloud device lifecycle on the real server and storage (PGlite): an assistant registers and is
// bound by serial + verification code, renamed and listed; jobs taken but not acknowledged go back
// to the queue after the timeout, up to the attempt limit, then fail; an acknowledged job is never
// delivered twice; a job whose poll answer never reached the device is queued again at once.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACK_TIMEOUT_MS,
  MAX_ATTEMPTS,
  NOT_ACKNOWLEDGED,
  sweepJobs,
} from "../../src/server/services/deviceJobs";
import { type Client, ENGINES, newUser, startServer, type TestServer, upload } from "../server/helpers";
import { deviceCall } from "./support/device";

const DIST = "/api/tem.distInterface/distData";
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 1, 2, 3]);

const device = deviceCall;

describe.each(ENGINES)("cloud devices on $name", (engine) => {
  let s: TestServer;
  let a: Client;
  let b: Client;
  let img: string;
  let dev: { sn: string; key: string; code: string };

  /** Moves the device's taken jobs back in time, as if the timeout had passed. */
  const age = (sn: string) =>
    s.app.services.db.query(
      "UPDATE print_jobs SET taken_at = taken_at - $2::double precision * interval '1 millisecond' WHERE sn = $1 AND taken_at IS NOT NULL",
      [sn, ACK_TIMEOUT_MS + 1000],
    );
  const queue = async (copies = 1) => {
    const r = await a.call(DIST, {
      fun: "hmPrintFile",
      sn: dev.sn,
      files: Array.from({ length: copies }, () => img).join(","),
      print_type: "ESC",
      phr: copies,
      print_file_type: 1,
    });
    expect(r.body.code).toBe(200);
    return r.body.data.job_id as string;
  };
  const jobs = async () =>
    (await a.call("/api/device/jobs", { sn: dev.sn })).body.data as {
      id: string;
      status: string;
      attempts: number;
      msg: string;
    }[];
  const poll = (wait = 0) => device(s.base, "/api/device/poll", { sn: dev.sn, key: dev.key, wait });

  beforeAll(async () => {
    s = await startServer(engine);
    const ua = await newUser(s.base, "dqa");
    a = ua.client;
    b = (await newUser(s.base, "dqb")).client;
    img = (await upload(a, `${ua.user.userid}/print/p1.png`, png, "p1.png")).body.data.url;
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it("registers an assistant, which waits unbound until the user binds it by serial and code", async () => {
    const reg = await device(s.base, "/api/device/register", { name: "Shop assistant" });
    expect(reg.code).toBe(200);
    dev = reg.data;
    expect(dev.sn).toMatch(/^INK[0-9A-F]{12}$/);
    expect(dev.code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    expect((await poll()).data).toEqual({ pending: true });
    // a waiting poll answers as soon as the device is bound
    const waiting = poll(20_000);
    // wrong code, another user's typo: refused with the translated message
    const wrong = await b.call("/api/device/bind", { sn: dev.sn, code: "AAAA-AAAA", name: "X" });
    expect(wrong.body).toMatchObject({ code: 209 });
    expect(wrong.body.msg).toMatch(/verification code/);
    // case, spaces and the dash do not matter; the serial is not case sensitive either
    const typed = ` ${dev.code.toLowerCase().replace("-", " ")} `;
    const bound = await a.call("/api/device/bind", { sn: dev.sn.toLowerCase(), code: typed, name: "" });
    expect(bound.body).toMatchObject({ code: 200, data: { sn: dev.sn, name: "Shop assistant", type: 1 } });
    expect((await waiting).data).toBeNull();
    // the code works once
    expect((await b.call("/api/device/bind", { sn: dev.sn, code: dev.code })).body.code).toBe(209);
    const list = (await a.call(DIST, { fun: "hmBindEquipmentList" })).body.data;
    expect(list).toEqual([expect.objectContaining({ sn: dev.sn, name: "Shop assistant", type: 1 })]);
    const st = (await a.call(DIST, { fun: "getHmEquipmentStatus", sn_arr: dev.sn })).body.data;
    expect(st).toEqual([expect.objectContaining({ sn: dev.sn, status: 1 })]);
    expect((await b.call(DIST, { fun: "hmBindEquipmentList" })).body.data).toEqual([]);
  }, 60_000);

  it("renames with name checks and owner checks", async () => {
    expect((await a.call("/api/device/rename", { sn: dev.sn, name: "Back office" })).body.code).toBe(200);
    expect((await a.call("/api/device/rename", { sn: dev.sn, name: "a/b" })).body.code).toBe(209);
    expect((await a.call("/api/device/rename", { sn: dev.sn, name: "" })).body.code).toBe(209);
    expect((await b.call("/api/device/rename", { sn: dev.sn, name: "Mine" })).body.code).toBe(209);
    expect((await b.call("/api/device/jobs", { sn: dev.sn })).body.code).toBe(209);
    const list = (await a.call(DIST, { fun: "hmBindEquipmentList" })).body.data;
    expect(list[0].name).toBe("Back office");
  });

  it("re-queues a job that was taken but not acknowledged, then fails it after the attempt limit", async () => {
    const id = await queue(2);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const got = (await poll()).data;
      expect(got).toMatchObject({ id, order: [0, 0] });
      expect((await jobs()).find((j) => j.id === id)).toMatchObject({ status: "sent", attempts: attempt });
      // nothing else to take while it is out
      expect((await poll()).data).toBeNull();
      await age(dev.sn);
      await sweepJobs(s.app.services.db);
      const after = (await jobs()).find((j) => j.id === id);
      if (attempt < MAX_ATTEMPTS) expect(after).toMatchObject({ status: "queued", attempts: attempt });
      else expect(after).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, msg: NOT_ACKNOWLEDGED });
    }
    expect((await poll()).data).toBeNull();
    // a late acknowledgement or report of the failed job is refused
    expect((await device(s.base, "/api/device/ack", { ...dev, job_id: id })).code).toBe(209);
    expect((await device(s.base, "/api/device/report", { ...dev, job_id: id, ok: true })).code).toBe(209);
  }, 60_000);

  it("a device that took a re-queued job may not print it; the new delivery is acknowledged and done", async () => {
    const id = await queue();
    expect((await poll()).data.id).toBe(id);
    await age(dev.sn);
    // the next poll sweeps: the overdue job goes back to the queue and is delivered again
    expect((await poll()).data.id).toBe(id);
    expect((await jobs()).find((j) => j.id === id)?.attempts).toBe(2);
    expect((await device(s.base, "/api/device/ack", { ...dev, job_id: id })).code).toBe(200);
    expect((await device(s.base, "/api/device/ack", { ...dev, job_id: id })).code).toBe(209);
    // acknowledged jobs are never re-queued, however long they print
    await age(dev.sn);
    await sweepJobs(s.app.services.db);
    expect((await jobs()).find((j) => j.id === id)?.status).toBe("printing");
    expect((await poll()).data).toBeNull();
    expect((await device(s.base, "/api/device/report", { ...dev, job_id: id, ok: true })).code).toBe(200);
    expect((await jobs()).find((j) => j.id === id)?.status).toBe("done");
  }, 60_000);

  it("a waiting poll whose device disconnected takes no job; the next poll gets it", async () => {
    const ctl = new AbortController();
    const waiting = fetch(`${s.base}/interface/api/device/poll`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...dev, wait: 20_000 }),
      signal: ctl.signal,
    }).catch(() => null);
    // the poll is waiting; the device goes away, then a job is queued
    await new Promise((r) => setTimeout(r, 200));
    ctl.abort();
    await waiting;
    const id = await queue();
    expect((await jobs()).find((j) => j.id === id)?.status).toBe("queued");
    const got = (await poll()).data;
    expect(got.id).toBe(id);
    expect(
      (await device(s.base, "/api/device/report", { ...dev, job_id: id, ok: false, msg: "jam" })).code,
    ).toBe(200);
    expect((await jobs()).find((j) => j.id === id)).toMatchObject({ status: "failed", msg: "jam" });
  }, 60_000);

  it("a job whose poll answer could not be delivered (the device hung up) is queued again at once", async () => {
    const id = await queue();
    const u = new URL(s.base);
    const body = JSON.stringify({ sn: dev.sn, key: dev.key, wait: 0 });
    // the request arrives whole, but the device is gone before the answer is written
    await new Promise<void>((done, fail) => {
      const sock = connect(Number(u.port), u.hostname, () => {
        sock.write(
          `POST /interface/api/device/poll HTTP/1.1\r\nHost: ${u.host}\r\nContent-Type: application/json\r\n` +
            `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        );
        sock.destroy();
        done();
      });
      sock.on("error", fail);
    });
    await expect
      .poll(async () => (await jobs()).find((j) => j.id === id))
      .toMatchObject({
        status: "queued",
        attempts: 1,
      });
    expect((await poll()).data.id).toBe(id);
    expect((await device(s.base, "/api/device/report", { ...dev, job_id: id, ok: true })).code).toBe(200);
  }, 60_000);

  it("unbinding drops the device; its key no longer polls", async () => {
    expect((await a.call("/api/device/unbind", { sn: dev.sn })).body.code).toBe(200);
    expect((await poll()).code).toBe(401);
    expect((await device(s.base, "/api/device/register", { name: "a<script>/" })).code).toBe(209);
  });
});
