// The IMEI typed when a cloud device is bound (application.md §3 "Device"): checked by the server
// (15 digits, Luhn check digit) with a translated message before anything is bound, stored with the
// device and listed with it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "../../src/i18n/messages";
import { type Client, ENGINES, newUser, startServer, type TestServer } from "./helpers";

const DIST = "/api/tem.distInterface/distData";

async function register(base: string, name: string): Promise<{ sn: string; code: string }> {
  const r = await fetch(`${base}/interface/api/device/register`, {
    method: "POST",
    headers: { "content-type": "application/json", language: "en" },
    body: JSON.stringify({ name }),
  });
  return ((await r.json()) as { data: { sn: string; code: string } }).data;
}

describe.each(ENGINES)("a device's IMEI on $name", (engine) => {
  let s: TestServer;
  let a: Client;

  beforeAll(async () => {
    s = await startServer(engine);
    a = (await newUser(s.base, "imei")).client;
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  const listed = async () =>
    (await a.call(DIST, { fun: "hmBindEquipmentList" })).body.data as { sn: string; imei: string }[];

  it("refuses a wrong IMEI with a translated message and binds nothing", async () => {
    const reg = await register(s.base, "Cellular");
    const short = await a.call("/api/device/bind", { ...reg, name: "4G", imei: "49015420323751" });
    expect(short.body.code).not.toBe(200);
    expect(short.body.msg).toBe(translate("printer.bind.imeiDigits", {}, "en"));
    const check = await a.call("/api/device/bind", { ...reg, name: "4G", imei: "490154203237517" });
    expect(check.body.msg).toBe(translate("printer.bind.imeiCheck", {}, "en"));
    expect(await listed()).toEqual([]);
  });

  it("stores a right IMEI (spaces and dashes dropped) and lists it with the device", async () => {
    const reg = await register(s.base, "Cellular");
    const r = await a.call("/api/device/bind", { ...reg, name: "4G", imei: "49-015420-323751-8" });
    expect(r.body.code).toBe(200);
    expect(r.body.data).toMatchObject({ sn: reg.sn, imei: "490154203237518" });
    const made = await a.call("/api/device/bind", { name: "Box", type: 2, imei: "352099001761481" });
    expect(made.body.data.imei).toBe("352099001761481");
    expect(await listed()).toEqual([
      expect.objectContaining({ sn: reg.sn, imei: "490154203237518" }),
      expect.objectContaining({ sn: made.body.data.sn, imei: "352099001761481" }),
    ]);
    // no IMEI: none stored
    const plain = await a.call("/api/device/bind", { name: "Plain" });
    expect((await listed()).find((d) => d.sn === plain.body.data.sn)?.imei).toBe("");
  });
});
