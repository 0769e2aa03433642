// The editor's printer template export (issue 36) in the built app: the save menu's "Printer
// template (ZPL)" and "(TSPL)" entries, the resolution dialog (the label's own first), the file made
// in the template worker and downloaded, its read-me (fields, the ERP's recall or call line). The
// downloaded ZPL is then filled as an ERP would, with the read-me's ^XF recall and values of its own,
// through our ZPL reader (the stored format kept, played back at the recall): the codes decode
// (zxing) to the values sent and the texts carry them, in the font the template downloaded. The
// TSPL program is run the same way with the test's TSPL reader.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { emptyDocument } from "../../src/model/defaults";
import { createElement } from "../../src/model/kinds";
import { boundTo } from "../../src/model/kinds/parts";
import type { LabelElement } from "../../src/model/types";
import { readZpl } from "../../src/zpl";
import { redrawn, scanned, tsplLabels } from "../../tests/print/support/nativeJob";
import { TEMPLATE_FIELDS, templateLabel } from "../../tests/print/support/templateLabel";
import { openEditor } from "../editor/helpers";
import { axeViolations, launchBrowser, newContext, type RunningApp, screenshot, startApp } from "../support";
import { openDoc } from "./helpers";

const t = en as Record<string, string>;
let app: RunningApp;
let browser: Browser;
let page: Page;
const dir = mkdtempSync(join(tmpdir(), "inkless-e2e-template-"));

/** What an ERP sends for one label: its own values, never written in the template. */
const ERP = {
  Miasto: "Gdańsk-77",
  Poli: "Σπάρτη-77",
  Parcel: "PL-7777",
  Link: "https://inkless.test/p/7777",
} as const;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  page = await (await newContext(browser)).newPage();
  await openEditor(page, app.baseUrl);
  await openDoc(page, dir, templateLabel(2), "parcel");
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The save menu's template entry, both records, the resolution dialog; answers the file and the read-me. */
async function exportTemplate(kind: "zpl" | "tspl", shot = false) {
  await page.getByTestId("save-menu").click();
  const entry = page.getByRole("menuitem", { name: t[`editor.save.${kind}`] });
  await entry.waitFor();
  if (shot) await screenshot(page, "template-menu");
  await entry.click();
  // two records: the range dialog first (all of them are written as recalls after the template)
  await page.getByTestId("batch-export").click();
  const language = kind.toUpperCase();
  const options = page.getByRole("dialog", {
    name: t["editor.template.title"].replace("{{language}}", language),
  });
  const dpi = options.getByRole("combobox", { name: t["editor.template.dpi"] });
  // the label's own target resolution first
  expect(await dpi.inputValue()).toBe("203");
  if (shot) {
    await screenshot(page, "template-options");
    expect(await axeViolations(page)).toEqual([]);
  }
  const download = page.waitForEvent("download", { timeout: 120_000 });
  await options.getByRole("button", { name: t["editor.batch.export"] }).click();
  const dl = await download;
  expect(dl.suggestedFilename()).toBe(`Parcel PL.${kind}`);
  const path = join(dir, dl.suggestedFilename());
  await dl.saveAs(path);
  const done = page.getByRole("dialog", { name: t["editor.template.doneTitle"] });
  const region = done.getByRole("region", { name: t["editor.template.readmeLabel"] });
  const readme = await region.innerText();
  if (shot) {
    await screenshot(page, "template-readme");
    expect(await axeViolations(page)).toEqual([]);
  }
  // the read-me downloads as it reads
  const txt = page.waitForEvent("download");
  await done.getByRole("button", { name: t["editor.template.saveReadme"] }).click();
  const readmePath = join(dir, (await txt).suggestedFilename());
  await (await txt).saveAs(readmePath);
  expect(readFileSync(readmePath, "utf8").trim()).toBe(readme.trim());
  await done.getByRole("button", { name: t["editor.dialog.close"] }).click();
  await done.waitFor({ state: "detached" });
  return { bytes: readFileSync(path), readme };
}

/** The read-me's call line with the ERP's values in place of each <field>. */
function erpCall(readme: string, start: string): string {
  const lines = readme.split("\n").map((l) => l.trim());
  const at = lines.findIndex((l) => l.startsWith(start));
  expect(at).toBeGreaterThan(-1);
  let call = start === "^XA" ? lines[at] : lines.slice(at, at + TEMPLATE_FIELDS.length + 1).join("\r\n");
  for (const [field, value] of Object.entries(ERP)) call = call.replace(`<${field}>`, value);
  expect(call).not.toMatch(/<[A-Za-z]+>/);
  return `${call}${start === "^XA" ? "\n" : "\r\n"}`;
}

