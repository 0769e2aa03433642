// The print station (issue 40): an owner's team has two templates; an operator who joined by link
// opens the station from the user menu, searches, chooses the label, answers its prompt (a lot number
// that is the barcode's value) in the print dialog's form and prints to a fake network printer
// through the print assistant: the printed barcode decodes to the answer. A viewer sees the tiles but
// cannot open one, and the server refuses the file to print. axe-clean, with touch-sized targets at
// tablet width. Screenshots at 1280 and 768 px.
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { serializeTprt } from "../../src/model/file";
import { decode } from "../../tests/codes/support/zxing";
import { decodeTspl, toRgba } from "../../tests/print/support/decodeJob";
import { barcodeSourced } from "../../tests/print/support/label";
import { type PrintRig, startPrintRig, t } from "../print/helpers";
import {
  type ApiAnswer,
  apiPost,
  appUrl,
  axeViolations,
  chooseFromUserMenu,
  screenshot,
  signedInPage,
} from "../support";

const PRINTER = "Shelf TSPL";
let rig: PrintRig;
let teamId = "";
const links: Record<string, string> = {};

/** An API call from the page in the team's space (the app's X-Inkless-Space header). */
function teamCall(page: Page, path: string, body: unknown = {}): Promise<ApiAnswer> {
  return page.evaluate(
    async ([path, body, team]) =>
      (
        await fetch(`/interface${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-inkless-space": team },
          body: JSON.stringify(body),
        })
      ).json(),
    [path, body, teamId] as const,
  );
}

/** A template of the team saved as the owner: its label file uploaded under the team's prefix. */
async function teamTemplate(page: Page, name: string, xml: string): Promise<string> {
  const token = await teamCall(page, "/api/tem.app_shared/getToken", { bucket: "hm-inkless" });
  expect(token.prefix).toBe(`${teamId}/`);
  const url = await page.evaluate(
    async ([token, key, xml]) => {
      const form = new FormData();
      form.set("token", token);
      form.set("key", key);
      form.set("file", new Blob([xml]), "label.tprt");
      return (await (await fetch("/interface/upload", { method: "POST", body: form })).json()).data.url;
    },
    [token.data as string, `${teamId}/tprt/${name.replace(/\W/g, "")}.tprt`, xml] as const,
  );
  const r = await teamCall(page, "/api/tem.app_public/addUserTemplate", {
    name,
    parent_id: "",
    width: 60,
    height: 30,
    url,
  });
  expect(r.code, JSON.stringify(r)).toBe(200);
  return r.data.id;
}

/** A new member, signed in, who joined the team by its `role` link and works in its space. */
async function member(role: string): Promise<Page> {
  const { page } = await signedInPage(rig.browser, rig.app.baseUrl);
  expect((await apiPost(page, "/api/team/accept", { token: links[role] })).code).toBe(200);
  await page.evaluate(
    ([space, assistant]) => {
      localStorage.setItem("inkless.space", space);
      if (assistant) localStorage.setItem("inkless.assistantUrl", assistant);
    },
    [
      JSON.stringify({ id: teamId, name: "Packing", role }),
      rig.assistant ? `ws://127.0.0.1:${rig.assistant.port}` : "",
    ] as const,
  );
  await page.reload();
  return page;
}

const boxLabel = () => {
  const doc = barcodeSourced({
    DataSourceType: 5,
    PromptName: "Lot",
    PromptText: "Lot number",
    PromptRequired: true,
    PromptPattern: "[A-Z]{2}-\\d+",
  });
  return serializeTprt({ ...doc, attrs: { ...doc.attrs, name: "Box label" } });
};

beforeAll(async () => {
  // the exact picture: this test reads the job's bitmap (the printer's commands: nativePreview.spec.ts)
  rig = await startPrintRig({ printers: { [PRINTER]: "TSPL" }, sendAs: { [PRINTER]: "picture" } });
  const owner = rig.page;
  const made = await apiPost(owner, "/api/team/create", { name: "Packing" });
  expect(made.code).toBe(200);
  teamId = made.data.id;
  for (const role of ["operator", "viewer"]) {
    const link = await apiPost(owner, "/api/team/inviteLink", { id: teamId, role, days: 1 });
    links[role] = new URL(link.data.url).searchParams.get("token") ?? "";
  }
  await teamTemplate(owner, "Box label", boxLabel());
  const shelf = barcodeSourced({});
  await teamTemplate(
    owner,
    "Shelf label",
    serializeTprt({ ...shelf, attrs: { ...shelf.attrs, name: "Shelf label" } }),
  );
}, 300_000);
afterAll(async () => {
  await rig?.close();
});
let current: Page | null = null;
afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail" && current)
    await screenshot(current, `station-fail-${ctx.task.name.slice(0, 30)}`);
});

