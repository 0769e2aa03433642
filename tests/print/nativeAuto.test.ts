// "Send as: automatic", a printer's default (issue 36): a page goes as the printer's own commands
// when each of them prints the dots our picture shows (native/equivalent.ts), else as the exact
// picture; a user's explicit choice wins. Read back with our ZPL reader (TSPL through src/tspl),
// the label is the picture within a dot, and every code decodes (zxing) in both.
import { describe, expect, it } from "vitest";
import { createResolver } from "../../src/data/index";
import { serializeTprt } from "../../src/model/file";
import type { LabelDocument, LabelElement } from "../../src/model/types";
import { printSvg, rasterSvg } from "../../src/print/raster";
import { printerSettingsOf } from "../../src/print/settings";
import { getFontRegistry, prepareRender } from "../../src/render/index";
import { type PagePreview, pagePreview } from "../../src/zpl/nativePreview";
import { pairedAssistant } from "./support/assistantRig";
import { decodeZpl, type Page } from "./support/decodeJob";
import { DPI, difference, job, redrawn, scanned, tsplAsZpl } from "./support/nativeJob";
import { sameLabel } from "./support/sameLabel";

const SIZE = { width: 640, height: 400 };
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

  it("a label with something the printer would draw otherwise goes as the exact picture", async () => {
    for (const language of ["ZPL", "TSPL"] as const) {
      const doc = sameLabel(2, true);
      expect((await job(doc, language, null)).equals(await job(doc, language, "picture"))).toBe(true);
    }
    // a Code 128 with its human-readable line (the printer's font), a rounded frame
    const withLine = sameLabel(1);
    const code = withLine.elements[2];
    const lined = {
      ...withLine,
      elements: withLine.elements.map((el) =>
        el === code ? ({ ...el, BarcodeNumPosition: 1 } as LabelElement) : el,
      ),
    };
    expect((await job(lined, "ZPL", null)).toString("latin1")).not.toContain("^BC");
    const rounded = {
      ...withLine,
      elements: withLine.elements.map((el, i) => (i === 0 ? { ...el, CornerRadius: 3 } : el)),
    };
    expect((await job(rounded, "ZPL", null)).toString("latin1")).not.toContain("^GB");
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
      for (const [differ, native] of [
        [false, true],
        [true, false],
      ] as const) {
        const sent = printer.nextJob();
        const xml = serializeTprt(sameLabel(1, differ));
        const reply = await client.request({ cmd: "outputPrintting", printer: "Zebra", xml, copies: 1 });
        expect(reply.code).toBe(200);
        const zpl = (await sent).toString("latin1");
        expect(zpl.includes("^BCN")).toBe(native);
        expect(zpl.includes("^GFA")).toBe(!native);
        const [page] = native ? await redrawn(zpl) : decodeZpl(Buffer.from(zpl, "latin1"));
        expect(await scanned(page)).toEqual(EXPECTED(1));
      }
    } finally {
      await close();
    }
  }, 180_000);
});

describe("the print dialog's preview of a label printer", () => {
  const resolveOf = (doc: LabelDocument) => createResolver(doc, new Map(), new Date());
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
      const p = await pagePreview(doc, [record], [0, 1], resolveOf(doc), {
        language: "ZPL",
        dpi: DPI,
        sendAs: undefined,
        fonts: getFontRegistry(),
      });
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
      const p = await pagePreview(doc, [record], [0, 1], resolveOf(doc), {
        language: "TSPL",
        dpi: DPI,
        sendAs: "native",
        fonts: getFontRegistry(),
      });
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

  it("a picture page, and the user's picture setting, preview the picture", async () => {
    const differ = sameLabel(1, true);
    const resolve = resolveOf(differ);
    const opts = { language: "ZPL" as const, dpi: DPI, fonts: getFontRegistry() };
    expect((await pagePreview(differ, [0], [0], resolve, { ...opts, sendAs: undefined })).mode).toBe(
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
