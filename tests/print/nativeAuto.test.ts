// "Send as: automatic", a printer's default (issue 36): a page goes as the printer's own commands
// when each of them prints the dots our picture shows (native/equivalent.ts), else as the exact
// picture; a user's explicit choice wins. Read back with our ZPL reader (TSPL through src/tspl),
// the label is the picture within a dot, and every code decodes (zxing) in both.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createResolver } from "../../src/data/index";
import { parseLabelFile, serializeTprt } from "../../src/model/file";
import type { LabelDocument, LabelElement } from "../../src/model/types";
import { codeBands } from "../../src/print/native/codeLine";
import { pageSplitter } from "../../src/print/native/splitter";
import { printSvg, rasterSvg } from "../../src/print/raster";
import { printerSettingsOf } from "../../src/print/settings";
import { getFontRegistry, prepareRender } from "../../src/render/index";
import { type PagePreview, pagePreview } from "../../src/zpl/nativePreview";
import { benchLabel } from "../export/support/labels";
import { pairedAssistant } from "./support/assistantRig";
import { decodeZpl, type Page } from "./support/decodeJob";
import { DPI, difference, job, redrawn, scanned, tsplAsZpl } from "./support/nativeJob";
import { nativeLabel } from "./support/nativeLabel";
import { sameLabel } from "./support/sameLabel";

const SIZE = { width: 640, height: 400 };
const SHELF_TAG = "tests/fixtures/labels/shelf-tag.tprt";

/** Only what a printer draws otherwise: a rounded frame and an ellipse. */
function otherwise(): LabelDocument {
  const doc = sameLabel(1, true);
  const [frame] = doc.elements;
  const ellipse = doc.elements[doc.elements.length - 1];
  return { ...doc, elements: [{ ...frame, CornerRadius: 3 } as LabelElement, ellipse] };
}
const EXPECTED = (n: number) => [`LOT-100${n}`, "https://inkless.test/same"];