/** The label the printer prints for the ERP's call, read back by our ZPL reader: texts and codes. */
async function printed(zpl: string) {
  const read = await readZpl(new TextEncoder().encode(zpl), { dpi: 203 });
  expect(read.unknown).toEqual([]);
  const doc = read.docs[read.docs.length - 1];
  const texts = doc.elements.filter((el) => el.Type === "Text");
  const pages = await redrawn(zpl);
  return { texts, codes: await scanned(pages[pages.length - 1]) };
}

function expectErpValues(p: Awaited<ReturnType<typeof printed>>) {
  expect(p.codes).toEqual([ERP.Parcel, ERP.Link].sort());
  for (const value of [ERP.Miasto, ERP.Poli]) {
    const el = p.texts.find((e) => e.Type === "Text" && e.Data === value);
    // in the label's face the template carried into the printer (Ł, ń and Greek are outside its own font)
    expect(el?.Type === "Text" && el.FontFamily).toMatch(/^ZPL F[0-9A-F]{7} /);
  }
}

describe("printer template export", () => {
  it("ZPL: from the menu, a ^DF stored format whose ^FN fields are the data sources; the read-me's ^XF recall prints the ERP's values", async () => {
    const { bytes, readme } = await exportTemplate("zpl", true);
    const text = bytes.toString("utf8");
    expect(text).toContain("^DFE:PARCELPL.ZPL^FS");
    TEMPLATE_FIELDS.forEach((f, i) => {
      expect(text).toContain(`^FN${i + 1}"${f.name}"`);
      expect(readme).toContain(`^FN${i + 1}  ${f.name}`);
    });
    // the file itself prints the label's two records
    const own = await printed(text);
    expect(own.codes).toEqual(["PL-1002", "https://inkless.test/p/1002"].sort());
    expectErpValues(await printed(text + erpCall(readme, "^XA")));
  }, 240_000);

  it("TSPL: from the menu, a DOWNLOAD program with a variable per data source; the read-me's call prints the ERP's values", async () => {
    const { bytes, readme } = await exportTemplate("tspl");
    const text = bytes.toString("latin1");
    expect(text).toContain('DOWNLOAD F,"PARCELPL.BAS"\r\n');
    TEMPLATE_FIELDS.forEach((f, i) => {
      expect(readme).toContain(`V${i + 1}$  ${f.name}`);
    });
    // the program as downloaded (fonts and all, up to its end), then only the ERP's call
    const end = text.indexOf("EOP\r\n") + 5;
    const job = Buffer.concat([bytes.subarray(0, end), Buffer.from(erpCall(readme, 'V1$="'), "utf8")]);
    const labels = tsplLabels(job, { width: 800, height: 480 });
    expect(labels).toHaveLength(1);
    expectErpValues(await printed(labels[0]));
  }, 240_000);

  it("a label with no changing fields: the read-me says the template prints as it is, recalled by name, no field or escaping advice", async () => {
    const els: LabelElement[] = [];
    els.push({ ...createElement("Text", els, { x: 5, y: 5 }), ...boundTo("Shelf A"), FontSize: 14 });
    const blank = emptyDocument({ width: 60, height: 30 });
    await openDoc(page, dir, { ...blank, attrs: { ...blank.attrs, name: "Shelf" }, elements: els }, "shelf");
    await page.getByTestId("save-menu").click();
    await page.getByRole("menuitem", { name: t["editor.save.zpl"] }).click();
    const options = page.getByRole("dialog", {
      name: t["editor.template.title"].replace("{{language}}", "ZPL"),
    });
    const download = page.waitForEvent("download", { timeout: 120_000 });
    await options.getByRole("button", { name: t["editor.batch.export"] }).click();
    await download;
    const done = page.getByRole("dialog", { name: t["editor.template.doneTitle"] });
    const readme = await done.getByRole("region", { name: t["editor.template.readmeLabel"] }).innerText();
    await screenshot(page, "template-readme-fixed");
    expect(readme).toContain(t["editor.template.readme.noFields"]);
    expect(readme).toContain(t["editor.template.readme.callFixed"]);
    expect(readme).toContain("^XA^CI28^XFE:SHELF.ZPL^FS");
    expect(readme).not.toContain(t["editor.template.readme.zplEscape"]);
    expect(readme).not.toContain("<");
    await done.getByRole("button", { name: t["editor.dialog.close"] }).click();
  }, 240_000);
});
