// The Windows print assistant (issue 43): the built inkless-assistant-windows-x64.exe (official
// Node 22 for Windows with our bundle injected) runs under Wine in a Windows 10 prefix, shows its
// pairing code, refuses an unpaired web page, pairs it with that code over the pairing socket, lists
// the network printer the page adds and prints the shelf tag to a fake TCP printer: its EAN-13 and
// QR code decode from the printed bitmap, and its text (fonts fetched from the web app over
// node:http) is printed as this machine's assistant prints it. --install-startup / --remove-startup
// write and remove its Run value.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startAssistant } from "../../src/assistant/server";
import { decode } from "../../tests/codes/support/zxing";
import { connect } from "../../tests/print/support/client";
import { decodeTspl, inkBox, type Page, toRgba } from "../../tests/print/support/decodeJob";
import { type FakePrinter, startFakePrinter } from "../../tests/print/support/fakePrinter";
import { until } from "../support/app";
import { freePort } from "../support/server";
import { type WinePrefix, winePrefix } from "../support/wine";

const EXE = resolve("dist/downloads/inkless-assistant-windows-x64.exe");
const FONTS = resolve("public/fonts");
const dir = mkdtempSync(join(tmpdir(), "inkless-windows-"));
const settings = join(dir, "assistant.json");

let wine: WinePrefix;
let printer: FakePrinter;
let web: Server;
let origin = "";
let port = 0;
let output: () => string = () => "";
/** the font files the assistant asked the web app for */
const fontsAsked: string[] = [];

/** The web app as the assistant sees it: its origin serves the label fonts (/label/fonts/<file>). */
function fontServer(): Promise<Server> {
  const srv = createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? "").replace(/^\/label\/fonts\//, ""));
    fontsAsked.push(name);
    if (!req.url?.startsWith("/label/fonts/") || name.includes("/") || name.includes("..")) {
      res.statusCode = 404;
      res.end();
      return;
    }
    try {
      res.end(readFileSync(join(FONTS, name)));
    } catch {
      res.statusCode = 404;
      res.end();
    }
  });
  return new Promise((ok) => srv.listen(0, "127.0.0.1", () => ok(srv)));
}

beforeAll(async () => {
  readFileSync(EXE, { flag: "r" }).subarray(0, 2); // built? (node scripts/build-if-needed.mjs)
  [printer, web, port] = await Promise.all([startFakePrinter(), fontServer(), freePort()]);
  const address = web.address();
  origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  wine = winePrefix(join(dir, "wine"));
  // no terminal under Wine to answer "allow? [y/N]": the code alone pairs (--no-confirm, documented)
  writeFileSync(settings, JSON.stringify({ cups: false, origins: [] }));
  const started = wine.start([EXE, "--no-confirm"], {
    env: { INKLESS_ASSISTANT_CONFIG: settings, INKLESS_ASSISTANT_PORT: String(port), INKLESS_LANG: "en" },
    cwd: dir,
    log: join(dir, "assistant.log"),
  });
  output = started.output;
  await until(() => output().includes("listening on ws://"), 120_000);
}, 400_000);

afterAll(async () => {
  wine?.close();
  await printer?.close();
  web?.close();
  rmSync(dir, { recursive: true, force: true });
});

const SHELF_TAG = readFileSync("tests/fixtures/labels/shelf-tag.tprt", "utf8");

/** The shelf tag's first page as this machine's assistant prints it (fonts read from public/fonts). */
async function linuxPage(): Promise<Page> {
  const ref = await startFakePrinter();
  const printers = [
    {
      name: "Ref",
      host: "127.0.0.1",
      port: ref.port,
      language: "TSPL" as const,
      dpi: 203,
      widthMm: 100,
      heightMm: 80,
      // the exact picture: the test reads the jobs' bitmaps
      settings: { sendAs: "picture" as const },
    },
  ];
  const a = await startAssistant({ host: "127.0.0.1", port: 0, cups: false, origins: [], printers });
  const c = await connect(a.port);
  try {
    const job = ref.nextJob();
    const r = await c.request({ cmd: "outputPrintting", printer: "Ref", xml: SHELF_TAG, copies: 1 });
    expect(r.code).toBe(200);
    return decodeTspl(await job).pages[0];
  } finally {
    c.close();
    await a.close();
    await ref.close();
  }
}

/** Dots printed in one page and not the other (same size). */
function dotsDiffering(a: Page, b: Page): number {
  let n = 0;
  for (let i = 0; i < a.dots.length; i++) if (!a.dots[i] !== !b.dots[i]) n++;
  return n;
}

const inked = (p: Page) => p.dots.reduce((n: number, d) => n + (d ? 1 : 0), 0);