describe("send as: automatic (a printer with no setting)", () => {
  it("ZPL: a label the printer draws as we do goes as its commands; read back it is the picture", async () => {
    const doc = sameLabel(2);
    const sent = (await job(doc, "ZPL", null)).toString("latin1");
    const formats = sent.split("^XZ").filter((f) => f.includes("^XA"));
    expect(formats).toHaveLength(2);
    for (const f of formats) {
      for (const cmd of ["^GB", "^A@N", "^BCN,112,N,N", "^BQN"]) expect(f).toContain(cmd);
      expect(f).not.toContain("^GF");
    }
    const exact = decodeZpl(await job(doc, "ZPL", "picture"));
    const back = await redrawn(sent);
    for (const [i, page] of back.entries()) {
      expect(await scanned(page)).toEqual(EXPECTED(i + 1));
      expect(await scanned(exact[i])).toEqual(EXPECTED(i + 1));
      // the printer's text edges may land a dot off ours; nothing farther
      expect(difference(page, exact[i], 1)).toBeLessThan(0.01);
    }
  }, 180_000);

  it("TSPL: the same label as BOX / TEXT / BARCODE / QRCODE; read back it is the picture", async () => {
    const doc = sameLabel(2);
    const sent = await job(doc, "TSPL", null);
    const text = sent.toString("latin1");
    for (const cmd of ["BOX ", "TEXT ", 'BARCODE 88,128,"128"', "QRCODE "]) expect(text).toContain(cmd);
    expect(text).not.toContain("BITMAP ");
    const exact = decodeZpl(await job(doc, "ZPL", "picture"));
    const back = await redrawn(tsplAsZpl(sent, SIZE));
    for (const [i, page] of back.entries()) {
      expect(await scanned(page)).toEqual(EXPECTED(i + 1));
      expect(difference(page, exact[i], 1)).toBeLessThan(0.01);
    }
  }, 180_000);

  it("what the printer would draw otherwise goes in the picture, the rest as its commands", async () => {
    // an ellipse: the printer's curve
    const doc = sameLabel(2, true);
    const exact = decodeZpl(await job(doc, "ZPL", "picture"));
    const zpl = (await job(doc, "ZPL", null)).toString("latin1");
    for (const cmd of ["^GB", "^A@N", "^BCN,112,N,N", "^BQN", "^XG"]) expect(zpl).toContain(cmd);
    expect(zpl).not.toContain("^GE");
    const tspl = await job(doc, "TSPL", null);
    for (const cmd of ["BOX ", "BARCODE ", "QRCODE ", "PUTBMP "])
      expect(tspl.toString("latin1")).toContain(cmd);
    expect(tspl.toString("latin1")).not.toContain("ELLIPSE");
    for (const back of [await redrawn(zpl), await redrawn(tsplAsZpl(tspl, SIZE))])
      for (const [i, page] of back.entries()) {
        expect(await scanned(page)).toEqual(EXPECTED(i + 1));
        expect(difference(page, exact[i], 1)).toBeLessThan(0.01);
      }
    // a rounded frame (ZPL rounds in eighths): a picture, the code still ^BC
    const rounded = sameLabel(1);
    const roundedZpl = (
      await job(
        {
          ...rounded,
          elements: rounded.elements.map((el, i) => (i === 0 ? { ...el, CornerRadius: 3 } : el)),
        },
        "ZPL",
        null,
      )
    ).toString("latin1");
    expect(roundedZpl).not.toContain("^GB");
    expect(roundedZpl).toContain("^BCN");
    // nothing the printer draws as we do: the exact picture, byte for byte
    for (const language of ["ZPL", "TSPL"] as const) {
      const none = otherwise();
      expect((await job(none, language, null)).equals(await job(none, language, "picture"))).toBe(true);
    }
  }, 180_000);

  it("the user's choice wins: picture sends the picture, native the commands even where they differ", async () => {
    const same = sameLabel(1);
    expect((await job(same, "ZPL", "picture")).toString("latin1")).not.toContain("^BC");
    expect((await job(same, "ZPL", "auto")).equals(await job(same, "ZPL", null))).toBe(true);
    const differ = (await job(sameLabel(1, true), "ZPL", "native")).toString("latin1");
    expect(differ).toContain("^GE");
    expect(differ).toContain("^BC");
    expect(printerSettingsOf({ sendAs: "auto" }, "ZPL").settings).toEqual({ sendAs: "auto" });
  }, 180_000);

  it("the assistant sends a printer with no setting the commands of an equivalent label", async () => {
    const { printer, client, close } = await pairedAssistant("inkless-auto-");
    try {
      const entry = { name: "Zebra", host: "127.0.0.1", port: printer.port, language: "ZPL", dpi: 203 };
      await client.request({ cmd: "addPrinter", printer: entry });
      for (const [doc, native] of [
        [sameLabel(1, true), true],
        [otherwise(), false],
      ] as const) {
        const sent = printer.nextJob();
        const xml = serializeTprt(doc);
        const reply = await client.request({ cmd: "outputPrintting", printer: "Zebra", xml, copies: 1 });
        expect(reply.code).toBe(200);
        const zpl = (await sent).toString("latin1");
        expect(zpl.includes("^BCN")).toBe(native);
        expect(zpl.includes("^GFA")).toBe(!native);
        const [page] = native ? await redrawn(zpl) : decodeZpl(Buffer.from(zpl, "latin1"));
        expect(await scanned(page)).toEqual(native ? EXPECTED(1) : []);
      }
    } finally {
      await close();
    }
  }, 180_000);
});

