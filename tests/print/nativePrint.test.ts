// "Send as: printer's own commands" (issue 36): codes, boxes, lines and ellipses go as ZPL / TSPL
// commands, text and the rest as one picture of just those dots (ZPL: its fixed part stored once). The job is read back by our own
// ZPL reader (TSPL through src/tspl, which follows the manual), drawn again, and compared with the
// label's exact picture: every code decodes (zxing) to the record's value, the dots agree.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GS } from "../../src/codes/gs1";
import { createDataSource, emptyDocument } from "../../src/model/defaults";
import { serializeTprt } from "../../src/model/file";
import { createElement } from "../../src/model/kinds";
import { boundTo } from "../../src/model/kinds/parts";
import type { LabelDocument, LabelElement } from "../../src/model/types";
import { printJob } from "../../src/print/job";
import { printerSettingsOf, type SendAs } from "../../src/print/settings";
import { decode } from "../codes/support/zxing";
import { pairedAssistant } from "./support/assistantRig";
import { decodeZpl, type Page, toRgba } from "./support/decodeJob";
import { DPI, difference, job, redrawn, scanned, tsplAsZpl } from "./support/nativeJob";
import { nativeLabel } from "./support/nativeLabel";

const SIZE = { width: 800, height: 480 };

const EXPECTED = (n: number) => [`INK-100${n}`, "5901234123457", "https://inkless.test/q/42", "DM-42"].sort();

