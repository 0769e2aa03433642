// A cloud device's printer settings (kept by the server, edited by the owner, sent with each job)
// and its printer's live state (reported by the device on each poll or when it changes; a job to a
// printer that says it cannot print is refused with the reason in the user's language).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, ENGINES, newUser, startServer, type TestServer, upload } from "./helpers";

const DIST = "/api/tem.distInterface/distData";
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 1, 2, 3]);

async function device(base: string, path: string, body: unknown, language = "en") {
  const r = await fetch(`${base}/interface${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", language },
    body: JSON.stringify(body),
  });
  return r.json();
}

describe.each(ENGINES)("cloud device settings and status on $name", (engine) => {
  let s: TestServer;
  let a: Client;
  let b: Client;
  let dev: { sn: string; key: string };
  let img: string;
  const listed = async (c: Client = a) =>
    (await c.call(DIST, { fun: "hmBindEquipmentList" })).body.data.find(
      (d: { sn: string }) => d.sn === dev.sn,
    );
  /** a call in another language (the client's `language` header) */
  const inLanguage = async <T>(c: Client, lang: string, fn: () => Promise<T>) => {
    c.lang = lang;
    try {
      return await fn();
    } finally {
      c.lang = "en";
    }
  };
  const printJob = (c: Client = a) =>
    c.call(DIST, {
      fun: "hmPrintFile",
      sn: dev.sn,
      files: img,
      print_type: "ESC",
      phr: 1,
      print_file_type: 1,
    });

  beforeAll(async () => {
    s = await startServer(engine);
    const ua = await newUser(s.base, "dsa");
    a = ua.client;
    b = (await newUser(s.base, "dsb")).client;
    dev = (await a.call("/api/device/bind", { name: "Dock printer" })).body.data;
    img = (await upload(a, `${ua.user.userid}/print/p1.png`, png, "p1.png")).body.data.url;
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it("the owner saves settings; they are listed and travel with each job", async () => {
    expect((await listed()).settings).toEqual({});
    const saved = await a.call("/api/device/settings", {
      sn: dev.sn,
      settings: {
        darkness: 12,
        speed: 4,
        media: "mark",
        gapMm: 3,
        topOffsetMm: 1.5,
        postPrint: "cut",
        cutEvery: 5,
      },
    });
    expect(saved.body.code).toBe(200);
    const want = {
      darkness: 12,
      speed: 4,
      media: "mark",
      gapMm: 3,
      topOffsetMm: 1.5,
      postPrint: "cut",
      cutEvery: 5,
    };
    expect((await listed()).settings).toEqual(want);
    const r = await printJob();
    expect(r.body.code).toBe(200);
    const job = (await device(s.base, "/api/device/poll", { ...dev, wait: 0 })).data;
    expect(job.id).toBe(r.body.data.job_id);
    expect(job.settings).toEqual(want);
    await device(s.base, "/api/device/report", { ...dev, job_id: job.id, ok: true });
  });

  it("refuses a value the printer does not take, in the user's language, and keeps the old ones", async () => {
    // the device says its printer speaks TSPL: darkness 0–15
    await device(s.base, "/api/device/poll", { ...dev, wait: 0, printer_language: "TSPL" });
    expect((await listed()).printer_language).toBe("TSPL");
    const bad = await inLanguage(a, "es", () =>
      a.call("/api/device/settings", { sn: dev.sn, settings: { darkness: 20 } }),
    );
    expect(bad.body.code).toBe(209);
    expect(bad.body.msg).toContain("darkness");
    expect(bad.body.msg).toMatch(/no se guardaron/);
    for (const settings of ["{", "[]", 7, null, { media: "wet" }, { speed: "fast" }])
      expect((await a.call("/api/device/settings", { sn: dev.sn, settings })).body.code).toBe(209);
    expect((await listed()).settings.darkness).toBe(12);
  });

  it("only the owner reads or edits a device's settings and state", async () => {
    const cross = await b.call("/api/device/settings", { sn: dev.sn, settings: { darkness: 1 } });
    expect(cross.body.code).toBe(209);
    expect(cross.body.msg).toMatch(/device/i);
    expect(await listed(b)).toBeUndefined();
    expect((await listed()).settings.darkness).toBe(12);
    // nor can anyone report a state without the device's key
    expect(
      (
        await device(s.base, "/api/device/status", {
          sn: dev.sn,
          key: "nope",
          printer_status: { state: "ready" },
        })
      ).code,
    ).toBe(401);
  });

  it("shows the state the device reports and refuses jobs while its printer cannot print", async () => {
    await device(s.base, "/api/device/poll", {
      ...dev,
      wait: 0,
      printer_status: { state: "problem", problems: ["paperOut", "headOpen", "nonsense"] },
    });
    expect((await listed()).printer_status).toEqual({ state: "problem", problems: ["paperOut", "headOpen"] });
    const refused = await inLanguage(a, "pt", () => printJob());
    expect(refused.body.code).toBe(209);
    expect(refused.body.msg).toBe(
      "Dock printer não pode imprimir agora (sem papel, cabeça de impressão aberta). Nada foi enviado.",
    );
    expect((await device(s.base, "/api/device/poll", { ...dev, wait: 0 })).data).toBeNull();
    // between polls the device says its printer is ready again: jobs go through
    expect(
      (
        await device(s.base, "/api/device/status", {
          ...dev,
          printer_status: { state: "ready", problems: [] },
        })
      ).code,
    ).toBe(200);
    expect((await listed()).printer_status).toEqual({ state: "ready", problems: [] });
    expect((await printJob()).body.code).toBe(200);
  });

  it("garbage in a report changes nothing and breaks nothing", async () => {
    for (const printer_status of ["ready", { state: "exploded" }, { state: "problem", problems: [] }, [], 5])
      expect(
        (await device(s.base, "/api/device/status", { ...dev, printer_status, printer_language: "EPL" }))
          .code,
      ).toBe(200);
    const d = await listed();
    expect(d.printer_status).toEqual({ state: "ready", problems: [] });
    expect(d.printer_language).toBe("TSPL");
  });
});
