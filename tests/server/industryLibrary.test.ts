// The industry library as the server publishes it: listed in the caller's language, each template's
// file and cover readable by every signed-in user and by nobody signed out; usage counted (21–22).
import { afterAll, beforeAll, expect, it } from "vitest";
import { parseLabelFile } from "../../src/model/file";
import { INDUSTRIES } from "../../src/server/seed/industry";
import { Client, ENGINES, newUser, startServer, type TestServer } from "./helpers";

let s: TestServer;
beforeAll(async () => {
  s = await startServer(ENGINES[0], { industryLibrary: true });
  await s.app.libraryReady;
}, 180_000);
afterAll(async () => {
  await s?.close();
});

const total = INDUSTRIES.reduce((n, i) => n + i.templates.length, 0);

it("lists every template with its file and cover, in the caller's language", async () => {
  expect(s.logs.filter((l) => l.includes("not drawn"))).toEqual([]);
  const { client } = await newUser(s.base, "ind");
  client.lang = "es";
  const r = await client.call("/api/tem.app_public/getIndustryTemplateList");
  expect(r.body.code).toBe(200);
  const { industries, list } = r.body.data;
  expect(list).toHaveLength(total);
  expect(industries.map((i: { id: string }) => i.id)).toEqual(INDUSTRIES.map((i) => i.id));
  expect(industries.find((i: { id: string }) => i.id === "food").name).toBe("Alimentación");
  const tag = list.find((t: { id: string }) => t.id === "price-tag");
  expect(tag).toMatchObject({ industry: "retail", name: "Etiqueta de precio", width: 50, height: 30 });
  // what each template prints, for the page's search (issue 34)
  expect(list.find((t: { id: string }) => t.id === "nutrition-facts").words).toContain("Ingredients");
  const file = await client.raw(tag.file);
  expect(file.status).toBe(200);
  const parsed = parseLabelFile(new Uint8Array(await file.arrayBuffer()), "price-tag.tprt");
  expect(parsed.ok && parsed.doc.attrs.width).toBe(50);
  const cover = await client.raw(tag.image);
  expect(cover.headers.get("content-type")).toBe("image/svg+xml");
  const svg = await cover.text();
  expect(svg).toContain('viewBox="0 0 50 30"');
  expect(svg).not.toContain("<text");

  // a second user reads the same files; nobody signed out does
  const other = await newUser(s.base, "ind2");
  expect((await other.client.raw(tag.file)).status).toBe(200);
  expect((await new Client(s.base).raw(tag.file)).status).toBe(404);

  // using a library label counts its use (calls 21–22)
  const use = await client.call("/api/tem.app_public/userUseTem", { id: tag.id });
  expect(use.body.data).toMatchObject({ id: "price-tag", uses: 1 });
});