describe("printing in the printer's own commands", () => {
  it("ZPL: codes, boxes, lines and the ellipse as commands, the text as one picture; read back it matches", async () => {
    const doc = nativeLabel();
    const picture = await job(doc, "ZPL");
    const native = await job(doc, "ZPL", "native");
    const text = native.toString("latin1");
    const formats = text.split("^XZ").filter((f) => f.includes("^XA"));
    expect(formats).toHaveLength(2);
    // the text is the same on every label: stored in the printer once, recalled on each
    expect(text.match(/~DGR:INKLESS\.GRF,/g)).toHaveLength(1);
    for (const f of formats) {
      expect(f).toContain("^XGR:INKLESS.GRF,1,1^FS");
      expect(f).not.toContain("^GFA");
      for (const cmd of ["^BC", "^BE", "^BQ", "^BX", "^GE", "^GB"]) expect(f).toContain(cmd);
    }
    expect(formats[1]).toContain("^FDINK-1002^FS");
    expect(native.length * 3).toBeLessThan(picture.length);

    const exact = decodeZpl(picture);
    const back = await redrawn(text);
    expect(back).toHaveLength(2);
    for (const [i, page] of back.entries()) {
      expect(await scanned(page)).toEqual(EXPECTED(i + 1));
      expect(difference(page, exact[i])).toBeLessThan(0.08);
    }
  }, 180_000);

  it("TSPL: BOX / BAR / ELLIPSE / BARCODE / QRCODE / DMATRIX and the stored picture; read back it matches", async () => {
    const doc = nativeLabel();
    const picture = await job(doc, "TSPL");
    const native = await job(doc, "TSPL", "native");
    const text = native.toString("latin1");
    // the text is the same on every label: downloaded once as a BMP, drawn on each with PUTBMP
    expect(text.match(/DOWNLOAD "INKLESS\.BMP",\d+,BM/g)).toHaveLength(1);
    expect(text.match(/^CLS\r\nPUTBMP \d+,\d+,"INKLESS\.BMP"\r\n/gm)).toHaveLength(2);
    expect(text.match(/^BITMAP /gm)).toBeNull();
    for (const cmd of ["BOX ", "BAR ", "ELLIPSE ", "BARCODE ", '"EAN13"', "QRCODE ", "DMATRIX "])
      expect(text).toContain(cmd);
    expect(text).toContain('"INK-1002"');
    expect(native.length * 10).toBeLessThan(picture.length);

    const exact = decodeZpl(await job(doc, "ZPL"));
    const back = await redrawn(tsplAsZpl(native, SIZE));
    expect(back).toHaveLength(2);
    for (const [i, page] of back.entries()) {
      expect(await scanned(page)).toEqual(EXPECTED(i + 1));
      expect(difference(page, exact[i])).toBeLessThan(0.08);
    }
  }, 180_000);

  it("what a picture element covers stays in the picture: white text on a black box, a code under text", async () => {
    const els: LabelElement[] = [];
    const box = { ...createElement("Rectangle", els, { x: 2, y: 2, width: 40, height: 10 }), Fill: true };
    els.push(box);
    els.push({ ...createElement("Text", els, { x: 4, y: 4 }), ...boundTo("white"), AntiMirror: true });
    const code = {
      ...createElement("Barcode", els, { x: 2, y: 20 }),
      ...boundTo("COVERED"),
      Width: 40,
      Height: 12,
    };
    els.push(code);
    els.push({ ...createElement("Text", els, { x: 10, y: 25 }), ...boundTo("over the bars") });
    const frame = {
      ...createElement("Rectangle", els, { x: 0.5, y: 0.5, width: 59, height: 39 }),
      PenWidth: 0.3,
    };
    els.push(frame);
    const doc = { ...emptyDocument({ width: 60, height: 40 }), elements: els };
    const text = (await job(doc, "ZPL", "native")).toString("latin1");
    // the frame goes as ^GB (the texts are inside it, not on it); the box and the code stay pictures
    expect(text.match(/\^GB/g)).toHaveLength(1);
    expect(text).not.toContain("^BC");
    expect(text).toContain("^FO4,4^GB472,312,2");
  }, 120_000);

  it("PDF417: ^B7 with its data columns (TSPL PDF417), read back it decodes", async () => {
    const els: LabelElement[] = [];
    els.push({
      ...createElement("QRcode", els, { x: 5, y: 5, width: 60, height: 20 }),
      ...boundTo("PDF-417 native"),
      QrCodeType: 2,
      ErrorCorrectionLevel: "2",
    } as LabelElement);
    const doc = { ...emptyDocument({ width: 80, height: 40 }), elements: els };
    const zpl = (await job(doc, "ZPL", "native")).toString("latin1");
    expect(zpl).toMatch(/\^BY\d\^B7N,\d+,2,\d+\^FH\^FDPDF-417 native\^FS/);
    const [page] = await redrawn(zpl);
    expect(await scanned(page)).toEqual(["PDF-417 native"]);
    expect((await job(doc, "TSPL", "native")).toString("latin1")).toMatch(
      /^PDF417 \d+,\d+,.*,E2,W\d,H\d+,C\d+,"PDF-417 native"\r$/m,
    );
  }, 120_000);

  it("Aztec: ^BO / AZTEC at our size (its layers); read back each decodes to its value", async () => {
    const els: LabelElement[] = [];
    // our encoder makes full-range symbols: a short value one layer, a long one more
    const values = ["AZTEC-42", `https://inkless.test/aztec/${"0123456789".repeat(6)}`];
    for (const [i, v] of values.entries())
      els.push({
        ...createElement("QRcode", els, { x: 5 + i * 30, y: 5, width: 12 + i * 18, height: 12 + i * 18 }),
        ...boundTo(v),
        QrCodeType: 4,
        ErrorCorrectionLevel: "23",
      } as LabelElement);
    const doc = { ...emptyDocument({ width: 80, height: 40 }), elements: els };
    const zpl = (await job(doc, "ZPL", "native")).toString("latin1");
    expect(zpl).toMatch(/\^BON,\d+,N,201\^FH\^FDAZTEC-42\^FS/);
    expect(zpl).toMatch(/\^BON,\d+,N,20[2-9]\^FH\^FDhttps/);
    expect(zpl).not.toContain("^GFA");
    const [exact] = decodeZpl(await job(doc, "ZPL"));
    const [page] = await redrawn(zpl);
    expect(await scanned(page)).toEqual([...values].sort());
    expect(difference(page, exact)).toBeLessThan(0.02);

    const tspl = await job(doc, "TSPL", "native");
    expect(tspl.toString("latin1")).toMatch(/^AZTEC \d+,\d+,0,\d+,201,0,0,1,0,"AZTEC-42"\r$/m);
    const [back] = await redrawn(tsplAsZpl(tspl, SIZE));
    expect(await scanned(back)).toEqual([...values].sort());
  }, 120_000);

  it("TSPL: a QR code turned 90/180/270 goes as QRCODE with its rotation (ZPL: a picture); read back it is the picture", async () => {
    const els: LabelElement[] = [];
    for (const [i, turn] of ([90, 180, 270] as const).entries())
      els.push({
        // not square: the element turns about its centre, the symbol with it
        ...createElement("QRcode", els, { x: 4 + i * 32, y: 6, width: 26, height: 20 }),
        ...boundTo(`TURNED-${turn}`),
        Rotate: turn,
      } as LabelElement);
    const doc = { ...emptyDocument({ width: 100, height: 40 }), elements: els };
    const tspl = await job(doc, "TSPL", "native");
    const text = tspl.toString("latin1");
    for (const turn of [90, 180, 270])
      expect(text).toMatch(new RegExp(`^QRCODE \\d+,\\d+,M,\\d+,A,${turn},"TURNED-${turn}"\r$`, "m"));
    expect(text).not.toContain("BITMAP ");
    // ^BQ draws upright only: ZPL keeps the turned codes in the picture
    const zpl = (await job(doc, "ZPL", "native")).toString("latin1");
    expect(zpl).not.toContain("^BQ");

    const [exact] = decodeZpl(await job(doc, "ZPL"));
    const [back] = await redrawn(tsplAsZpl(tspl, { width: 800, height: 320 }));
    expect(await scanned(back)).toEqual(["TURNED-180", "TURNED-270", "TURNED-90"]);
    expect(difference(back, exact)).toBeLessThan(0.02);
  }, 120_000);

  it("the printer setting: picture (default) or native; anything else is refused", () => {
    expect(printerSettingsOf({ sendAs: "native" }, "ZPL").settings).toEqual({ sendAs: "native" });
    expect(printerSettingsOf({ sendAs: "picture" }, "TSPL").settings).toEqual({ sendAs: "picture" });
    expect(printerSettingsOf({ sendAs: "vector" }, "TSPL").problems).toEqual([{ setting: "sendAs" }]);
  });
});

