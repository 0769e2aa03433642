// The print assistant as a product (issue 21): the built download is listed on /download with the
// checksums of the files served; the downloaded Linux executable starts and answers; the app pairs
// with it (the code it shows, typed once, then allowed in its terminal), adds a fake TCP printer from
// the printers page and prints
// the test label, whose barcode decodes; an unpaired origin is refused; the print dialog's download
// link and Reconnect work.
import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { strFromU8, unzipSync } from "fflate";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { scanCheck } from "../../src/assistant/calibration";
import { type RunningAssistant, startAssistant } from "../../src/assistant/server";
import { serializeTprt } from "../../src/model/file/index";
import { decode } from "../../tests/codes/support/zxing";
import { connect } from "../../tests/print/support/client";
import { decodeTspl, inkBox, toRgba } from "../../tests/print/support/decodeJob";
import { type FakePrinter, startFakePrinter } from "../../tests/print/support/fakePrinter";
import { printLabel, VALUES } from "../../tests/print/support/label";
import { redrawn, tsplAsZpl } from "../../tests/print/support/nativeJob";
import { addAt } from "../editor/helpers";
import {
  appUrl,
  freePort,
  launchBrowser,
  newContext,
  openSignedInEditor,
  type RunningApp,
  screenshot,
  startApp,
  until,
} from "../support";
import { openPrintDialog, t } from "./helpers";

const DOWNLOADS = "dist/downloads";
const EXE = join(DOWNLOADS, "inkless-assistant-linux-x64");

interface Manifest {
  version: string;
  packages: { id: string; file: string; size: number; sha256: string }[];
}

let app: RunningApp;
let browser: Browser;
let printer: FakePrinter;
let exe: ChildProcess;
let exeOut = "";
let exePort = 0;
const dir = mkdtempSync(join(tmpdir(), "inkless-assistant-e2e-"));
const settings = join(dir, "assistant.json");
let manifest: Manifest;

beforeAll(async () => {
  if (!existsSync(join(DOWNLOADS, "manifest.json")))
    throw new Error("no assistant download built: run node scripts/build-if-needed.mjs");
  manifest = JSON.parse(readFileSync(join(DOWNLOADS, "manifest.json"), "utf8"));
  [app, browser, printer, exePort] = await Promise.all([
    startApp(),
    launchBrowser(),
    startFakePrinter(),
    freePort(),
  ]);
  // the downloaded assistant as a user runs it, in a terminal (`script` gives it one: it asks there
  // whether a page may pair): its own settings file, nothing paired yet
  writeFileSync(settings, JSON.stringify({ cups: false, origins: [] }));
  exe = spawn("script", ["-qfec", EXE, "/dev/null"], {
    env: {
      PATH: process.env.PATH,
      INKLESS_LANG: "en",
      HOME: dir,
      INKLESS_ASSISTANT_CONFIG: settings,
      INKLESS_ASSISTANT_PORT: String(exePort),
    },
  });
  exe.stdout?.on("data", (d) => {
    exeOut += d.toString();
  });
  exe.stderr?.on("data", (d) => {
    exeOut += d.toString();
  });
  await until(() => exeOut.includes("listening on"), 30_000);
}, 180_000);

afterAll(async () => {
  exe?.kill();
  await browser?.close();
  await app?.stop();
  await printer?.close();
  rmSync(dir, { recursive: true, force: true });
});

const pairCode = () => [...exeOut.matchAll(/Pairing code: ([A-Z0-9]{4}-[A-Z0-9]{4})/g)].at(-1)?.[1] ?? "";
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

async function signedIn(assistantPort: number): Promise<Page> {
  const { page } = await openSignedInEditor(browser, app.baseUrl);
  await page.evaluate(
    (url) => localStorage.setItem("inkless.assistantUrl", url),
    `ws://127.0.0.1:${assistantPort}`,
  );
  return page;
}

