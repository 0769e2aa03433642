// Sample labels get SVG previews drawn with the shared renderer at first start.
import { afterAll, beforeAll, expect, it } from "vitest";
import { ENGINES, newUser, startServer, type TestServer } from "./helpers";

let s: TestServer;
beforeAll(async () => {
  s = await startServer(ENGINES[0], { samplePreviews: true });
  await s.app.previewsReady;
}, 120_000);
afterAll(async () => {
  await s?.close();
});

it("a new user's samples come with previews that are SVGs of the label size", async () => {
  expect(s.logs.filter((l) => l.includes("previews not drawn"))).toEqual([]);
  const { client } = await newUser(s.base, "prev");
  const list = (await client.call("/api/tem.app_public/getUserTemplateList")).body.data;
  expect(list).toHaveLength(3);
  for (const t of list) {
    expect(t.image).toMatch(/^\/files\/.+\.svg$/);
    const r = await client.raw(t.image);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("image/svg+xml");
    const svg = await r.text();
    expect(svg).toContain(`viewBox="0 0 ${t.width} ${t.height}"`);
    expect(svg).toContain("<g data-id=");
    // shown through <img>, which cannot load web fonts: text must arrive as outlines
    expect(svg).not.toContain("<text");
    expect(svg).toMatch(/<path [^>]*d="M/);
  }
});