describe("the print station", () => {
  it("an operator searches, answers the prompt and prints: the barcode decodes to the answer", async () => {
    const page = await member("operator");
    current = page;
    await chooseFromUserMenu(page, t["app.station.title"]);
    const tiles = page.getByTestId("station-tile");
    await expect
      .poll(() => tiles.allTextContents(), { timeout: 30_000 })
      .toEqual(["Box label", "Shelf label"]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "station-1280");
    await page.getByRole("searchbox", { name: t["app.station.search"] }).fill("box");
    await expect.poll(() => tiles.allTextContents(), { timeout: 30_000 }).toEqual(["Box label"]);
    await tiles.first().click();

    const dialog = page.getByTestId("print-dialog");
    await dialog.waitFor();
    const lot = dialog.getByLabel("Lot number");
    const print = dialog.getByRole("button", { name: t["print.dialog.print"] });
    await expect.poll(() => print.isDisabled(), { timeout: 30_000 }).toBe(true);
    await lot.fill("AB-17");
    const select = page.getByTestId("print-printer");
    await select.locator(`option[value="${PRINTER}"]`).waitFor({ state: "attached", timeout: 60_000 });
    await select.selectOption(PRINTER);
    await expect.poll(() => print.isDisabled(), { timeout: 30_000 }).toBe(false);
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    expect(await axeViolations(page)).toEqual([]);
    // touch-sized: the Print button and the prompt's field
    for (const target of [print, lot])
      expect((await target.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await screenshot(page, "station-dialog-1280");

    const job = rig.printers.get(PRINTER)?.nextJob();
    await print.click();
    await dialog.waitFor({ state: "detached", timeout: 60_000 });
    const pages = decodeTspl(await (job as Promise<Buffer>)).pages;
    expect(pages).toHaveLength(1);
    const read = await decode(toRgba(pages[0]), { formats: ["Code128"] });
    expect(read[0]?.text).toBe("AB-17");

    // behind the dialog: the label's picture, Print again and Scan to print; nothing that edits
    const chosen = page.getByTestId("station-chosen");
    await chosen.getByRole("heading", { name: "Box label" }).waitFor();
    expect(await page.locator("[data-testid=palette], [data-testid=save-menu], .ink-canvas").count()).toBe(0);
    await page.getByTestId("station-scan").click();
    await page.getByTestId("scan-panel").waitFor();
    await page.getByTestId("scan-prompts").waitFor();
    expect(await page.getByTestId("scan-panel").textContent()).toContain(t["app.station.scanHint"]);
    await page.setViewportSize({ width: 768, height: 1024 });
    await screenshot(page, "station-scan-768");
    await page.getByTestId("scan-close").click();
    await page.getByTestId("station-back").click();
    await expect.poll(() => tiles.count(), { timeout: 30_000 }).toBe(1);
    for (const box of [
      await tiles.first().boundingBox(),
      await page.getByTestId("station-search").boundingBox(),
    ])
      expect(box?.height).toBeGreaterThanOrEqual(44);
    await page.getByTestId("station-search").fill("");
    await expect.poll(() => tiles.count(), { timeout: 30_000 }).toBe(2);
    await screenshot(page, "station-768");
    expect(await axeViolations(page)).toEqual([]);

    // a phone: the dialog's parts stack, the Print button stays on the screen
    await page.setViewportSize({ width: 390, height: 844 });
    await tiles.first().click();
    await dialog.waitFor();
    await dialog.getByLabel("Lot number").waitFor();
    const box = await print.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await screenshot(page, "station-dialog-390");
    await dialog.getByRole("button", { name: t["print.dialog.cancel"], exact: true }).click();
    await dialog.waitFor({ state: "detached" });
  }, 300_000);

  it("a viewer sees the tiles but cannot print, and the server refuses the file", async () => {
    const page = await member("viewer");
    current = page;
    await page.goto(appUrl(rig.app.baseUrl, "/station"));
    await page.getByTestId("station-viewer").waitFor();
    const tiles = page.getByTestId("station-tile");
    await expect.poll(() => tiles.count(), { timeout: 30_000 }).toBe(2);
    for (const tile of await tiles.all()) expect(await tile.isDisabled()).toBe(true);
    const ids = await teamCall(page, "/api/station/templates");
    expect(ids.data.role).toBe("viewer");
    const refused = await teamCall(page, "/api/station/file", { id: ids.data.templates[0].id });
    expect(refused.code).toBe(403);
    expect(refused.msg).toBe(t["server.error.teamRole"]);
  }, 120_000);
});
