// Cloud printing calls 18–24: devices, status, queued jobs taken by the device, owner checks.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, ENGINES, newUser, startServer, type TestServer, upload } from "./helpers";

const DIST = "/api/tem.distInterface/distData";
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 1, 2, 3]);

async function device(base: string, path: string, body: unknown) {
  const r = await fetch(`${base}/interface${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", language: "en" },
    body: JSON.stringify(body),
  });
  return r.json();
}

describe.each(ENGINES)("cloud printing on $name", (engine) => {
  let s: TestServer;
  let a: Client;
  let b: Client;
  let aId: string;
  let dev: { sn: string; key: string };
  let cny: { sn: string; key: string };
  let img: string;

  beforeAll(async () => {
    s = await startServer(engine);
    const ua = await newUser(s.base, "cpa");
    a = ua.client;
    aId = ua.user.userid;
    b = (await newUser(s.base, "cpb")).client;
    dev = (await a.call("/api/device/bind", { name: "Shelf assistant" })).body.data;
    cny = (await a.call("/api/device/bind", { name: "Box", type: 2 })).body.data;
    img = (await upload(a, `${aId}/print/p1.png`, png, "p1.png")).body.data.url;
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it("lists bound devices with sn, and status 0 until the device polls", async () => {
    const list = await a.call(DIST, { fun: "hmBindEquipmentList" });
    expect(list.body.code).toBe(200);
    expect(list.body.data.map((d: { sn: string }) => d.sn)).toEqual([dev.sn, cny.sn]);
    const st = await a.call(DIST, { fun: "getHmEquipmentStatus", sn_arr: `${dev.sn},${cny.sn}` });
    expect(st.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sn: dev.sn, status: 0, type: 1 }),
        expect.objectContaining({ sn: cny.sn, status: 0, type: 2 }),
      ]),
    );
    expect((await device(s.base, "/api/device/poll", { ...dev, wait: 0 })).data).toBeNull();
    const st2 = await a.call(DIST, { fun: "getHmEquipmentStatus", sn_arr: dev.sn });
    expect(st2.body.data[0]).toMatchObject({ sn: dev.sn, status: 1 });
    // Another user sees nothing of A's devices.
    expect((await b.call(DIST, { fun: "hmBindEquipmentList" })).body.data).toEqual([]);
    expect((await b.call(DIST, { fun: "getHmEquipmentStatus", sn_arr: dev.sn })).body.data).toEqual([]);
  });

  it("queues hmPrintFile for the device; a waiting poll gets it with the images", async () => {
    const waiting = device(s.base, "/api/device/poll", { ...dev, wait: 20_000 });
    const r = await a.call(DIST, {
      fun: "hmPrintFile",
      sn: dev.sn,
      files: `${img},${img}`,
      print_type: "ESC",
      phr: 2,
      print_file_type: 1,
    });
    expect(r.body.code).toBe(200);
    const job = (await waiting).data;
    expect(job.id).toBe(r.body.data.job_id);
    expect(job.print_type).toBe("ESC");
    expect(job.order).toEqual([0, 0]);
    expect(Buffer.from(job.images[0], "base64")).toEqual(Buffer.from(png));
    // Taken once only; the report closes it.
    expect((await device(s.base, "/api/device/poll", { ...dev, wait: 0 })).data).toBeNull();
    expect((await device(s.base, "/api/device/report", { ...dev, job_id: job.id, ok: true })).code).toBe(200);
    expect((await device(s.base, "/api/device/report", { ...dev, job_id: job.id, ok: true })).code).toBe(209);
  });

  it("enforces print_type per device type, copies, print_file_type and own files", async () => {
    const base = { fun: "hmPrintFile", files: img, phr: 1, print_file_type: 1 };
    expect((await a.call(DIST, { ...base, sn: cny.sn, print_type: "ESC" })).body.code).toBe(209);
    expect((await a.call(DIST, { ...base, sn: cny.sn, print_type: "CNY" })).body.code).toBe(200);
    expect((await a.call(DIST, { ...base, sn: dev.sn, print_type: "CNY" })).body.code).toBe(209);
    expect((await a.call(DIST, { ...base, sn: dev.sn, print_type: "ESC", phr: 0 })).body.code).toBe(209);
    expect(
      (await a.call(DIST, { ...base, sn: dev.sn, print_type: "ESC", print_file_type: 2 })).body.code,
    ).toBe(209);
    expect((await a.call(DIST, { ...base, sn: dev.sn, print_type: "ESC", files: "" })).body.code).toBe(209);
    const missing = await a.call(DIST, {
      ...base,
      sn: dev.sn,
      print_type: "ESC",
      files: `/files/${aId}/print/nope.png`,
    });
    expect(missing.body.code).toBe(209);
    // B can neither print to A's device nor send A's files to its own.
    const bDev = (await b.call("/api/device/bind", { name: "B" })).body.data;
    const cross = await b.call(DIST, { ...base, sn: dev.sn, print_type: "ESC" });
    expect(cross.body.code).toBe(209);
    expect(cross.body.msg).toMatch(/device/i);
    expect((await b.call(DIST, { ...base, sn: bDev.sn, print_type: "ESC" })).body.code).toBe(403);
    expect((await device(s.base, "/api/device/poll", { ...bDev, wait: 0 })).data).toBeNull();
  });

  it("rejects wrong device keys and unknown functions", async () => {
    expect((await device(s.base, "/api/device/poll", { sn: dev.sn, key: "nope", wait: 0 })).code).toBe(401);
    expect((await device(s.base, "/api/device/poll", { sn: dev.sn, wait: 0 })).code).toBe(401);
    expect((await a.call(DIST, { fun: "__proto__" })).body.code).toBe(209);
    expect(
      (await new (a.constructor as typeof Client)(s.base).call(DIST, { fun: "hmBindEquipmentList" })).body
        .code,
    ).toBe(301);
  });

  it("unbinding removes the device and its queued jobs", async () => {
    const tmp = (await a.call("/api/device/bind", { name: "Temp" })).body.data;
    await a.call(DIST, {
      fun: "hmPrintFile",
      sn: tmp.sn,
      files: img,
      print_type: "ESC",
      phr: 1,
      print_file_type: 1,
    });
    expect((await b.call("/api/device/unbind", { sn: tmp.sn })).body.code).toBe(209);
    expect((await a.call("/api/device/unbind", { sn: tmp.sn })).body.code).toBe(200);
    expect((await device(s.base, "/api/device/poll", { ...tmp, wait: 0 })).code).toBe(401);
  });

  it("records print history and template uses with owner checks", async () => {
    const tpl = (await a.call("/api/tem.app_public/getUserTemplateList")).body.data[0];
    const h = await a.call("/api/tem.app_public/printHistoryNewAdd", {
      template_id: tpl.id,
      name: tpl.name,
      image: img,
      width: 60,
      height: 30,
      copies: 2,
    });
    expect(h.body.code).toBe(200);
    const list = (await a.call("/api/tem.app_public/getPrintHistory")).body.data;
    expect(list[0]).toMatchObject({ template_id: tpl.id, image: img, width: 60, height: 30, copies: 2 });
    expect((await b.call("/api/tem.app_public/getPrintHistory")).body.data).toEqual([]);
    expect((await b.call("/api/tem.app_public/printHistoryNewAdd", { image: img })).body.code).toBe(403);

    expect(
      (await a.call("/api/tem.app_public/userPrivateUserTem", { id: tpl.id, user_id: aId })).body.data.uses,
    ).toBe(1);
    expect(
      (await a.call("/api/tem.app_public/userPrivateUserTem", { id: tpl.id, user_id: aId })).body.data.uses,
    ).toBe(2);
    expect((await b.call("/api/tem.app_public/userPrivateUserTem", { id: tpl.id })).body.code).toBe(209);
    expect((await b.call("/api/tem.app_public/userUseTem", { id: "common1", user_id: aId })).body.code).toBe(
      403,
    );
    expect((await a.call("/api/tem.app_public/userUseTem", { id: "common1", user_id: aId })).body.code).toBe(
      200,
    );
    expect((await a.call("/api/tem.app_public/addDowTem", { id: "common1" })).body.data.uses).toBe(1);
    expect((await a.call("/api/tem.app_public/addDowTem", { id: "../x" })).body.code).toBe(209);
  });
});