describe("send as: automatic, element by element", () => {
  const shelfTag = () => {
    const r = parseLabelFile(new Uint8Array(readFileSync(SHELF_TAG)), "shelf-tag.tprt");
    if (!r.ok) throw new Error("shelf-tag.tprt does not read");
    return r.doc;
  };
  // each has something the printer would draw otherwise: a code's human-readable line, an ellipse,
  // a rounded frame, a turned QR code (TSPL)
  const labels: readonly [string, () => LabelDocument][] = [
    ["the bench label", () => benchLabel(2)],
    ["the codes label", () => nativeLabel(2)],
    ["the shelf tag", shelfTag],
  ];
  /** Where a code's human-readable line is, in dots: its band, a dot inside the bars' edge. */
  const lineBands = (doc: LabelDocument) =>
    doc.elements.flatMap((el) => {
      if (el.Type !== "Barcode" || el.BarcodeNumPosition === 0) return [];
      const b = codeBands(el).line;
      const d = (mm: number) => Math.round((mm * DPI) / 25.4);
      const top = d(b.y) + (el.BarcodeNumPosition === 1 ? 2 : 0);
      const bottom = d(b.y + b.height) - (el.BarcodeNumPosition === 2 ? 2 : 0);
      return [{ x0: d(b.x), x1: d(b.x + b.width), y0: top, y1: bottom }];
    });
  /** Dots of a region that differ between two pages, and the dots inked there. */
  function region(a: Page, b: Page, r: { x0: number; x1: number; y0: number; y1: number }) {
    let differ = 0;
    let inked = 0;
    for (let y = r.y0; y < r.y1; y++)
      for (let x = r.x0; x < r.x1; x++) {
        const p = a.dots[y * a.width + x];
        if (p) inked++;
        if (p !== b.dots[y * b.width + x]) differ++;
      }
    return { differ, inked };
  }

  for (const [name, make] of labels)
    for (const language of ["ZPL", "TSPL"] as const)
      it(`${language}: ${name} goes as the printer's commands with the rest in the picture; read back it is the picture`, async () => {
        const doc = make();
        const sent = await job(doc, language, null);
        const text = sent.toString("latin1");
        // the linear codes' bars as commands, the printer's own line off
        if (language === "ZPL") {
          expect(text).toMatch(/\^B[CE]N,\d+,N,N/);
          expect(text).toMatch(/\^GFA|\^XG/);
        } else {
          expect(text).toMatch(/BARCODE \d+,\d+,"(128|EAN13)",\d+,0,/);
          expect(text).toMatch(/BITMAP |PUTBMP /);
        }
        const exact = decodeZpl(await job(doc, "ZPL", "picture"));
        const zpl =
          language === "ZPL" ? sent : tsplAsZpl(sent, { width: exact[0].width, height: exact[0].height });
        const back = await redrawn(zpl);
        expect(back).toHaveLength(exact.length);
        const bands = lineBands(doc);
        expect(bands.length).toBeGreaterThan(0);
        for (const [i, page] of back.entries()) {
          const codes = await scanned(exact[i]);
          expect(codes.length).toBeGreaterThan(0);
          expect(await scanned(page)).toEqual(codes);
          expect(difference(page, exact[i], 1)).toBeLessThan(0.01);
          // the codes' lines are ours, dot for dot: the picture's digits, not the printer's font
          for (const band of bands) {
            const r = region(page, exact[i], band);
            expect(r.inked).toBeGreaterThan(50);
            expect(r.differ).toBe(0);
          }
        }
      }, 300_000);

  it("an EAN-13's guard bars are drawn once: the printer's to the other bars' bottom, their ends in the picture", async () => {
    const doc = nativeLabel(1);
    const ean = doc.elements.find((el) => el.Type === "Barcode" && el.BarCodeType === 7);
    if (ean?.Type !== "Barcode") throw new Error("no EAN-13");
    await prepareRender(doc, { target: "print", dpi: DPI });
    const resolve = createResolver(doc, new Map(), new Date());
    const split = pageSplitter(doc, [0], resolve, {
      language: "ZPL",
      dpi: DPI,
      fonts: getFontRegistry(),
      exact: true,
    }).split([0]);
    const part = split.pictureDoc.elements.find((el) => el.Id === ean.Id);
    expect(part).toMatchObject({ printPart: "line" });
    const bars = split.fields.find((f) => f.includes("^BE"));
    const height = Number(/\^BEN,(\d+)/.exec(bars ?? "")?.[1]);
    const top = Number(/\^FO\d+,(\d+)/.exec(bars ?? "")?.[1]);
    // the line part's picture inks nothing at the bars' height, and its guard ends start below them
    const line = { ...doc, elements: split.pictureDoc.elements.filter((el) => el.Id === ean.Id) };
    const [picture] = decodeZpl(await job(line, "ZPL"));
    let inBars = 0;
    let below = 0;
    for (let y = 0; y < picture.height; y++)
      for (let x = 0; x < picture.width; x++)
        if (picture.dots[y * picture.width + x]) {
          if (y >= top && y < top + height - 1) inBars++;
          else if (y >= top + height) below++;
        }
    expect(inBars).toBe(0);
    expect(below).toBeGreaterThan(100);
  }, 180_000);
});

