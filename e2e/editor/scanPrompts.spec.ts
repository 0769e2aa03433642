// Scan-to-print asks the label's prompts (issue 38): a label whose barcode is a prompt ("Lot number")
// and whose text is the key column of a small sheet. The scan panel asks the prompt first, in the
// print dialog's form (checked as typed, Start scanning disabled while an answer breaks its rule); a
// scan before that prints nothing. After Start, print on scan prints the scanned record with the
// answer: the printed barcode decodes to it. "Change answers" asks again and the next label carries
// the new answer.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as XLSX from "@e965/xlsx";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { decode } from "../../tests/codes/support/zxing";
import { decodeTspl, toRgba } from "../../tests/print/support/decodeJob";
import { openPrintDialog, type PrintRig, printTo, startPrintRig, t } from "../print/helpers";
import { newUser, screenshot } from "../support";
import { addAt, clickElement } from "./helpers";

const PRINTER = "Shelf TSPL";
const dir = mkdtempSync(join(tmpdir(), "inkless-scan-prompts-"));
const member = newUser();
let rig: PrintRig;

function makeXlsx(): string {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    wb,
    XLSX.utils.aoa_to_sheet([["Name"], ["Apple"], ["Pear"], ["Plum"]]),
    "Fruit",
  );
  const path = join(dir, "fruit.xlsx");
  writeFileSync(path, XLSX.write(wb, { type: "buffer", bookType: "xlsx" }) as Buffer);
  return path;
}

beforeAll(async () => {
  rig = await startPrintRig({
    printers: { [PRINTER]: "TSPL" },
    // the exact picture: this test reads the job's bitmap (the printer's commands: nativePreview.spec.ts)
    sendAs: { [PRINTER]: "picture" },
    query: "?labelStatus=add",
    env: { INKLESS_MEMBERS: member.account },
    user: member,
  });
  const { page } = rig;
  const textId = await addAt(page, "Text", 0.3, 0.2);
  const codeId = await addAt(page, "Barcode", 0.4, 0.6);
  await clickElement(page, textId);
  await page.getByTestId("source-type").selectOption("1");
  await page.getByTestId("sheet-upload-input").setInputFiles(makeXlsx());
  await page.waitForFunction(
    () => document.querySelector('[data-testid="sheet-file-name"]')?.textContent === "fruit.xlsx",
  );
  await clickElement(page, codeId);
  await page.getByTestId("source-type").selectOption("5");
  const commit = async (testId: string, value: string) => {
    await page.getByTestId(testId).fill(value);
    await page.getByTestId(testId).press("Enter");
  };
  await page.getByTestId("source-prompt-name").waitFor();
  await commit("source-prompt-name", "Lot");
  await commit("source-prompt-text", "Lot number");
  await page.getByTestId("source-prompt-required").check();
  await commit("source-prompt-pattern", "[A-Z]{2}-\\d+");
  await commit("source-prompt-default", "AA-1");
  await page.keyboard.press("Escape");
}, 180_000);

afterAll(async () => {
  await rig?.close();
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail" && rig)
    await screenshot(rig.page, `scan-prompts-fail-${ctx.task.name.slice(0, 30)}`);
});

const readCode = async (job: Promise<Buffer>) => {
  const [p] = decodeTspl(await job).pages;
  return (await decode(toRgba(p), { formats: ["Code128"] }))[0]?.text ?? "";
};

describe("scan to print with a prompt", () => {
  it("asks the prompt before the session, prints the scanned record with the answer, and asks again on Change", async () => {
    const { page } = rig;
    const fake = rig.printers.get(PRINTER);
    if (!fake) throw new Error("no printer");
    // a first print from the dialog makes the printer the quick-print printer (with the default)
    const first = fake.nextJob();
    await openPrintDialog(page);
    await printTo(page, PRINTER);
    expect(await readCode(first)).toBe("AA-1");
    const printedBefore = fake.printed.length;

    await page.getByTestId("scan-open").click();
    const panel = page.getByTestId("scan-panel");
    await panel.waitFor();
    const prompts = page.getByTestId("scan-prompts");
    await prompts.waitFor();
    const lot = prompts.getByLabel("Lot number");
    const start = page.getByTestId("scan-prompts-start");
    const msg = page.getByTestId("print-prompt-Lot-msg");
    expect(await lot.inputValue()).toBe("AA-1");
    await lot.fill("ab-5");
    await expect
      .poll(() => msg.textContent())
      .toBe(t["prompt.error.pattern"].replace("{{name}}", "Lot").replace("{{pattern}}", "[A-Z]{2}-\\d+"));
    expect(await lot.getAttribute("aria-invalid")).toBe("true");
    expect(await start.isDisabled()).toBe(true);
    await page.getByTestId("scan-print-on-scan").check();
    // a scan before the answers are given prints nothing and says why
    await page.getByTestId("scan-code").fill("Pear");
    await page.getByTestId("scan-code").press("Enter");
    await page.waitForFunction(
      (want) => [...document.querySelectorAll(".toast-text")].some((n) => n.textContent === want),
      t["editor.scan.prompts.first"],
    );
    await lot.fill("LT-42");
    await expect.poll(() => start.isDisabled()).toBe(false);
    await screenshot(page, "scan-prompts");
    await start.click();
    await prompts.waitFor({ state: "detached" });
    expect(await page.getByTestId("scan-answers").textContent()).toContain(
      t["editor.scan.prompts.summary"].replace("{{answers}}", "Lot number: LT-42"),
    );

    const job = fake.nextJob();
    await page.getByTestId("scan-code").fill("Pear");
    await page.getByTestId("scan-code").press("Enter");
    expect(await readCode(job)).toBe("LT-42");
    // the record printed is the one scanned, nothing printed before it
    expect(fake.printed).toHaveLength(printedBefore + 1);

    // Change answers asks again; the next label carries the new answer
    await page.getByTestId("scan-prompts-change").click();
    await prompts.getByLabel("Lot number").fill("LT-43");
    await page.getByTestId("scan-prompts-start").click();
    const next = fake.nextJob();
    await page.getByTestId("scan-code").fill("Plum");
    await page.getByTestId("scan-code").press("Enter");
    expect(await readCode(next)).toBe("LT-43");
  }, 240_000);
});
