// The industry library as the server publishes it: listed in the caller's language, each template's
// file and cover readable by every signed-in user and by nobody signed out; usage counted (21–22).
// Each template prints its texts in the caller's language (issue 34): read back from the file and
// from its PDF with pdftotext.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { writePdf } from "../../src/export/pdf/document";
import { nodeDecoder } from "../../src/export/pdf/images";
import { concat } from "../../src/export/pdf/writer";
import { translate } from "../../src/i18n/messages";
import type { Language } from "../../src/model/constants";
import { parseLabelFile } from "../../src/model/file";
import type { LabelDocument } from "../../src/model/types";
import { FontRegistry } from "../../src/render/fonts";
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

/** How many library files (a template's and its cover) the store holds, by language. */
async function storedByLanguage(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const f of await s.app.services.files.list("_library/industry/")) {
    const lang = /-([a-z]{2})-[0-9a-f]{10}\.(tprt|svg)$/.exec(f.key)?.[1] ?? f.key;
    out[lang] = (out[lang] ?? 0) + 1;
  }
  return out;
}

it("publishes the default language's set at first start, another language's when first asked in it", async () => {
  expect(await storedByLanguage()).toEqual({ en: total * 2 });
  const { client } = await newUser(s.base, "indpt");
  client.lang = "pt";
  const r = await client.call("/api/tem.app_public/getIndustryTemplateList");
  const { industries, list } = r.body.data;
  // all of it, named in Portuguese, each with its cover
  expect(list).toHaveLength(total);
  expect(list.every((t: { image: string }) => t.image)).toBe(true);
  expect(industries.find((i: { id: string }) => i.id === "food").name).toBe(
    translate("industry.category.food", {}, "pt"),
  );
  expect(await storedByLanguage()).toEqual({ en: total * 2, pt: total * 2 });
  expect(s.logs.filter((l) => l.includes("not drawn"))).toEqual([]);
}, 120_000);

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
  // what each template prints, for the page's search, in the caller's language (issue 34)
  const words = list.find((t: { id: string }) => t.id === "nutrition-facts").words;
  expect(words).toContain("Ingredientes: copos de avena");
  expect(words).not.toContain("Ingredients");
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

/** The template `slug` as a user in `lang` opens it: its listed file, parsed. */
async function openAs(lang: Language, slug: string): Promise<LabelDocument> {
  const { client } = await newUser(s.base, `ind-${lang}`);
  client.lang = lang;
  const r = await client.call("/api/tem.app_public/getIndustryTemplateList");
  const entry = r.body.data.list.find((t: { id: string }) => t.id === slug);
  const file = await client.raw(entry.file);
  expect(file.status).toBe(200);
  const parsed = parseLabelFile(new Uint8Array(await file.arrayBuffer()), `${slug}.tprt`);
  if (!parsed.ok) throw new Error(parsed.error.key);
  return parsed.doc;
}

/** The fixed texts a label holds: its text elements and table cells. */
const textsOf = (d: LabelDocument) =>
  d.elements.flatMap((e) =>
    e.Type === "Text" ? [e.Data] : e.Type === "Table" ? e.cells.map((c) => c.Data) : [],
  );

/** The label printed to PDF and read back by poppler. */
async function pdfText(d: LabelDocument): Promise<string> {
  const r = await writePdf(d, { fonts: new FontRegistry(), decoder: nodeDecoder, pageMode: "label" });
  const dir = mkdtempSync(join(tmpdir(), "industry-pdf-"));
  try {
    const path = join(dir, "label.pdf");
    writeFileSync(path, concat(r.chunks));
    return execFileSync("pdftotext", ["-layout", path, "-"], { encoding: "utf8" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

it("a Spanish and a Russian user get the template's texts in their language, an English one in English", async () => {
  const es = await openAs("es", "nutrition-facts");
  expect(textsOf(es)).toContain("Información nutricional");
  expect(textsOf(es)).toContain("Proteínas");
  expect(textsOf(es).join(" ")).not.toContain("Ingredients");
  const ru = await openAs("ru", "nutrition-facts");
  expect(textsOf(ru)).toContain("Пищевая ценность");
  expect(textsOf(ru)).toContain("Белки");
  const en = await openAs("en", "nutrition-facts");
  expect(textsOf(en)).toContain("Nutrition Information");
  expect(textsOf(en)).toContain("Protein");
  // the same label, element for element
  expect(ru.elements.map((e) => e.Id)).toEqual(en.elements.map((e) => e.Id));

  // printed: what the PDF says
  const esPdf = await pdfText(es);
  expect(esPdf).toContain("Información nutricional");
  expect(esPdf).toContain("Ingredientes:");
  expect(esPdf).not.toContain("Ingredients");
  const ruPdf = await pdfText(await openAs("ru", "best-before"));
  expect(ruPdf).toContain("Песто с базиликом");
  expect(ruPdf).toContain("ГОДЕН ДО");
  expect(ruPdf).not.toContain("BEST BEFORE");
  const enPdf = await pdfText(en);
  expect(enPdf).toContain("Nutrition Information");
}, 120_000);