describe("the download centre", () => {
  it("lists the built packages with the checksums of the files it serves", async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto(appUrl(app.baseUrl, "/download"));
    await page.getByTestId("download-list").waitFor();
    await screenshot(page, "assistant-download");
    expect(manifest.packages.map((p) => p.id)).toContain("linux-x64");
    for (const p of manifest.packages) {
      expect(await page.getByTestId(`sha256-${p.id}`).textContent()).toBe(p.sha256);
      const href = await page.getByTestId(`download-${p.id}`).getAttribute("href");
      expect(href).toBe(`${app.baseUrl}/downloads/${p.file}`);
      const body = Buffer.from(await (await fetch(href as string)).arrayBuffer());
      expect([body.length, sha(body)]).toEqual([p.size, p.sha256]);
    }
    // call 30 answers the package for the visitor's system (this browser: Linux x86-64)
    const r = await page.evaluate(async () => {
      const res = await fetch(
        "/interface/api/upgrade.download/appSoftwareDownload?language=en&app_type=1&type=1",
      );
      return res.json();
    });
    expect(r.data.url).toBe(`${app.baseUrl}/downloads/inkless-assistant-linux-x64`);
    await page.context().close();
  }, 120_000);

  it("zips the bundled assistant with start scripts, and the bundle runs under node", async () => {
    const zip = unzipSync(new Uint8Array(readFileSync(join(DOWNLOADS, "inkless-assistant-node.zip"))));
    expect(Object.keys(zip).sort()).toEqual([
      "inkless-assistant/README.txt",
      "inkless-assistant/inkless-assistant.cjs",
      "inkless-assistant/start-linux.sh",
      "inkless-assistant/start-macos.command",
      "inkless-assistant/start-windows.cmd",
    ]);
    expect(strFromU8(zip["inkless-assistant/start-windows.cmd"] as Uint8Array)).toContain(
      "node inkless-assistant.cjs",
    );
    const script = join(dir, "inkless-assistant.cjs");
    writeFileSync(script, zip["inkless-assistant/inkless-assistant.cjs"] as Uint8Array);
    const port = await freePort();
    const node = spawn(process.execPath, [script], {
      env: {
        PATH: process.env.PATH,
        INKLESS_LANG: "en",
        HOME: dir,
        INKLESS_ASSISTANT_CONFIG: join(dir, "zip.json"),
        INKLESS_ASSISTANT_PORT: String(port),
      },
    });
    let out = "";
    node.stdout?.on("data", (d) => {
      out += d.toString();
    });
    try {
      await until(() => out.includes("listening on"), 30_000);
      const c = await connect(port);
      expect((await c.request({ cmd: "getComputerPrinters" })).code).toBe(200);
      c.close();
    } finally {
      node.kill();
    }
  }, 60_000);
});