describe("the changing picture: the clock stored with the fixed part, the rest in small parts", () => {
  /** 100 × 60 mm: a title, a time, and two numbered texts far apart (top left, bottom right). */
  function changingLabel(records: number): LabelDocument {
    const els: LabelElement[] = [];
    els.push({ ...createElement("Text", els, { x: 30, y: 25 }), ...boundTo("Fixed title"), FontSize: 12 });
    els.push({ ...createElement("TimeText", els, { x: 5, y: 50 }), FontSize: 10 } as LabelElement);
    const numbered = (x: number, y: number, first: string) => {
      const text = createElement("Text", els, { x, y });
      const seq = createDataSource({
        DataSourceType: 2,
        InitialValue: first,
        FirstValue: first,
        Quantity: records,
      });
      // slanted (synthetic italic): a printer font would not draw it as we do, so it stays a picture
      els.push({ ...text, Data: first, DataSourceList: [seq], FontSize: 14, Italic: true } as LabelElement);
    };
    numbered(5, 5, "A-1001");
    numbered(65, 48, "Z-5001");
    return { ...emptyDocument({ width: 100, height: 60 }), elements: els };
  }
  const NOW = new Date("2026-12-06T10:30:00Z");
  async function dated(doc: LabelDocument, language: "ZPL" | "TSPL", sendAs?: SendAs) {
    const parts: Uint8Array[] = [];
    const settings = sendAs ? { sendAs } : {};
    for await (const c of printJob(doc, { language, dpi: DPI, workers: 0, settings, now: NOW }))
      parts.push(c);
    return Buffer.concat(parts);
  }

  it("ZPL: the time goes once in the stored picture; each label carries its two numbers as two small ^GFA", async () => {
    const doc = changingLabel(2);
    const native = (await dated(doc, "ZPL", "native")).toString("latin1");
    const formats = native.split("^XZ").filter((f) => f.includes("^XA"));
    expect(formats).toHaveLength(2);
    expect(native.match(/~DGR:INKLESS\.GRF,/g)).toHaveLength(1);
    for (const f of formats) expect(f.match(/\^GFA/g)).toHaveLength(2);
    const exact = decodeZpl(await dated(doc, "ZPL"));
    const back = await redrawn(native);
    for (const [i, page] of back.entries()) expect(difference(page, exact[i])).toBe(0);
  }, 180_000);

  it("TSPL: a BITMAP for each number, not one from the first to the last; read back it is the picture", async () => {
    const doc = changingLabel(2);
    const native = await dated(doc, "TSPL", "native");
    const text = native.toString("latin1");
    expect(text.match(/^BITMAP /gm)).toHaveLength(4);
    // two numbers 12 mm high at most: far less than the 43 mm × 80 mm between them
    expect(native.length).toBeLessThan(16_000);
    const exact = decodeZpl(await dated(doc, "ZPL"));
    const back = await redrawn(tsplAsZpl(native, SIZE));
    for (const [i, page] of back.entries()) expect(difference(page, exact[i])).toBe(0);
  }, 180_000);
});

