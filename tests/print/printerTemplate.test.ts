// `label render --out x.zpl | x.tspl`: the label as a printer template (issue 36), sent to the fake
// printer. The ZPL stored format (^DF, ^FN fields) is filled with each ^XF recall's data by our ZPL
// reader, the TSPL program with each call's variables by the test's TSPL reader, as a printer
// would; our own ZPL reader then reads each filled label back: the changing
// Code 128 and text carry the record's values, the fixed codes and boxes are there.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseArgs } from "../../src/cli/args";
import { renderTemplate } from "../../src/cli/renderTemplate";
import { createDataSource, emptyDocument } from "../../src/model/defaults";
import { serializeTprts } from "../../src/model/file";
import { elementBox } from "../../src/model/geometry";
import { createElement } from "../../src/model/kinds";
import type { LabelDocument, LabelElement } from "../../src/model/types";
import { printerTemplate, templateName } from "../../src/print/native/template";
import { getFontRegistry, prepareRender } from "../../src/render";
import { readZpl } from "../../src/zpl";
import { decodeZpl, type Page } from "./support/decodeJob";
import { type FakePrinter, startFakePrinter } from "./support/fakePrinter";
import { difference, job, redrawn, tsplLabels } from "./support/nativeJob";
import { nativeLabel } from "./support/nativeLabel";
import { SCRIPT_TEXTS, scriptsLabel } from "./support/scriptsLabel";

const dir = mkdtempSync(join(tmpdir(), "inkless-template-"));
let printer: FakePrinter;
beforeAll(async () => {
  printer = await startFakePrinter();
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await printer.close();
});

/** The native label of three records with a changing text too (LOT-7, LOT-8, LOT-9). */
function label(lotStart = "LOT-7", family?: string): LabelDocument {
  const doc = nativeLabel(3);
  const t = createElement("Text", doc.elements, { x: 30, y: 4 });
  const seq = createDataSource({
    DataSourceType: 2,
    InitialValue: lotStart,
    FirstValue: lotStart,
    Quantity: 3,
  });
  const lot = {
    ...t,
    Name: "Lot",
    Data: lotStart,
    DataSourceList: [seq],
    FontSize: 12,
    ...(family ? { FontFamily: family } : {}),
  } as LabelElement;
  return { ...doc, attrs: { ...doc.attrs, name: "Shelf 7" }, elements: [...doc.elements, lot] };
}

const messages: string[] = [];
const said: { key: string; vars?: Record<string, string | number> }[] = [];
async function template(ext: "zpl" | "tspl", doc = label()): Promise<Buffer> {
  const file = join(dir, "t.tprts");
  writeFileSync(file, serializeTprts(doc));
  const out = join(dir, `t.${ext}`);
  await renderTemplate(parseArgs(["render", file, "--out", out]), (key, vars) => {
    messages.push(key);
    said.push({ key, vars });
    return key;
  });
  return readFileSync(out);
}

/** What the fake printer received of a job sent to it (an ERP's). */
async function sent(job: Buffer): Promise<Buffer> {
  const sock = connect(printer.port, "127.0.0.1");
  sock.end(job);
  const received = await printer.nextJob();
  expect(received.equals(job)).toBe(true);
  return received;
}

/**
 * The ZPL template through the fake printer, read by our ZPL reader, which keeps the ^DF stored
 * format and plays it back at each ^XF recall with the recall's ^FN data: each label's values.
 */
async function filledZpl(text: string): Promise<string[][]> {
  const read = await readZpl(await sent(Buffer.from(text, "utf8")), { dpi: 203 });
  expect(read.unknown).toEqual([]);
  return read.docs.map((d) => d.elements.flatMap((el) => ("Data" in el ? [String(el.Data)] : [])));
}

/**
 * What the fake printer prints of a TSPL template: the test's TSPL reader keeps the program and its
 * fonts, and runs the program at each call with the variables set before it (as a printer would),
 * each label as ZPL with the fonts before it.
 */