describe("the print dialog's preview of a label printer", () => {
  const resolveOf = (doc: LabelDocument) => createResolver(doc, new Map(), new Date());
  /** The preview of record `record` of a two-record job for a printer of `language` set to `sendAs`. */
  const previewOf = (doc: LabelDocument, record: number, language: "ZPL" | "TSPL", sendAs?: "native") =>
    pagePreview(doc, [record], [0, 1], resolveOf(doc), {
      language,
      dpi: DPI,
      sendAs,
      fonts: getFontRegistry(),
    });
  /** The preview's layers drawn at the printer's dots, as resvg draws a page. */
  function previewDots(doc: LabelDocument, p: PagePreview, record: number): Page {
    const raster = { dpi: DPI, fonts: getFontRegistry() };
    const layers = [printSvg(p.pictureDoc, [record], resolveOf(doc), raster)];
    if (p.commands) layers.push(printSvg(p.commands, [0], () => new Map(), raster));
    const [base, ...over] = layers.map((svg) => rasterSvg(svg));
    const dots = new Uint8Array(base.width * base.height);
    for (const b of [base, ...over])
      for (let y = 0; y < base.height; y++)
        for (let x = 0; x < base.width; x++)
          if ((b.data[y * b.bytesPerRow + (x >> 3)] >> (7 - (x & 7))) & 1) dots[y * base.width + x] = 1;
    return { width: base.width, height: base.height, dots, copies: 1 };
  }

  it("ZPL: a native page is drawn from the commands sent, read back: the same dots as the job read back", async () => {
    const doc = sameLabel(2);
    await prepareRender(doc, { target: "print", dpi: DPI });
    const back = await redrawn(await job(doc, "ZPL", null));
    for (const record of [0, 1]) {
      const p = await previewOf(doc, record, "ZPL");
      expect(p.mode).toBe("native");
      expect(p.commands?.elements.map((el) => el.Type).sort()).toEqual([
        "Barcode",
        "QRcode",
        "Rectangle",
        "Text",
      ]);
      const shown = previewDots(doc, p, record);
      expect(await scanned(shown)).toEqual(EXPECTED(record + 1));
      expect(difference(shown, back[record])).toBe(0);
    }
  }, 180_000);

  it("TSPL: a native page is drawn from the TSPL sent (a turned QR code as QRCODE), the same dots as the job read back", async () => {
    // a QR code turned 90°: TSPL draws it (QRCODE's rotation), ZPL cannot (^BQ is upright only)
    const base = sameLabel(2);
    const doc = {
      ...base,
      elements: base.elements.map((el) => (el.Type === "QRcode" ? { ...el, Rotate: 90 as const } : el)),
    };
    await prepareRender(doc, { target: "print", dpi: DPI });
    const sent = await job(doc, "TSPL", "native");
    expect(sent.toString("latin1")).toMatch(/^QRCODE \d+,\d+,M,\d+,A,90,"https:\/\/inkless\.test\/same"\r$/m);
    const back = await redrawn(tsplAsZpl(sent));
    for (const record of [0, 1]) {
      const p = await previewOf(doc, record, "TSPL", "native");
      expect(p.mode).toBe("native");
      // the QR code is the printer's (its modules read back from QRCODE), not our picture of it
      expect(p.pictureDoc.elements.map((el) => el.Type)).not.toContain("QRcode");
      expect(p.commands?.elements.map((el) => el.Type).sort()).toEqual([
        "Barcode",
        "Image",
        "Rectangle",
        "Text",
      ]);
      const shown = previewDots(doc, p, record);
      expect(await scanned(shown)).toEqual(EXPECTED(record + 1));
      expect(difference(shown, back[record])).toBe(0);
    }
  }, 180_000);

  it("a code with its line: the bars drawn from the command sent, the line from the picture part", async () => {
    const doc = benchLabel(2);
    await prepareRender(doc, { target: "print", dpi: DPI });
    const back = await redrawn(await job(doc, "ZPL", null));
    const code = doc.elements.find((el) => el.Type === "Barcode");
    for (const language of ["ZPL", "TSPL"] as const)
      for (const record of [0, 1]) {
        const p = await previewOf(doc, record, language);
        expect(p.mode).toBe("native");
        expect(p.commands?.elements.find((el) => el.Type === "Barcode")).toMatchObject({
          BarcodeNumPosition: 0,
        });
        expect(p.pictureDoc.elements.find((el) => el.Id === code?.Id)).toMatchObject({ printPart: "line" });
        const shown = previewDots(doc, p, record);
        expect(await scanned(shown)).toEqual([`INK-00000${record + 1}`, `QR-00000${record + 1}`]);
        expect(difference(shown, back[record])).toBe(0);
      }
  }, 180_000);

  it("a picture page, and the user's picture setting, preview the picture", async () => {
    const differ = sameLabel(1, true);
    const resolve = resolveOf(differ);
    const opts = { language: "ZPL" as const, dpi: DPI, fonts: getFontRegistry() };
    const none = otherwise();
    expect((await pagePreview(none, [0], [0], resolveOf(none), { ...opts, sendAs: undefined })).mode).toBe(
      "picture",
    );
    const same = sameLabel(1);
    expect((await pagePreview(same, [0], [0], resolveOf(same), { ...opts, sendAs: "picture" })).mode).toBe(
      "picture",
    );
    expect((await pagePreview(differ, [0], [0], resolve, { ...opts, sendAs: "native" })).mode).toBe("native");
    expect(
      (await pagePreview(same, [0], [0], resolveOf(same), { ...opts, language: "TSPL", sendAs: "auto" }))
        .mode,
    ).toBe("native");
  }, 180_000);
});
