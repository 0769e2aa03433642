// getLogClass / getLogList over HTTP (spec §7): the category tree in the caller's language, each
// category's icons with urls under /label/icons, unknown or hostile ids answered with an empty list.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, startServer, type TestServer } from "../server/helpers";

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ name: "pglite" });
}, 120_000);
afterAll(async () => {
  await s?.close();
});

describe("icon library API", () => {
  it("lists the categories (id, name, son) in the request language", async () => {
    const en = (await new Client(s.base, "en").call("/api/tem.app_shared/getLogClass")).body;
    expect(en.code).toBe(200);
    expect(en.data.length).toBeGreaterThanOrEqual(8);
    expect(en.data[0]).toEqual({ id: "retail", name: "Retail", son: [] });
    const zh = (await new Client(s.base, "zh").call("/api/tem.app_shared/getLogClass")).body;
    expect(zh.data[0].name).toBe("零售");
    // the same answer under the other prefixes
    const hanma = (await new Client(s.base, "en", "/hanma").call("/api/tem.app_shared/getLogClass")).body;
    expect(hanma.data).toEqual(en.data);
  });

  it("lists a category's icons with urls of shipped files", async () => {
    const r = (await new Client(s.base).call("/api/tem.app_shared/getLogList", { id: "hazard" })).body;
    expect(r.code).toBe(200);
    expect(r.data.length).toBeGreaterThan(20);
    expect(r.data).toContainEqual({
      id: "hazard/triangle-alert",
      name: "Triangle alert",
      url: "/label/icons/hazard/triangle-alert.svg",
    });
  });

  it("answers unknown, missing and hostile ids with an empty list", async () => {
    const c = new Client(s.base);
    for (const body of [{ id: "nope" }, {}, { id: "../../etc" }, { id: "__proto__" }, { id: ["hazard"] }]) {
      const r = (await c.call("/api/tem.app_shared/getLogList", body)).body;
      expect(r.code).toBe(200);
      expect(r.data).toEqual([]);
    }
  });
});
