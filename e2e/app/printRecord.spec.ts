// Print records and the personal centre (issue 17): a 3-record label printed to a fake TSPL printer
// through the print assistant (records 1 twice and 3, 2 copies) writes exactly one record, which
// /printRecord lists with its printer, records, copies and totals; Reprint opens the label with the
// print dialog on the same records and copies and prints the same labels again; a print handed to
// the browser is listed as sent to the browser's print dialog; "Export my data"
// downloads a zip whose template reads back as the printed label; "Cancel my account" ends the
// session and the account can no longer sign in.
import { readFileSync } from "node:fs";
import { unzipSync } from "fflate";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseLabelFile } from "../../src/model/file/index";
import { decodeTspl } from "../../tests/print/support/decodeJob";
import { addAt } from "../editor/helpers";
import {
  chooseRecords,
  makeSequence,
  openPrintDialog,
  type PrintRig,
  printTo,
  startPrintRig,
  t,
} from "../print/helpers";
import {
  apiPost,
  appUrl,
  chooseFromUserMenu,
  fillLogin,
  newUser,
  screenshot,
  waitForRoute,
  waitForToast,
} from "../support";

const user = newUser();
let rig: PrintRig;

beforeAll(async () => {
  rig = await startPrintRig({
    printers: { "Shelf TSPL": "TSPL" },
    // the jobs are compared as pictures (decoded dots): the exact picture, not the printer's text
    sendAs: { "Shelf TSPL": "picture" },
    user,
    // the browser path ends in the print frame's window.print(): nothing to print here
    initScript: () => {
      window.print = () => {};
    },
  });
  const id = await addAt(rig.page, "Text", 0.5, 0.5);
  await makeSequence(rig.page, id, 3);
  await rig.page.keyboard.press("Escape");
}, 120_000);
afterAll(async () => {
  await rig?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail" && rig)
    await screenshot(rig.page, `print-record-fail-${ctx.task.name.slice(0, 30)}`);
});

const records = async () =>
  (await apiPost(rig.page, "/api/tem.app_public/getPrintHistory", {})).data as unknown[];

/** Each printed page as its copies and dots (to compare two jobs). */
const faces = (job: Buffer) =>
  decodeTspl(job).pages.map((p) => `${p.copies}:${Buffer.from(p.dots).toString("base64")}`);

let firstJob: string[] = [];

describe("print records", () => {
  it("a print from the dialog writes exactly one record, listed with its printer, records and totals", async () => {
    await openPrintDialog(rig.page);
    await chooseRecords(rig.page, { 1: 2, 3: 1 });
    await rig.page.getByTestId("print-copies").fill("2");
    const job = rig.printers.get("Shelf TSPL")?.nextJob();
    await printTo(rig.page, "Shelf TSPL");
    firstJob = faces(await (job as Promise<Buffer>));
    // records 1, 1 and 3, each page printed twice by the printer (the dialog's copies)
    expect(firstJob.map((f) => f.split(":")[0])).toEqual(["2", "2", "2"]);
    expect(firstJob[0]).toBe(firstJob[1]);
    expect(firstJob[2]).not.toBe(firstJob[0]);
    await expect.poll(async () => (await records()).length).toBe(1);

    await rig.page.goto(appUrl(rig.app.baseUrl, "/index"));
    await chooseFromUserMenu(rig.page, t["app.nav.printRecord"]);
    await waitForRoute(rig.page, "/printRecord");
    const row = rig.page.getByTestId("print-record");
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByTestId("print-record-printer").textContent()).toBe(
      `${t["app.printRecord.kind.driver"]} · Shelf TSPL`,
    );
    expect(await row.getByTestId("print-record-records").textContent()).toBe("1 ×2, 3");
    // a picture of the label as printed (its first label), not the template as it is now
    const [rec] = (await records()) as { image: string }[];
    expect(rec.image).toMatch(/\/tprt\/printed\/.+\.png$/);
    const picture = row.getByTestId("print-record-picture");
    expect(await picture.getAttribute("src")).toBe(rec.image);
    expect(await picture.getAttribute("alt")).toBe(
      t["app.printRecord.printedPicture"].replace(
        "{{name}}",
        (await row.getByTestId("print-record-name").textContent()) ?? "",
      ),
    );
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
    expect(await row.getByTestId("print-record-copies").textContent()).toBe("2");
    expect(await row.getByTestId("print-record-labels").textContent()).toBe("6");
    // the cards count labels, and say so
    expect(await rig.page.getByRole("region", { name: t["app.printRecord.totals"] }).count()).toBe(1);
    expect(await rig.page.getByRole("heading", { name: t["app.printRecord.totals"] }).isVisible()).toBe(true);
    for (const k of ["today", "week", "month", "kept"])
      await expect
        .poll(() => rig.page.getByTestId(`print-total-${k}`).locator("strong").textContent())
        .toBe("6");
    // the label-name filter: another name finds nothing
    await rig.page.getByTestId("print-filter-keyword").fill("no such label");
    await rig.page.getByRole("button", { name: t["app.printRecord.search"] }).click();
    await rig.page.getByTestId("print-record-empty").waitFor();
    await rig.page.getByRole("button", { name: t["app.printRecord.clear"] }).click();
    await expect.poll(() => row.count()).toBe(1);
  }, 120_000);

  it("reprint opens the print dialog on the same records and copies and prints the same labels", async () => {
    await rig.page.getByTestId("print-record-reprint").click();
    const dialog = rig.page.getByTestId("print-dialog");
    await dialog.waitFor();
    await expect.poll(() => rig.page.getByTestId("print-range").textContent()).toBe("1,3");
    expect(await rig.page.getByTestId("print-copies").inputValue()).toBe("2");
    await expect.poll(() => rig.page.getByTestId("print-page").textContent()).toBe("1 / 3");
    const job = rig.printers.get("Shelf TSPL")?.nextJob();
    await printTo(rig.page, "Shelf TSPL");
    expect(faces(await (job as Promise<Buffer>))).toEqual(firstJob);
    await expect.poll(async () => (await records()).length).toBe(2);
    // each opening of the print dialog counted one use of the user's cloud template (spec call 23):
    // this third call is the third use
    const [latest] = (await records()) as { template_id: string }[];
    const third = await apiPost(rig.page, "/api/tem.app_public/userPrivateUserTem", {
      id: latest.template_id,
    });
    expect(third.data.uses).toBe(3);
    await rig.page.goto(appUrl(rig.app.baseUrl, "/printRecord"));
    await expect
      .poll(() => rig.page.getByTestId("print-total-today").locator("strong").textContent())
      .toBe("12");
  }, 120_000);

  it("a print handed to the browser is listed as sent to the browser's print dialog", async () => {
    await rig.page.getByTestId("print-record-reprint").first().click();
    await rig.page.getByTestId("print-dialog").waitFor();
    await printTo(rig.page, "__browser__");
    await expect.poll(async () => (await records()).length).toBe(3);
    await rig.page.goto(appUrl(rig.app.baseUrl, "/printRecord"));
    const newest = rig.page.getByTestId("print-record").first();
    await newest.waitFor();
    // not "printed": the user may still have cancelled the browser's own dialog
    expect(await newest.getByTestId("print-record-printer").textContent()).toBe(
      t["app.printRecord.browserSent"],
    );
    await screenshot(rig.page, "print-record-browser");
  }, 120_000);
});