const pairCode = () => [...output().matchAll(/Pairing code: ([A-Z0-9]{4}-[A-Z0-9]{4})/g)].at(-1)?.[1] ?? "";

function upgradeStatus(path = ""): Promise<number | "open"> {
  return new Promise((ok) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, { origin });
    ws.once("open", () => {
      ok("open");
      ws.close();
    });
    ws.once("unexpected-response", (_q, res) => ok(res.statusCode ?? 0));
    ws.once("error", () => undefined);
  });
}

describe("the Windows executable under Wine", () => {
  it("runs the official Node 22 for Windows and shows its pairing code", () => {
    expect(readFileSync(EXE).subarray(0, 2).toString()).toBe("MZ");
    expect(pairCode()).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  });

  it("pairs the web page with its code, lists its network printer and prints the shelf tag, which scans", async () => {
    expect(await upgradeStatus()).toBe(403);
    const pair = await connect(port, { origin, path: "/pair" });
    expect(await pair.request({ cmd: "status" })).toMatchObject({ code: 200, data: { paired: false } });
    expect(await pair.request({ cmd: "pair", code: pairCode().toLowerCase() })).toMatchObject({ code: 200 });
    pair.close();
    expect(JSON.parse(readFileSync(settings, "utf8")).origins).toEqual([origin]);

    const c = await connect(port, { origin });
    const shelf = {
      name: "Shelf printer",
      host: "127.0.0.1",
      port: printer.port,
      language: "TSPL",
      dpi: 203,
      settings: { sendAs: "picture" },
    };
    expect(
      (await c.request({ cmd: "addPrinter", printer: { ...shelf, widthMm: 100, heightMm: 80 } })).code,
    ).toBe(200);
    const listed = await c.request({ cmd: "getComputerPrinters" });
    expect(listed.code).toBe(200);
    expect(listed.data).toEqual(expect.arrayContaining([expect.objectContaining({ name: "Shelf printer" })]));

    const job = printer.nextJob();
    const r = await c.request({
      cmd: "outputPrintting",
      printer: "Shelf printer",
      xml: SHELF_TAG,
      copies: 1,
    });
    // the fixture's barcode is a sequence of 10: one page each
    expect(r).toMatchObject({ code: 200, data: { pages: 10 } });
    const pages = decodeTspl(await job).pages;
    expect(pages).toHaveLength(10);
    const page = pages[0];
    // 100 × 80 mm at 203 dpi
    expect([page.width, page.height]).toEqual([800, 640]);
    const read = (await decode(toRgba(page), { maxNumberOfSymbols: 4 })).map((x) => `${x.format} ${x.text}`);
    // the EAN-13 of the sequence's first value, and the QR code bound to the same data
    expect(read.sort()).toEqual(["EAN13 5901234123457", "QRCode 590123412345"]);
    // the text: the title "Cotton T-shirt" (5-75 mm across, 4-14 mm down, left of the picture) is
    // printed, which takes the fonts the assistant fetched from the web app (under Wine fetch cannot
    // connect: the assistant downloads with node:http)
    expect(fontsAsked).toContain("NotoSansSC-Regular.ttf");
    const title = inkBox(page, 40, 32, 600, 112);
    expect(title).not.toBeNull();
    // ... and the whole label is the one this machine's assistant prints from the same file
    const linux = await linuxPage();
    expect([linux.width, linux.height]).toEqual([page.width, page.height]);
    expect(inkBox(linux, 40, 32, 600, 112)).toEqual(title);
    expect(dotsDiffering(page, linux)).toBeLessThanOrEqual(inked(linux) / 200);
    c.close();
  }, 180_000);

  it("registers itself to start at login and removes that again", () => {
    const key = "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run";
    const query = () => wine.run(["reg", "query", key, "/v", "Inkless print assistant"]);
    const add = wine.run([EXE, "--install-startup"], { env: { INKLESS_ASSISTANT_CONFIG: settings } });
    expect(add.out).toContain("now starts when you log in");
    const q = query();
    expect(q.status).toBe(0);
    // the value runs this very executable (its Windows path, quoted)
    expect(q.out).toMatch(/REG_SZ\s+"Z:\\.*\\inkless-assistant-windows-x64\.exe"/);
    const remove = wine.run([EXE, "--remove-startup"], { env: { INKLESS_ASSISTANT_CONFIG: settings } });
    expect(remove.out).toContain("no longer starts");
    expect(query().status).not.toBe(0);
    // removing it again is not an error
    expect(wine.run([EXE, "--remove-startup"]).status).toBe(0);
  }, 180_000);
});
