// Icon library calls (getLogClass, getLogList) served from public/icons/manifest.json.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseIconManifest } from "../../src/server/routes/icons";
import { Client, ENGINES, startServer, type TestServer } from "./helpers";

describe("icon library", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(ENGINES[0]);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it("lists categories in the request's language and their icons as files of the app", async () => {
    const c = new Client(s.base, "zh");
    const cats = (await c.call("/api/tem.app_shared/getLogClass")).body;
    expect(cats.code).toBe(200);
    const manifest = JSON.parse(readFileSync("public/icons/manifest.json", "utf8"));
    expect(cats.data).toHaveLength(manifest.categories.length);
    const first = manifest.categories[0];
    expect(cats.data[0]).toEqual({ id: first.id, name: first.name.zh, son: [] });
    const icons = (await c.call("/api/tem.app_shared/getLogList", { id: first.id })).body.data;
    expect(icons).toHaveLength(first.icons.length);
    expect(icons[0].url).toBe(`/label/icons/${first.id}/${first.icons[0]}.svg`);
    expect(readFileSync(`public/icons/${first.id}/${first.icons[0]}.svg`, "utf8")).toContain("<svg");
    expect((await c.call("/api/tem.app_shared/getLogList", { id: "../etc" })).body.data).toEqual([]);
  });

  it("drops malformed manifest entries and unsafe names", () => {
    expect(parseIconManifest("not json")).toEqual([]);
    const cats = parseIconManifest(
      JSON.stringify({
        categories: [
          { id: "../x", icons: ["a"] },
          { id: "ok", name: {}, icons: ["good", "../bad", 3] },
        ],
      }),
    );
    expect(cats).toEqual([{ id: "ok", name: {}, icons: ["good"] }]);
  });
});
