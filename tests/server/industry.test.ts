// The industry template library: every template is drawn by our renderer and every code on it is
// read back by zxing from the printed page; no text runs out of its box (the text layout module),
// no table cell clips its text, and no element lies outside the label.
import { mkdirSync, writeFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { linearSymbology } from "../../src/codes";
import { resolveValues } from "../../src/data";
import { xDimension } from "../../src/elements/barcode/xdim";
import { translate } from "../../src/i18n/messages";
import { LANGUAGES, type Language } from "../../src/model/constants";
import { parseLabelFile, serializeTprt } from "../../src/model/file";
import type { LabelDocument, LabelElement } from "../../src/model/types";
import { initRaster, pagePng } from "../../src/print/raster";
import type { FontRegistry } from "../../src/render/fonts";
import { prepareRender, renderLabel } from "../../src/render/index";
import { measureTextElement } from "../../src/render/text";
import { buildTemplate, INDUSTRIES } from "../../src/server/seed/industry";
import { TRANSLATED_TEXTS } from "../../src/server/seed/industry/texts";
import { decode } from "../codes/support/zxing";
import { loadedFonts } from "../render/helpers";

let fonts: FontRegistry;
beforeAll(async () => {
  fonts = await loadedFonts();
  await initRaster();
}, 60_000);

const ALL = INDUSTRIES.flatMap((i) => i.templates.map((t) => ({ industry: i.id, t })));
const EPS = 0.01;

/** zxing's format name for an element's symbology. */
function formatOf(el: LabelElement): string {
  if (el.Type === "QRcode")
    return ({ 1: "QRCode", 2: "PDF417", 3: "DataMatrix" } as Record<number, string>)[el.QrCodeType];
  if (el.Type !== "Barcode") return "";
  const name = linearSymbology(el.BarCodeType)?.name ?? "";
  return (
    (
      {
        "Code 128": "Code128",
        "Code 39": "Code39",
        "EAN-13": "EAN-13",
        "UPC-A": "UPC-A",
        "ITF-14": "ITF",
        "GS1-128": "Code128",
      } as Record<string, string>
    )[name] ?? name
  );
}

/** What a code holds as zxing reports it: GS1 element strings without brackets or separators. */
const normalise = (s: string) => s.replaceAll(String.fromCharCode(29), "").replace(/[()]/g, "");

describe("industry templates", () => {
  it("at least 40 templates in at least 8 industries, with unique slugs and names in every language", () => {
    expect(INDUSTRIES.length).toBeGreaterThanOrEqual(8);
    expect(ALL.length).toBeGreaterThanOrEqual(40);
    const slugs = ALL.map((a) => a.t.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const lang of LANGUAGES) {
      for (const i of INDUSTRIES)
        expect(translate(`industry.category.${i.id}`, {}, lang)).not.toBe(`industry.category.${i.id}`);
      for (const { t } of ALL)
        expect(translate(`industry.template.${t.slug}`, {}, lang)).not.toBe(`industry.template.${t.slug}`);
    }
    // each industry has a code on at least one of its labels, and a real label size
    for (const i of INDUSTRIES) {
      const kinds = i.templates.flatMap((t) => buildTemplate(t).elements.map((e) => e.Type));
      expect(
        kinds.some((k) => k === "Barcode" || k === "QRcode"),
        i.id,
      ).toBe(true);
    }
  });

  it.each(ALL.map((a) => [a.industry, a.t.slug, a.t] as const))("%s / %s", async (_ind, slug, t) => {
    const doc: LabelDocument = buildTemplate(t);
    // the file round-trips: what the library ships is what the editor opens
    const parsed = parseLabelFile(serializeTprt(doc), `${slug}.tprt`);
    expect(parsed.ok).toBe(true);
    const d = parsed.ok ? parsed.doc : doc;
    expect(d.elements.length).toBe(doc.elements.length);
    const values = resolveValues(d, 0, new Map());
    const W = d.attrs.width;
    const H = d.attrs.height;

    for (const el of d.elements) {
      const where = `${slug} ${el.Name}`;
      // inside the label
      expect(el.StartX, where).toBeGreaterThanOrEqual(-EPS);
      expect(el.StartY, where).toBeGreaterThanOrEqual(-EPS);
      expect(el.StartX + el.Width, where).toBeLessThanOrEqual(W + EPS);
      expect(el.StartY + el.Height, where).toBeLessThanOrEqual(H + EPS);
      expect(el.Rotate, where).toBe(0);
      // text fits its box
      if (el.Type === "Text" || el.Type === "TimeText") {
        const value = values.get(el.Id) ?? "";
        expect(value, where).not.toBe("");
        const size = measureTextElement(el, value, fonts);
        expect(size.width, `${where} width of "${value}"`).toBeLessThanOrEqual(el.Width + EPS);
        expect(size.height, `${where} height of "${value}"`).toBeLessThanOrEqual(el.Height + EPS);
      }
    }

    // elements do not run into each other: two boxes are apart, or one holds the other (a frame, a
    // filled band behind white text)
    const boxes = d.elements.map((e) => ({
      name: e.Name,
      x0: e.StartX,
      y0: e.StartY,
      x1: e.StartX + e.Width,
      y1: e.StartY + e.Height,
    }));
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1)) {
        const apart = a.x1 <= b.x0 + EPS || b.x1 <= a.x0 + EPS || a.y1 <= b.y0 + EPS || b.y1 <= a.y0 + EPS;
        const holds = (p: typeof a, q: typeof a) =>
          p.x0 <= q.x0 + EPS && p.y0 <= q.y0 + EPS && p.x1 >= q.x1 - EPS && p.y1 >= q.y1 - EPS;
        expect(apart || holds(a, b) || holds(b, a), `${slug}: ${a.name} runs into ${b.name}`).toBe(true);
      }

    await prepareRender(d, { target: "print", dpi: 300, fonts, values });
    const svg = renderLabel(d, { target: "print", dpi: 300, fonts, values });
    // a table cell whose text does not fit is clipped by the renderer
    expect(svg, `${slug}: a table cell clips its text`).not.toContain("clip-path=");

    const png = pagePng(d, [0], (i) => resolveValues(d, i, new Map()), { dpi: 300, fonts });
    if (process.env.INKLESS_INDUSTRY_PNG) {
      mkdirSync(process.env.INKLESS_INDUSTRY_PNG, { recursive: true });
      writeFileSync(`${process.env.INKLESS_INDUSTRY_PNG}/${slug}.png`, png);
    }
    const codes = d.elements.filter((e) => e.Type === "Barcode" || e.Type === "QRcode");
    for (const el of codes) {
      // printable at the label's resolution (203 dpi): whole dots per module, and EAN/UPC at the
      // GS1 minimum X-dimension that shop scanners need
      const x = xDimension(el, values.get(el.Id) ?? "", d.attrs);
      expect(x, `${slug} ${el.Name}`).toBeDefined();
      expect(x?.issue, `${slug} ${el.Name}: ${x?.mm} mm modules`).toBeUndefined();
    }
    for (const el of codes) {
      const expected = normalise(values.get(el.Id) ?? "");
      const read = await decode(png, { formats: [formatOf(el) as never], maxNumberOfSymbols: 8 });
      // zxing may report UPC-A in its EAN-13 form (a leading 0)
      const texts = read.map((r) => normalise(r.text)).flatMap((x) => [x, x.replace(/^0(\d{12})$/, "$1")]);
      expect(texts, `${slug} ${el.Name}`).toContain(expected);
    }
  });
});

