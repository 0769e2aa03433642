// A 3-record label (a sequence) printed from the editor with the record-selection dialog in
// between (issue 9 "Done when"): 2 copies of each record to the browser (its print document printed
// to PDF by Chromium), to a TSPL and to a ZPL printer through the assistant (jobs decoded to dots);
// and a partial choice (record 2 left out, record 3 twice; nothing chosen → tip52).
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Page as Dots, decodeTspl, decodeZpl } from "../../tests/print/support/decodeJob";
import { addAt } from "../editor/helpers";
import { screenshot } from "../support";
import {
  chooseRecords,
  keepPrintedDocs,
  makeSequence,
  openPrintDialog,
  type PrintRig,
  printedDocs,
  printedPdf,
  printTo,
  recordRow,
  startPrintRig,
  t,
} from "./helpers";

let rig: PrintRig;

/** The dots of each label as text, to compare labels with each other. */
const faces = (pages: readonly Dots[]) => pages.map((p) => Buffer.from(p.dots).toString("base64"));

/** Labels r1, r1, r2, r2, r3, r3: equal in pairs, different between records. */
function expectTwoOfEach(pages: readonly Dots[]) {
  expect(pages.map((p) => [p.width, p.height])).toEqual(Array.from({ length: 6 }, () => [800, 640]));
  const [a, a2, b, b2, c, c2] = faces(pages);
  expect([a2, b2, c2]).toEqual([a, b, c]);
  expect(new Set([a, b, c]).size).toBe(3);
}

beforeAll(async () => {
  rig = await startPrintRig({
    printers: { "Shelf TSPL": "TSPL", "Shelf ZPL": "ZPL" },
    // the jobs are read back as their pictures' dots (a numbered text goes as TEXT / ^A@ by default)
    sendAs: { "Shelf TSPL": "picture", "Shelf ZPL": "picture" },
    initScript: keepPrintedDocs,
  });
  const id = await addAt(rig.page, "Text", 0.5, 0.5);
  await makeSequence(rig.page, id, 3);
  await rig.page.keyboard.press("Escape");
}, 300_000);

afterAll(async () => {
  await rig?.close();
});

describe("3 records, 2 copies each, chosen in the record-selection dialog", () => {
  it("to a TSPL printer through the assistant", async () => {
    await openPrintDialog(rig.page);
    await expect.poll(() => rig.page.getByTestId("print-range").textContent()).toBe("1-3");
    await chooseRecords(rig.page, { 1: 2, 2: 2, 3: 2 });
    await expect.poll(() => rig.page.getByTestId("print-page").textContent()).toBe("1 / 6");
    const job = rig.printers.get("Shelf TSPL")?.nextJob();
    await printTo(rig.page, "Shelf TSPL");
    const tspl = decodeTspl(await (job as Promise<Buffer>));
    expect(tspl.pages.every((p) => p.copies === 1)).toBe(true);
    expectTwoOfEach(tspl.pages);
  }, 120_000);

  it("to a ZPL printer through the assistant", async () => {
    await openPrintDialog(rig.page);
    await chooseRecords(rig.page, { 1: 2, 2: 2, 3: 2 });
    const job = rig.printers.get("Shelf ZPL")?.nextJob();
    await printTo(rig.page, "Shelf ZPL");
    expectTwoOfEach(decodeZpl(await (job as Promise<Buffer>)));
  }, 120_000);

  it("to the browser: 6 pages of 100 × 80 mm with the records' text", async () => {
    await openPrintDialog(rig.page);
    await chooseRecords(rig.page, { 1: 2, 2: 2, 3: 2 });
    await printTo(rig.page, "__browser__");
    const printed = await printedDocs(rig.page);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain("@page{size:100mm 80mm;margin:0}");
    // the print document, printed to PDF by Chromium as the print dialog would
    const pdf = await printedPdf(rig.page, printed[0]);
    const dir = mkdtempSync(join(tmpdir(), "inkless-browser-print-"));
    writeFileSync(join(dir, "job.pdf"), pdf);
    const info = execFileSync("pdfinfo", ["-f", "1", "-l", "99", join(dir, "job.pdf")]).toString();
    const sizes = [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => [
      +m[1],
      +m[2],
    ]);
    expect(sizes).toHaveLength(6);
    // Chromium rounds the page box to its CSS pixel grid: within 1 pt of 100 × 80 mm
    for (const [w, h] of sizes) {
      expect(Math.abs(w - (100 / 25.4) * 72)).toBeLessThan(1);
      expect(Math.abs(h - (80 / 25.4) * 72)).toBeLessThan(1);
    }
    const pages = [1, 2, 3, 4, 5, 6].map((n) =>
      execFileSync("pdftotext", ["-f", String(n), "-l", String(n), join(dir, "job.pdf"), "-"])
        .toString()
        .trim(),
    );
    expect(pages).toEqual(["A-001", "A-001", "A-002", "A-002", "A-003", "A-003"]);
  }, 120_000);
});

describe("record selection", () => {
  it("leaves out records and sets copies per row; nothing chosen shows tip52", async () => {
    const dialog = await openPrintDialog(rig.page);
    expect(await rig.page.getByTestId("print-page").textContent()).toBe("1 / 3");
    await dialog.getByRole("button", { name: t["print.dialog.choose"] }).click();
    const records = rig.page.getByTestId("print-records");
    await records.waitFor();
    for (const n of [1, 2, 3]) expect(await recordRow(records, n).check.isChecked()).toBe(true);
    // styled like the rest of the app, not the browser's bare controls (issue 34): every field and
    // button rounded as the print dialog's, the checkboxes in the brand colour
    const looks = await records.evaluate((root) =>
      [...root.querySelectorAll("button, select, input")].map((el) => {
        const s = getComputedStyle(el);
        return el.getAttribute("type") === "checkbox" ? s.accentColor : s.borderRadius;
      }),
    );
    expect(new Set(looks)).toEqual(new Set(["6px", "rgb(37, 99, 235)"]));
    await screenshot(rig.page, "print-records-chooser");
    // nothing chosen → tip52, the dialog stays
    await records.getByRole("checkbox", { name: t["print.records.all"] }).uncheck();
    await records.getByRole("button", { name: t["print.dialog.confirm"] }).click();
    await rig.page.getByText(t["tip.tip52"]).first().waitFor();
    await recordRow(records, 1).check.check();
    await recordRow(records, 3).check.check();
    const copies3 = recordRow(records, 3).copies;
    await copies3.fill("2x");
    expect(await copies3.inputValue()).toBe("2");
    await records.getByRole("button", { name: t["print.dialog.confirm"] }).click();
    await records.waitFor({ state: "detached" });
    await expect.poll(() => rig.page.getByTestId("print-range").textContent()).toBe("1,3");
    await expect.poll(() => rig.page.getByTestId("print-page").textContent()).toBe("1 / 3");
    const job = rig.printers.get("Shelf TSPL")?.nextJob();
    await printTo(rig.page, "Shelf TSPL");
    const tspl = decodeTspl(await (job as Promise<Buffer>));
    // record 1 once, record 3 twice: three labels of 100 × 80 mm
    expect(tspl.pages.map((p) => [p.width, p.height, p.copies])).toEqual([
      [800, 640, 1],
      [800, 640, 1],
      [800, 640, 1],
    ]);
    const [a, b, c] = faces(tspl.pages);
    expect(b).toBe(c);
    expect(a).not.toBe(b);
  }, 120_000);
});