describe("the downloaded Linux assistant", () => {
  it("starts, answers getComputerPrinters and prints; an unpaired web page is refused", async () => {
    const c = await connect(exePort);
    expect(await c.request({ cmd: "getComputerPrinters" })).toMatchObject({ code: 200, data: [] });
    // a program on this computer (no Origin) prints 3 records through it: pages after the first are
    // drawn without worker threads (a single executable cannot start the raster workers)
    // the exact picture: the job's bitmap is read below
    const local = {
      name: "Local",
      host: "127.0.0.1",
      port: printer.port,
      language: "TSPL",
      dpi: 203,
      settings: { sendAs: "picture" },
    };
    expect((await c.request({ cmd: "addPrinter", printer: local })).code).toBe(200);
    const job = printer.nextJob();
    const r = await c.request({
      cmd: "outputPrintting",
      printer: "Local",
      xml: serializeTprt(printLabel()),
      copies: 1,
    });
    expect(r).toMatchObject({ code: 200, data: { pages: 3 } });
    const pages = decodeTspl(await job).pages;
    const read = await Promise.all(
      pages.map(async (p) => (await decode(toRgba(p), { formats: ["Code128"] }))[0]?.text),
    );
    expect(read).toEqual(VALUES);
    expect((await c.request({ cmd: "removePrinter", name: "Local" })).code).toBe(200);
    c.close();
    const status = await new Promise<number | string>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${exePort}`, { origin: new URL(app.baseUrl).origin });
      ws.once("open", () => resolve("open"));
      ws.once("unexpected-response", (_q, res) => resolve(res.statusCode ?? 0));
      ws.once("error", () => undefined);
    });
    expect(status).toBe(403);
    expect(pairCode()).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  }, 60_000);

  it("pairs with the code typed, adds a fake TCP printer on the printers page and prints a test label that scans", async () => {
    const page = await signedIn(exePort);
    await page.goto(appUrl(app.baseUrl, "/myPrinter"));
    const section = page.locator("#assistant-printers");
    const pair = section.getByTestId("assistant-pair");
    await pair.waitFor();
    // this assistant asks in its terminal: the box says to answer there
    await pair.getByText(t["print.pair.confirm"].split("{{")[0]).waitFor();
    await pair.getByRole("textbox", { name: t["print.pair.code"] }).fill(pairCode());
    await pair.getByRole("button", { name: t["print.pair.submit"] }).click();
    // the assistant asks in its terminal; the page says so until the answer
    const origin = new URL(app.baseUrl).origin;
    await until(() => exeOut.includes(`${origin} asks to print: allow? [y/N]`), 30_000);
    await pair.getByText(t["print.pair.waiting"]).waitFor();
    await screenshot(page, "assistant-pair-waiting");
    exe.stdin?.write("y\n");
    const form = section.getByTestId("printer-form");
    await form.waitFor();
    expect(JSON.parse(readFileSync(settings, "utf8")).origins).toEqual([origin]);

    await form.getByLabel(t["printer.net.name"], { exact: true }).fill("Bench printer");
    await form.getByLabel(t["printer.net.host"]).fill("127.0.0.1");
    await form.getByLabel(t["printer.net.port"]).fill(String(printer.port));
    await form.getByRole("button", { name: t["printer.net.add"] }).click();
    const row = section.getByTestId("assistant-printer").filter({ hasText: "Bench printer" });
    await row.waitFor();
    expect(await row.textContent()).toContain(`127.0.0.1:${printer.port} · TSPL · 203 dpi`);
    expect(JSON.parse(readFileSync(settings, "utf8")).printers).toEqual([
      expect.objectContaining({
        name: "Bench printer",
        host: "127.0.0.1",
        port: printer.port,
        widthMm: 60,
        heightMm: 40,
      }),
    ]);
    await screenshot(page, "assistant-printers");

    // its state, live: ready, then paper out within a few seconds of the printer saying so
    const state = row.getByTestId("print-printer-state");
    await row.locator('[data-testid="print-printer-state"][data-state="ready"]').waitFor({ timeout: 30_000 });
    printer.state.paperOut = true;
    await row
      .locator('[data-testid="print-printer-state"][data-state="problem"]')
      .waitFor({ timeout: 30_000 });
    expect(await state.textContent()).toBe(
      `${t["print.status.label"]} ${t["print.status.problem"]}: ${t["print.problem.paperOut"]}`,
    );
    await screenshot(page, "assistant-printer-paper-out");
    // a test print now is refused with the reason, and nothing reaches the printer
    await row.getByRole("button", { name: t["printer.net.test"] }).click();
    await page.locator(".toast", { hasText: t["print.problem.paperOut"] }).waitFor();
    printer.state.paperOut = false;
    await row.locator('[data-testid="print-printer-state"][data-state="ready"]').waitFor({ timeout: 30_000 });

    // its own settings: darkness and speed, kept by the assistant and sent with the next job
    await row
      .getByRole("button", { name: `${t["printer.net.editName"].replace("{{name}}", "Bench printer")}` })
      .click();
    const edit = section.getByTestId("printer-form").first();
    await edit.getByText(t["printer.settings.title"]).click();
    await edit
      .getByLabel(t["printer.settings.darkness"].replace("{{min}}", "0").replace("{{max}}", "15"))
      .selectOption("10");
    await edit.getByLabel(t["printer.settings.speed"]).selectOption("3");
    await screenshot(page, "assistant-printer-settings");
    await edit.getByRole("button", { name: t["printer.net.save"] }).click();
    await row.waitFor();
    await until(
      () => JSON.parse(readFileSync(settings, "utf8")).printers[0]?.settings?.darkness === 10,
      30_000,
    );
    expect(JSON.parse(readFileSync(settings, "utf8")).printers[0].settings).toEqual({
      media: "gap",
      gapMm: 2,
      darkness: 10,
      speed: 3,
    });

    const job = printer.nextJob();
    await row.getByRole("button", { name: t["printer.net.test"] }).click();
    const sent = await job;
    const text = sent.toString("latin1");
    expect(text).toContain("SIZE 60 mm,40 mm\r\n");
    for (const setting of ["DENSITY 10", "SPEED 3"]) expect(text).toContain(`\r\n${setting}\r\n`);
    // automatic (its default): the code's bars as the printer's BARCODE with its line off, the name
    // and the code's digits in the picture; read back as the printer draws it
    expect(text).toMatch(/BARCODE \d+,\d+,"128",\d+,0,/);
    const [first] = await redrawn(tsplAsZpl(sent, { width: 480, height: 320 }));
    // the name is printed: the downloaded assistant has no fonts and fetched them from the app
    expect(inkBox(first, 0, 0, first.width, Math.round((9.2 / 25.4) * 203))).not.toBeNull();
    const [read] = await decode(toRgba(first), { formats: ["Code128"] });
    expect(read?.text).toBe(scanCheck({ dpi: 203 }));

    // how labels go to it: automatic by default (its commands where they print the same), here
    // always as the printer's own commands (codes, boxes, lines), kept in its entry
    await row
      .getByRole("button", { name: `${t["printer.net.editName"].replace("{{name}}", "Bench printer")}` })
      .click();
    const sendAs = section.getByTestId("printer-form").first().getByLabel(t["printer.settings.sendAs"]);
    expect(await sendAs.inputValue()).toBe("auto");
    await sendAs.selectOption("native");
    await screenshot(page, "assistant-printer-send-as");
    await section
      .getByTestId("printer-form")
      .first()
      .getByRole("button", { name: t["printer.net.save"] })
      .click();
    await row.waitFor();
    await until(
      () => JSON.parse(readFileSync(settings, "utf8")).printers[0]?.settings?.sendAs === "native",
      30_000,
    );

    // the print dialog lists it now, with its "Add printer" link to this page
    await page.goto(appUrl(app.baseUrl, "/editLabel?labelStatus=add"));
    await addAt(page, "Rectangle", 0.5, 0.5);
    const dialog = await openPrintDialog(page);
    await page
      .getByTestId("print-printer")
      .locator('option[value="Bench printer"]')
      .waitFor({ state: "attached" });
    expect(await dialog.getByRole("link", { name: t["print.dialog.addPrinter"] }).getAttribute("href")).toBe(
      "/label/myPrinter#assistant-printers",
    );
    // the chosen printer's state shows under it
    await page.getByTestId("print-printer").selectOption("Bench printer");
    // and its own darkness and speed, in the choices that leave them as they are for this job
    const asSet = (field: string) => dialog.getByTestId(`print-job-${field}`).locator("option").first();
    expect(await asSet("darkness").textContent()).toBe(
      t["printer.settings.asPrinterValue"].replace("{{value}}", "10"),
    );
    expect(await asSet("speed").textContent()).toBe(
      t["printer.settings.asPrinterValue"].replace("{{value}}", "3"),
    );
    printer.state.headOpen = true;
    const dialogState = dialog.getByTestId("print-printer-state");
    await dialog
      .locator('[data-testid="print-printer-state"][data-state="problem"]')
      .waitFor({ timeout: 30_000 });
    expect(await dialogState.textContent()).toContain(t["print.problem.headOpen"]);
    await screenshot(page, "print-dialog-head-open");
    printer.state.headOpen = false;
    await page.context().close();
  }, 180_000);
});

describe("the print dialog without an assistant", () => {
  let late: RunningAssistant | null = null;
  afterAll(async () => {
    await late?.close();
  });

  it("links to the download centre; Reconnect says tip93, then pairs and lists the printers once it runs", async () => {
    const port = await freePort();
    const page = await signedIn(port);
    await addAt(page, "Rectangle", 0.5, 0.5);
    const dialog = await openPrintDialog(page);
    // the browser printer is selected: no warning, only a way to the label printers
    const more = dialog.getByTestId("assistant-more");
    await more.waitFor();
    expect(await dialog.getByTestId("assistant-down").count()).toBe(0);
    expect(await page.getByTestId("print-printer").inputValue()).toBe("__browser__");
    await more.click();
    const down = dialog.getByTestId("assistant-down");
    await down.waitFor();
    expect(await down.textContent()).toContain(t["print.assistant.notRunning"]);
    expect(await down.getByRole("link", { name: t["print.assistant.download"] }).getAttribute("href")).toBe(
      "/label/download",
    );
    await screenshot(page, "assistant-not-running");
    await down.getByRole("button", { name: t["print.assistant.reconnectButton"] }).click();
    await page.locator(".toast", { hasText: t["tip.tip93"] }).waitFor();

    // it starts, not paired with this page yet: Reconnect shows the pairing form, the code lists its printers
    late = await startAssistant(
      {
        host: "127.0.0.1",
        port,
        cups: false,
        origins: [],
        printers: [
          { name: "Late printer", host: "127.0.0.1", port: printer.port, language: "ZPL", dpi: 300 },
        ],
      },
      // as `--no-confirm` starts it (main.ts): the code alone pairs
      { listCups: async () => [], confirmPairing: async () => true, pairByCode: true },
    );
    await down.getByRole("button", { name: t["print.assistant.reconnectButton"] }).click();
    const pair = dialog.getByTestId("assistant-pair");
    await pair.waitFor();
    // nobody will be asked at the assistant: the box says so, never "answer y"
    await pair.getByText(t["print.pair.byCode"]).waitFor();
    expect(await pair.textContent()).not.toContain(t["print.pair.confirm"].split("{{")[0]);
    expect(await page.getByTestId("print-printer").locator('option[value="Late printer"]').count()).toBe(0);
    await screenshot(page, "assistant-pair-dialog");
    await pair.getByRole("textbox", { name: t["print.pair.code"] }).fill(late.pairing.code);
    await pair.getByRole("button", { name: t["print.pair.submit"] }).click();
    await page
      .getByTestId("print-printer")
      .locator('option[value="Late printer"]')
      .waitFor({ state: "attached" });
    expect(await dialog.getByTestId("assistant-down").count()).toBe(0);
    expect(await dialog.getByTestId("assistant-pair").count()).toBe(0);
    await page.context().close();
  }, 120_000);
});

describe("a cloud-mode assistant on the printers page", () => {
  it("shows the serial and verification code it registered with, each with a copy button", async () => {
    const cloudy = await startAssistant(
      { host: "127.0.0.1", port: 0, cups: false, origins: [new URL(app.baseUrl).origin], printers: [] },
      {
        listCups: async () => [],
        info: () => ({ version: "1.0.0", cloud: { server: app.baseUrl, sn: "INK-7F3A", code: "583104" } }),
      },
    );
    try {
      const page = await signedIn(cloudy.port);
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.baseUrl });
      await page.goto(appUrl(app.baseUrl, "/myPrinter"));
      const cloud = page.getByTestId("assistant-cloud");
      await cloud.waitFor();
      expect(await cloud.locator("code").allTextContents()).toEqual(["INK-7F3A", "583104"]);
      await cloud.getByRole("button", { name: t["printer.local.copyCode"] }).click();
      await page.locator(".toast", { hasText: t["tip.tip35"] }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("583104");
      await page.context().close();
    } finally {
      await cloudy.close();
    }
  }, 120_000);
});