// Issue 34: a template prints its fixed texts in the user's language, in the English layout, and
// every translation still fits its box (the measure the editor uses) and every table cell its cell.
describe("industry templates in every language", () => {
  /** Every fixed text of a document: text values, prefixes and suffixes, table cells. */
  const texts = (d: LabelDocument) =>
    d.elements.flatMap((e) => [
      ...(e.Type === "Text" || e.Type === "TimeText" ? [e.TextPrefix, e.TextSuffix] : []),
      ...(e.Type === "Text" ? [e.Data] : []),
      ...(e.Type === "Table" ? e.cells.map((c) => c.Data) : []),
    ]);

  it("the table translates only what a template prints", () => {
    const printed = new Set(ALL.flatMap(({ t }) => texts(buildTemplate(t))));
    expect(TRANSLATED_TEXTS.filter((s) => !printed.has(s))).toEqual([]);
  });

  it("Spanish, Russian and Chinese users get the texts in their language; English stays English", () => {
    const nutrition = ALL.find((a) => a.t.slug === "nutrition-facts")?.t;
    if (!nutrition) throw new Error("nutrition-facts");
    const joined = (lang: Language) => texts(buildTemplate(nutrition, lang)).join(" ");
    expect(joined("en")).toContain("Ingredients: rolled oats");
    expect(joined("es")).toContain("Ingredientes: copos de avena");
    expect(joined("es")).not.toContain("Ingredients");
    expect(joined("ru")).toContain("Состав: овсяные хлопья");
    expect(joined("ru")).toContain("Пищевая ценность");
    expect(joined("zh")).toContain("营养成分表");
    expect(joined("pt")).toContain("Informação Nutricional");
    // a date that names its month in English is numeric in the other languages
    const due = ALL.find((a) => a.t.slug === "due-date")?.t;
    if (!due) throw new Error("due-date");
    const format = (lang: Language) =>
      buildTemplate(due, lang).elements.flatMap((e) => (e.Type === "TimeText" ? [e.DateFormat] : []));
    expect(format("en")).toEqual(["dd MMM yyyy"]);
    expect(format("ru")).toEqual(["dd.MM.yyyy"]);
    expect(format("es")).toEqual(["dd/MM/yyyy"]);
  });

  it.each(LANGUAGES.filter((l) => l !== "en"))(
    "%s: same layout, every text fits its box",
    async (lang) => {
      let translated = 0;
      for (const { t } of ALL) {
        const en = buildTemplate(t);
        const d = buildTemplate(t, lang);
        const enTexts = texts(en);
        translated += texts(d).filter((s, i) => s !== enTexts[i]).length;
        // the same elements in the same places
        expect(d.elements.map((e) => [e.Type, e.StartX, e.StartY, e.Width, e.Height])).toEqual(
          en.elements.map((e) => [e.Type, e.StartX, e.StartY, e.Width, e.Height]),
        );
        const values = resolveValues(d, 0, new Map());
        for (const el of d.elements) {
          if (el.Type !== "Text" && el.Type !== "TimeText") continue;
          const value = values.get(el.Id) ?? "";
          const where = `${lang} ${t.slug} ${el.Name} "${value}"`;
          const size = measureTextElement(el, value, fonts);
          expect.soft(size.width, `${where} width`).toBeLessThanOrEqual(el.Width + EPS);
          expect.soft(size.height, `${where} height`).toBeLessThanOrEqual(el.Height + EPS);
        }
        await prepareRender(d, { target: "print", dpi: 300, fonts, values });
        const svg = renderLabel(d, { target: "print", dpi: 300, fonts, values });
        expect(svg, `${lang} ${t.slug}: a table cell clips its text`).not.toContain("clip-path=");
      }
      // the labels print in the language: most of their words are translated
      expect(translated).toBeGreaterThan(100);
    },
    120_000,
  );
});