describe("personal centre", () => {
  it("exports my data: the zip's template is the printed label", async () => {
    await rig.page.goto(appUrl(rig.app.baseUrl, "/user"));
    const download = rig.page.waitForEvent("download");
    await rig.page.getByTestId("user-export").click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^inkless-data-\d{4}-\d\d-\d\d\.zip$/);
    const path = await file.path();
    const zip = unzipSync(new Uint8Array(readFileSync(path)));
    const saved = Object.keys(zip).filter(
      (k) => k.startsWith("templates/") && k.includes(t["app.home.defaultLabelName"]),
    );
    expect(saved).toHaveLength(1);
    const label = parseLabelFile(zip[saved[0]], saved[0]);
    if (!label.ok) throw new Error(`the exported template does not read: ${label.error.key}`);
    const [text] = label.doc.elements;
    if (text?.Type !== "Text") throw new Error("the exported template lost its text");
    expect(label.doc.elements).toHaveLength(1);
    expect(text.DataSourceList[0]).toMatchObject({ DataSourceType: 2, Quantity: 3 });
    const csv = new TextDecoder().decode(zip["print-records.csv"]).trim().split("\r\n");
    expect(csv).toHaveLength(4);
    expect(JSON.parse(new TextDecoder().decode(zip["profile.json"])).account).toBe(user.account);
  }, 60_000);

  it("cancels the account: the session ends and the account can no longer sign in", async () => {
    await rig.page.getByTestId("user-cancel-open").click();
    const dialog = rig.page.getByTestId("user-cancel-dialog");
    await dialog.waitFor();
    const confirm = dialog.getByTestId("user-cancel-confirm");
    await dialog.getByLabel(t["app.field.password"]).fill(user.password);
    await dialog
      .getByLabel(t["app.user.cancel.typeAccount"].replace("{{account}}", user.account))
      .fill("wrong");
    expect(await confirm.isDisabled()).toBe(true);
    await dialog
      .getByLabel(t["app.user.cancel.typeAccount"].replace("{{account}}", user.account))
      .fill(user.account);
    await confirm.click();
    await waitForRoute(rig.page, "/login");
    await waitForToast(rig.page, t["app.user.cancel.done"]);
    // the protected pages send to the login again, and the old password no longer works
    await rig.page.goto(appUrl(rig.app.baseUrl, "/printRecord"));
    await waitForRoute(rig.page, "/login");
    await fillLogin(rig.page, user);
    await waitForToast(rig.page, t["server.error.wrongCredentials"]);
    expect(new URL(rig.page.url()).pathname).toBe("/label/login");
  }, 60_000);
});