describe("GS1 2D codes in the printer's own commands", () => {
  // a "_" (ZPL's escape) and a "(" (written "\\(") in the serial; GS after the batch and the serial
  const AIS = "(01)09506000134352(10)AB-12/3(17)261231(21)S_\\(9)X(3103)001250";
  const RAW = `0109506000134352${"10AB-12/3"}${GS}17261231${"21S_(9)X"}${GS}3103001250`;
  const URI = "https://id.gs1.org/01/09506000134352/10/AB-12%2F3/21/S_%289%29X?17=261231&3103=001250";

  function gs1Label(): LabelDocument {
    const els: LabelElement[] = [];
    const code = (type: number, x: number, size: number) =>
      els.push({
        ...createElement("QRcode", els, { x, y: 5, width: size, height: size }),
        ...boundTo(AIS),
        QrCodeType: type,
        ErrorCorrectionLevel: type === 6 ? "" : "M",
      } as LabelElement);
    code(6, 5, 22);
    code(7, 35, 25);
    code(8, 66, 30);
    return { ...emptyDocument({ width: 100, height: 40 }), elements: els };
  }

  /** Each symbol's reading: format, symbology identifier, content type and text. */
  const symbols = async (p: Page) =>
    (await decode(toRgba(p), { maxNumberOfSymbols: 8, textMode: "Plain" }))
      .map((r) => `${r.format} ${r.symbologyIdentifier} ${r.contentType} ${r.text}`)
      .sort();
  const EXPECTED_GS1 = [`DataMatrix ]d2 GS1 ${RAW}`, `QRCode ]Q1 Text ${URI}`, `QRCode ]Q3 GS1 ${RAW}`];

  it("ZPL: GS1 DataMatrix as ^BX with FNC1 as its escape _1, Digital Link as ^BQ, GS1 QR a picture", async () => {
    const doc = gs1Label();
    const picture = decodeZpl(await job(doc, "ZPL"));
    expect(await symbols(picture[0])).toEqual(EXPECTED_GS1);
    const zpl = (await job(doc, "ZPL", "native")).toString("latin1");
    // ^FH's "_5F" is the "_" that ^BX reads: "_1" FNC1, "__" the serial's "_"
    expect(zpl).toMatch(/\^BXN,\d+,200,\d+,\d+,,_\^FH\^FD_5F1010950600013435210AB-12\/3_5F117261231/);
    expect(zpl).toContain("21S_5F_5F(9)X_5F13103001250^FS");
    expect(zpl.match(/\^BQ/g)).toHaveLength(1);
    expect(zpl).toContain(`^FDMA,${URI.replaceAll("_", "_5F")}^FS`);
    const [page] = await redrawn(zpl);
    expect(await symbols(page)).toEqual(EXPECTED_GS1);
  }, 180_000);

  it('TSPL: GS1 DataMatrix as DMATRIX with FNC1 as "~1", Digital Link as QRCODE', async () => {
    const doc = gs1Label();
    const tspl = (await job(doc, "TSPL", "native")).toString("latin1");
    expect(tspl).toMatch(/^DMATRIX \d+,\d+,\d+,\d+,c126,x\d+,\d+,\d+,"~10109506000134352/m);
    expect(tspl).toContain("10AB-12/3~117261231");
    expect(tspl.match(/^QRCODE /gm)).toHaveLength(1);
    const [page] = await redrawn(tsplAsZpl(Buffer.from(tspl, "latin1"), { width: 800, height: 320 }));
    expect(await symbols(page)).toEqual(EXPECTED_GS1);
  }, 180_000);
});

describe("a network printer of the print assistant set to its own commands", () => {
  it("keeps the setting in its entry and prints the label's codes as commands", async () => {
    const { file, printer, client, close } = await pairedAssistant("inkless-native-");
    try {
      const entry = { name: "Zebra", host: "127.0.0.1", port: printer.port, language: "ZPL", dpi: 203 };
      await client.request({ cmd: "addPrinter", printer: { ...entry, settings: { sendAs: "native" } } });
      const saved = JSON.parse(readFileSync(file, "utf8")).printers[0];
      expect(saved.settings).toEqual({ sendAs: "native" });
      const sent = printer.nextJob();
      const reply = await client.request({
        cmd: "outputPrintting",
        printer: "Zebra",
        xml: serializeTprt(nativeLabel(1)),
        copies: 1,
      });
      expect(reply.code).toBe(200);
      const zpl = (await sent).toString("latin1");
      expect(zpl).toContain("^FDINK-1001^FS");
      expect(zpl).toContain("^XGR:INKLESS.GRF");
    } finally {
      await close();
    }
  }, 120_000);
});