async function filledTspl(
  job: Buffer,
  name = "SHELF7",
  size = { width: 800, height: 480 },
): Promise<string[]> {
  // the program goes into the flash, as its fonts do: it outlives a power-off
  expect(job.toString("latin1")).toContain(`DOWNLOAD F,"${name}.BAS"\r\n`);
  return tsplLabels(await sent(job), size);
}

async function readBack(zpl: string) {
  const read = await readZpl(new TextEncoder().encode(zpl), { dpi: 203 });
  expect(read.unknown).toEqual([]);
  return read.docs.flatMap((d) => d.elements.flatMap((el) => ("Data" in el ? [String(el.Data)] : [])));
}

/** The leftmost and rightmost inked dot of a page's rows from `top` to `bottom`. */
function inkSpan(page: Page, top: number, bottom: number): [number, number] {
  let min = page.width;
  let max = -1;
  for (let y = top; y < Math.min(bottom, page.height); y++)
    for (let x = 0; x < page.width; x++)
      if (page.dots[y * page.width + x]) {
        min = Math.min(min, x);
        max = Math.max(max, x);
      }
  expect(max).toBeGreaterThanOrEqual(0);
  return [min, max];
}

describe("printer templates", () => {
  it("ZPL: a ^DF stored format with ^FN fields named after the label's sources, a ^XF recall per record", async () => {
    const text = (await template("zpl")).toString("utf8");
    expect(text).toMatch(/\^FN1"Barcode[^"]*"\^FS/);
    expect(text).toContain('^FN2"Lot"^FS');
    const labels = await filledZpl(text);
    expect(labels).toHaveLength(3);
    for (const [i, data] of labels.entries()) {
      expect(data).toEqual(
        expect.arrayContaining([`INK-100${i + 1}`, `LOT-${7 + i}`, "590123412345", "DM-42"]),
      );
    }
    expect(messages).toEqual([]);
  }, 120_000);

  it("TSPL: a DOWNLOAD program with a variable per changing field, a call per record", async () => {
    const labels = await filledTspl(await template("tspl"));
    expect(labels).toHaveLength(3);
    for (const [i, zpl] of labels.entries()) {
      const data = await readBack(zpl);
      expect(data).toEqual(
        expect.arrayContaining([`INK-100${i + 1}`, `LOT-${7 + i}`, "590123412345", "DM-42"]),
      );
    }
  }, 120_000);

  it("a template is never stored under a name the printer runs at power-up (TSPL AUTO.BAS, Zebra AUTOEXEC.ZPL)", async () => {
    const named = (name: string) => ({ ...label(), attrs: { ...label().attrs, name } });
    const tspl = (await template("tspl", named("Auto"))).toString("latin1");
    expect(tspl.startsWith('DOWNLOAD F,"AUTO1.BAS"\r\n')).toBe(true);
    expect(tspl).toMatch(/\r\nAUTO1\r\n$/);
    expect(tspl).not.toContain('"AUTO.BAS"');
    const zpl = (await template("zpl", named("auto-exec"))).toString("utf8");
    expect(zpl).toContain("^DFE:AUTOEXE1.ZPL^FS");
    expect(zpl).not.toContain("AUTOEXEC.ZPL");
    // the name is cut to 8 first
    expect(templateName(named("Autoexec 2"))).toBe("AUTOEXE1");
  }, 120_000);

  it("a changing GS1 DataMatrix: ZPL ^BX and TSPL DMATRIX fields whose data carries FNC1 as the escape", async () => {
    const doc = label();
    const dm = createElement("QRcode", doc.elements, { x: 30, y: 40, width: 18, height: 18 });
    const first = "(01)09506000134352(21)1001";
    const seq = createDataSource({ DataSourceType: 2, InitialValue: first, FirstValue: first, Quantity: 3 });
    const gs1 = { ...dm, Name: "Serial", QrCodeType: 6, Data: first, DataSourceList: [seq] } as LabelElement;
    const withDm = { ...doc, elements: [...doc.elements, gs1] };
    const zpl = (await template("zpl", withDm)).toString("utf8");
    expect(zpl).toMatch(/\^BXN,\d+,200,\d+,\d+,,_\^FH\^FN3"Serial"\^FS/);
    expect(zpl).toContain("^FN3^FH^FD_5F10109506000134352211002^FS");
    const tspl = await template("tspl", withDm);
    expect(tspl.toString("latin1")).toContain('V3$="~10109506000134352211003"');
    const tsplData = await Promise.all((await filledTspl(tspl)).map(readBack));
    for (const labels of [await filledZpl(zpl), tsplData])
      for (const [i, data] of labels.entries()) expect(data).toContain(`(01)09506000134352(21)100${i + 1}`);
  }, 120_000);

  it("record data never becomes printer commands: line breaks and prefixes stay data", async () => {
    const hostile = label('X"\r\nSELFTEST\r\n^XA^IDE:*.*^FS~JR 7');
    const tspl = (await template("tspl", hostile)).toString("latin1");
    expect(tspl).not.toMatch(/^SELFTEST\r?$/m);
    expect(tspl).toContain('V2$="X\\["]  SELFTEST  ^XA^IDE:*.*^FS~JR 7"\r\n');
    const zpl = (await template("zpl", hostile)).toString("utf8");
    expect(zpl).not.toContain("^IDE");
    expect(zpl).toContain('^FN2^FH^FDX"\r\nSELFTEST\r\n_5EXA_5EIDE:*.*_5EFS_7EJR 7^FS');
  }, 120_000);

  it("names a changing text whose records have characters the printer's own font may not draw", async () => {
    said.length = 0;
    // Ó is Latin-1 (the printer's font has it), Ł and Ź are not
    const text = (await template("zpl", label("ŁÓDŹ-7"))).toString("utf8");
    expect(text).toContain("^FDŁÓDŹ-7^FS");
    expect(said).toEqual([{ key: "cli.render.templateFont", vars: { name: "Lot", chars: "Ł Ź" } }]);
    said.length = 0;
    const tspl = (await template("tspl", label("ÓRBITA-7"))).toString("utf8");
    // TSPL reads the variables as UTF-8, so a Latin-1 text prints as typed
    expect(tspl).toMatch(/\r\nCODEPAGE UTF-8\r\nCLS\r\n/);
    expect(tspl).toContain('V2$="ÓRBITA-7"');
    expect(said).toEqual([]);
  }, 120_000);

  it("a changing text that needs shaping (Arabic, Thai) is left out and named, never sent as printer text; Korean still goes", async () => {
    for (const [first, family] of [
      ["مرحبا بالعالم 7", "Noto Sans Arabic"],
      ["สวัสดีครับ 7", "Noto Sans Thai"],
    ]) {
      const base = scriptsLabel(2, {}, [{ first, family }]);
      const doc = { ...base, attrs: { ...base.attrs, name: "Shaped" } };
      for (const language of ["ZPL", "TSPL"] as const) {
        const t = await printerTemplate(doc, language, { dpi: 203 });
        const text = Buffer.from(t.bytes).toString("utf8");
        expect(t.left).toEqual(["Text 1"]);
        expect(t.fields).toEqual([]);
        expect(text).not.toMatch(/\^FN1|\^A@|V1\$|\.TTF/);
      }
    }
    const base = scriptsLabel(2, {}, [{ first: "안녕하세요 7", family: "Noto Sans KR" }]);
    const korean = await printerTemplate({ ...base, attrs: { ...base.attrs, name: "Korean" } }, "ZPL", {
      dpi: 203,
    });
    expect(korean.left).toEqual([]);
    expect(Buffer.from(korean.bytes).toString("utf8")).toMatch(
      /\^A@N,\d+,\d+,E:F[0-9A-F]{7}\.TTF\^FH\^FN1"Text 1"\^FS/,
    );
  }, 120_000);

  it("a centred and a right-aligned changing text stay so for a short and a long value (ZPL ^FB C / R, TSPL TEXT's alignment)", async () => {
    const els: LabelElement[] = [];
    const changing = (name: string, y: number, align: 0 | 2): LabelElement => {
      const t = createElement("Text", els, { x: 30, y });
      const seq = createDataSource({ DataSourceType: 2, InitialValue: "7", FirstValue: "7", AddedValue: 1 });
      return {
        ...t,
        Name: name,
        Data: "7",
        DataSourceList: [seq],
        FontSize: 12,
        TextAlign: align,
      } as LabelElement;
    };
    els.push(changing("Middle", 4, 0), changing("Right", 22, 2));
    const doc: LabelDocument = {
      ...emptyDocument({ width: 80, height: 40 }),
      attrs: { ...emptyDocument({ width: 80, height: 40 }).attrs, name: "Aligned" },
      elements: els,
    };
    await prepareRender(doc, { target: "print", dpi: 203 });
    // where the printer must keep them: the first text's centre, the second's right end (dots)
    const dots = (mm: number) => (mm * 203) / 25.4;
    const centre = dots(els[0].StartX + els[0].Width / 2);
    const right = dots(els[1].StartX + els[1].Width);
    const values = ["7", "A MUCH LONGER VALUE 12345"];
    const check = (page: Page) => {
      const middle = inkSpan(page, 0, 120);
      const end = inkSpan(page, 150, 300);
      expect(Math.abs((middle[0] + middle[1]) / 2 - centre)).toBeLessThan(4);
      expect(Math.abs(end[1] - right)).toBeLessThan(4);
    };

    const zpl = Buffer.from((await printerTemplate(doc, "ZPL", { dpi: 203 })).bytes).toString("utf8");
    expect(zpl).toMatch(/\^FO\d+,\d+\^A0N,\d+,\d+\^FB\d+,1,0,C\^FH\^FN1"Middle"\^FS/);
    expect(zpl).toMatch(/\^FO0,\d+\^A0N,\d+,\d+\^FB\d+,1,0,R\^FH\^FN2"Right"\^FS/);
    const stored = zpl.slice(0, zpl.indexOf("^XZ") + 4);
    for (const v of values) {
      const recall = `^XA^CI28^XFE:ALIGNED.ZPL^FS^FN1^FH^FD${v}^FS^FN2^FH^FD${v}^FS^PQ1^XZ\n`;
      const [page] = await redrawn(await sent(Buffer.from(stored + recall, "utf8")));
      check(page);
    }

    const tspl = Buffer.from((await printerTemplate(doc, "TSPL", { dpi: 203 })).bytes);
    const program = tspl.toString("latin1");
    expect(program).toMatch(/\r\nTEXT \d+,\d+,"0",0,12,12,2,V1\$\r\n/);
    expect(program).toMatch(/\r\nTEXT \d+,\d+,"0",0,12,12,3,V2\$\r\n/);
    const end = program.indexOf("EOP\r\n") + 5;
    for (const v of values) {
      const call = Buffer.from(`V1$="${v}"\r\nV2$="${v}"\r\nALIGNED\r\n`, "latin1");
      const [filled] = await filledTspl(Buffer.concat([tspl.subarray(0, end), call]), "ALIGNED", {
        width: 640,
        height: 320,
      });
      const [page] = await redrawn(filled);
      check(page);
    }
  }, 180_000);

  it("TSPL: a turned changing text prints in its own box (TEXT turns about its x,y, the upright top left)", async () => {
    const els: LabelElement[] = [];
    const turned = (name: string, x: number, rotate: 90 | 180 | 270): LabelElement => {
      const t = createElement("Text", els, { x, y: 6 });
      const seq = createDataSource({ DataSourceType: 2, InitialValue: "7", FirstValue: "7", AddedValue: 1 });
      return {
        ...t,
        Name: name,
        Data: "TURN7",
        DataSourceList: [seq],
        FontSize: 12,
        Rotate: rotate,
      } as LabelElement;
    };
    els.push(turned("Down", 6, 90), turned("Over", 26, 180), turned("Up", 52, 270));
    const doc: LabelDocument = {
      ...emptyDocument({ width: 80, height: 40 }),
      attrs: { ...emptyDocument({ width: 80, height: 40 }).attrs, name: "Turned" },
      elements: els,
    };
    await prepareRender(doc, { target: "print", dpi: 203 });
    const dots = (mm: number) => (mm * 203) / 25.4;
    const tspl = Buffer.from((await printerTemplate(doc, "TSPL", { dpi: 203 })).bytes);
    const end = tspl.toString("latin1").indexOf("EOP\r\n") + 5;
    const call = Buffer.from('V1$="TURN7"\r\nV2$="TURN7"\r\nV3$="TURN7"\r\nTURNED\r\n', "latin1");
    const [filled] = await filledTspl(Buffer.concat([tspl.subarray(0, end), call]), "TURNED", {
      width: 640,
      height: 320,
    });
    const [page] = await redrawn(filled);
    for (const el of els) {
      const b = elementBox(el);
      // the ink of the text's own columns lies within its box, not a text height beside it
      const [left, right] = [Math.floor(dots(b.x)), Math.ceil(dots(b.x + b.width))];
      let [top, bottom, inked] = [page.height, -1, 0];
      for (let y = 0; y < page.height; y++)
        for (let x = left; x < right; x++)
          if (page.dots[y * page.width + x])
            [top, bottom, inked] = [Math.min(top, y), Math.max(bottom, y), inked + 1];
      expect(inked, el.Name).toBeGreaterThan(50);
      expect(top, el.Name).toBeGreaterThanOrEqual(dots(b.y) - 4);
      expect(bottom, el.Name).toBeLessThanOrEqual(dots(b.y + b.height) + 4);
    }
    // nothing inked left of the first text's box (before: drawn a text height to its left)
    expect(inkSpan(page, 0, page.height)[0]).toBeGreaterThanOrEqual(dots(elementBox(els[0]).x) - 4);
  }, 180_000);

  it("ZPL: a text in a script the printer's fonts lack carries the label's font; an ERP's other values in that script print in it", async () => {
    for (const [first, later] of [
      ["Ελλάδα-7", "Καλημέρα κόσμε"],
      ["Zażółć-7", "Gęślą jaźń Łódź"],
      ["Москва-7", "Ёжик в тумане"],
    ]) {
      said.length = 0;
      const text = (await template("zpl", label(first, "Noto Sans"))).toString("utf8");
      // the font goes with the template, before the stored format, into the printer's flash
      const font = /~DYE:(F[0-9A-F]{7}),A,T,(\d+),,[0-9A-F]+\n\^XA\n\^DFE:SHELF7\.ZPL/.exec(text);
      expect(font).not.toBeNull();
      expect(Number(font?.[2])).toBeLessThan(60_000);
      const field = new RegExp(
        `\\^FT\\d+,\\d+\\^A@N,\\d+,\\d+,E:${font?.[1]}\\.TTF\\^FH\\^FN(\\d+)"Lot"\\^FS`,
      ).exec(text);
      expect(field).not.toBeNull();
      expect(said).toEqual([]);
      // an ERP recalls the format with a value of its own, never written in the template
      const recall = `^XA^CI28^XFE:SHELF7.ZPL^FS^FN${field?.[1]}^FH^FD${later}^FS^PQ1^XZ\n`;
      const read = await readZpl(new TextEncoder().encode(text + recall), { dpi: 203 });
      const doc = read.docs[read.docs.length - 1];
      const lot = doc.elements.find((el) => el.Type === "Text" && el.Data === later);
      expect(lot?.Type === "Text" && lot.FontFamily).toMatch(new RegExp(`^ZPL ${font?.[1]} [0-9a-f]{8}$`));
      // the downloaded font has every character of the new value
      const face = getFontRegistry().chain((lot as { FontFamily: string }).FontFamily)[0];
      for (const c of later.replace(/ /g, ""))
        expect(face.metric(c.codePointAt(0) as number)).toBeGreaterThan(0);
    }
  }, 180_000);

  it("TSPL: texts in scripts the printer's fonts lack carry the label's fonts (DOWNLOAD F, TEXT in them); filled, each label is our picture; an ERP's other values print in them", async () => {
    // Polish, Greek (Noto Sans) and Cyrillic (Noto Sans SC) texts numbered per record
    const base = scriptsLabel(3, {}, SCRIPT_TEXTS.slice(1));
    const doc = { ...base, attrs: { ...base.attrs, name: "Scripts" } };
    const t = await printerTemplate(doc, "TSPL", { dpi: 203 });
    expect(t.outsideFont).toEqual([]);
    const bytes = Buffer.from(t.bytes);
    const text = bytes.toString("latin1");
    // each face once, into the flash, before the program
    const fonts = [...text.matchAll(/DOWNLOAD F,"(F[0-9A-F]{7}\.TTF)",(\d+),/g)];
    expect(fonts.map((f) => f[1]).sort()).toHaveLength(2);
    for (const f of fonts) expect(Number(f[2])).toBeLessThan(60_000);
    for (const f of fonts) expect(text.indexOf('DOWNLOAD F,"SCRIPTS.BAS"\r\n')).toBeGreaterThan(f.index);
    const program = text.slice(text.indexOf('DOWNLOAD F,"SCRIPTS.BAS"'));
    expect(program).toContain("CODEPAGE UTF-8\r\n");
    for (const v of [1, 2, 3])
      expect(program).toMatch(new RegExp(`\r\nTEXT \\d+,\\d+,"F[0-9A-F]{7}\\.TTF",0,16,16,V${v}\\$\r\n`));

    // filled as the printer would, read back and drawn: each record's label is our picture of it
    const filled = await filledTspl(bytes, "SCRIPTS", { width: 800, height: 400 });
    expect(filled).toHaveLength(3);
    const exact = decodeZpl(await job(doc, "ZPL"));
    for (const [i, zpl] of filled.entries()) {
      const [page] = await redrawn(zpl);
      expect(difference(page, exact[i], 1)).toBeLessThan(0.01);
    }

    // an ERP calls the program with values of its own, never written in the template
    const later = ["Gęślą jaźń Łódź", "Καλημέρα κόσμε", "Ёжик в тумане"];
    const call = `${later.map((v, i) => `V${i + 1}$="${v}"\r\n`).join("")}SCRIPTS\r\n`;
    const end = text.indexOf("EOP\r\n") + 5;
    const [erp] = await filledTspl(
      Buffer.concat([bytes.subarray(0, end), Buffer.from(call, "utf8")]),
      "SCRIPTS",
      {
        width: 800,
        height: 400,
      },
    );
    const read = await readZpl(new TextEncoder().encode(erp), { dpi: 203 });
    for (const value of later) {
      const el = read.docs[0].elements.find((e) => e.Type === "Text" && e.Data === value);
      expect(el?.Type === "Text" && el.FontFamily).toMatch(/^ZPL F[0-9A-F]{7} [0-9a-f]{8}$/);
      // the downloaded font has every character of the new value
      const face = getFontRegistry().chain((el as { FontFamily: string }).FontFamily)[0];
      for (const c of value.replace(/ /g, ""))
        expect(face.metric(c.codePointAt(0) as number)).toBeGreaterThan(0);
    }
  }, 180_000);
});
