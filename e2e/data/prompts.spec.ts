// Prompts at print time (issue 38 "Done when"): a label with a prompted lot number (defined in the data
// source editor), a `today() + 30 days` best-before date and a 3-record sequence. The print dialog asks
// for the lot, says the rule a bad answer breaks and keeps Print disabled until it is valid; the
// printed document (the browser's print frame, printed to PDF by Chromium) carries the typed lot on
// every label. The same label from the command line with --set, a missing answer refused; a formula
// that divides by zero refuses the dialog's job with its message and prints nothing.
import { execFile, execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { serializeTprt } from "../../src/model/file";
import type { LabelDocument } from "../../src/model/types";
import { addAt, clickElement } from "../editor/helpers";
import {
  keepPrintedDocs,
  openPrintDialog,
  type PrintRig,
  printedDocs,
  printedPdf,
  printTo,
  startPrintRig,
  t,
} from "../print/helpers";
import { screenshot } from "../support";

const run = promisify(execFile);
let rig: PrintRig;
let lotId: string;
let bbId: string;
const dir = mkdtempSync(join(tmpdir(), "inkless-prompts-"));

/** The date 30 calendar days from today in this machine's time zone (the browser's), as yyyy-MM-dd. */
function in30Days(): string {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 30);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

type Store = {
  get(): { doc: LabelDocument };
  send(e: unknown): void;
};

/** The best-before text: a formula, then " #" and a sequence of 3 records, through the store hook. */
async function setBestBefore(formula: string) {
  await rig.page.evaluate(
    ({ id, formula }) => {
      const store = (window as unknown as { inklessEditor: Store }).inklessEditor;
      const el = store.get().doc.elements.find((e) => e.Id === id) as unknown as {
        DataSourceList: Record<string, unknown>[];
      };
      const base = el.DataSourceList[0];
      const list = [
        { ...base, DataSourceType: 4, Formula: formula },
        { ...base, DataSourceType: 0, FirstValue: " #", NormalText: " #" },
        { ...base, DataSourceType: 2, InitialValue: "1", FirstValue: "1", AddedValue: 1, Quantity: 3 },
      ];
      store.send({ type: "element.update", id, kind: "Text", patch: { DataSourceList: list } });
    },
    { id: bbId, formula },
  );
}

const pdfText = (file: string, page: number) =>
  execFileSync("pdftotext", ["-f", String(page), "-l", String(page), file, "-"]).toString();

beforeAll(async () => {
  rig = await startPrintRig({
    assistant: false,
    initScript: keepPrintedDocs,
  });
  lotId = await addAt(rig.page, "Text", 0.3, 0.3);
  bbId = await addAt(rig.page, "Text", 0.3, 0.7);
  await setBestBefore(`"BB " & formatDate(today() + 30 days, "yyyy-MM-dd")`);
}, 300_000);
afterAll(async () => {
  await rig?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail")
    await screenshot(rig.page, `prompts-fail-${ctx.task.name.slice(0, 30)}`);
});

describe("a prompted lot number", () => {
  it("is defined in the data source editor", async () => {
    const { page } = rig;
    await clickElement(page, lotId);
    await page.getByTestId("source-type").selectOption("5");
    const name = page.getByTestId("source-prompt-name");
    await name.waitFor();
    expect(await name.inputValue()).toBe("Prompt1");
    const commit = async (testId: string, value: string) => {
      await page.getByTestId(testId).fill(value);
      await page.getByTestId(testId).press("Enter");
    };
    await commit("source-prompt-name", "Lot");
    await commit("source-prompt-text", "Lot number");
    await page.getByTestId("source-prompt-required").check();
    await commit("source-prompt-pattern", "[A-Z]{2}-\\d+");
    // the default is checked against the rules under the fields
    await expect
      .poll(() => page.getByTestId("source-prompt-check").textContent())
      .toBe(t["prompt.error.required"].replace("{{name}}", "Lot"));
    await screenshot(page, "prompts-editor");
    await page.keyboard.press("Escape");
  }, 120_000);

  it("is asked in the print dialog, checked as typed, and printed on every label", async () => {
    const { page } = rig;
    const dialog = await openPrintDialog(page);
    const lot = dialog.getByLabel("Lot number");
    const msg = page.getByTestId("print-prompt-Lot-msg");
    const confirm = dialog.getByRole("button", { name: t["print.dialog.confirm"] });
    await expect.poll(() => msg.textContent()).toBe(t["prompt.error.required"].replace("{{name}}", "Lot"));
    expect(await lot.getAttribute("aria-invalid")).toBe("true");
    expect(await lot.getAttribute("aria-describedby")).toBe(await msg.getAttribute("id"));
    expect(await confirm.isDisabled()).toBe(true);
    await lot.fill("ab-17");
    await expect
      .poll(() => msg.textContent())
      .toBe(t["prompt.error.pattern"].replace("{{name}}", "Lot").replace("{{pattern}}", "[A-Z]{2}-\\d+"));
    expect(await confirm.isDisabled()).toBe(true);
    await lot.fill("AB-17");
    await expect.poll(() => msg.textContent()).toBe("");
    // the preview shows the answer
    await expect
      .poll(() =>
        page
          .getByTestId("print-preview")
          .textContent()
          .then((s) => s?.replace(/\s/g, "")),
      )
      .toContain("AB-17");
    await expect.poll(() => confirm.isDisabled()).toBe(false);
    await screenshot(page, "prompts-dialog");
    await printTo(page, "__browser__");

    const printed = await printedDocs(rig.page);
    expect(printed).toHaveLength(1);
    const pdf = join(dir, "dialog.pdf");
    writeFileSync(pdf, await printedPdf(page, printed[0]));
    const want = in30Days();
    for (const n of [1, 2, 3]) {
      const text = pdfText(pdf, n).replace(/\s+/g, " ");
      expect(text).toContain("AB-17");
      expect(text).toContain(`BB ${want} #${n}`);
    }
  }, 180_000);

  it("is answered with --set from the command line; a missing answer prints nothing", async () => {
    const doc = await rig.page.evaluate(
      () => (window as unknown as { inklessEditor: Store }).inklessEditor.get().doc,
    );
    const file = join(dir, "lot.tprt");
    writeFileSync(file, serializeTprt(doc));
    const label = async (args: string[]) => {
      try {
        await run(process.execPath, ["scripts/run-built.mjs", "label", ...args], {
          env: { ...process.env, LANG: "C", INKLESS_LANG: "" },
        });
        return { code: 0, stderr: "" };
      } catch (e) {
        const x = e as { code: number; stderr: string };
        return { code: x.code, stderr: x.stderr };
      }
    };
    const pdf = join(dir, "cli.label.pdf");
    const ok = await label(["render", file, "--out", pdf, "--set", "Lot=CD-42", "--quiet"]);
    expect(ok.code, ok.stderr).toBe(0);
    for (const n of [1, 2, 3]) {
      const text = pdfText(pdf, n).replace(/\s+/g, " ");
      expect(text).toContain("CD-42");
      expect(text).toContain(`BB ${in30Days()} #${n}`);
    }
    const refused = join(dir, "refused.label.pdf");
    const bad = await label(["render", file, "--out", refused, "--quiet"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim()).toBe(
      t["cli.error.prompt"].replace("{{reason}}", t["prompt.error.required"].replace("{{name}}", "Lot")),
    );
    expect(existsSync(refused)).toBe(false);
  }, 300_000);

  it("a formula that divides by zero refuses the dialog's job with its message; nothing is printed", async () => {
    const { page } = rig;
    await setBestBefore(`"BB " & 1 / (2 - 2)`);
    const before = (await printedDocs(rig.page)).length;
    const dialog = await openPrintDialog(page);
    await dialog.getByLabel("Lot number").fill("AB-18");
    const confirm = dialog.getByRole("button", { name: t["print.dialog.confirm"] });
    await expect.poll(() => confirm.isDisabled()).toBe(false);
    await page.getByTestId("print-printer").selectOption("__browser__");
    await confirm.click();
    const failure = page.getByTestId("print-failure");
    await failure.waitFor();
    const element = await page.evaluate(
      (id) =>
        (window as unknown as { inklessEditor: Store }).inklessEditor
          .get()
          .doc.elements.find((e) => e.Id === id)?.Name,
      bbId,
    );
    expect(await failure.locator("p").textContent()).toBe(
      t["print.prompts.formula"]
        .replace("{{element}}", element ?? "")
        .replace("{{record}}", "1")
        .replace("{{reason}}", t["formula.error.divisionByZero"])
        .replace("{{pos}}", "11"),
    );
    expect((await printedDocs(rig.page)).length).toBe(before);
    await screenshot(page, "prompts-formula-refused");
  }, 180_000);
});
