// The TSPL reader (src/tspl): a job written here by hand from TSC's manual — not by our writers —
// read back and drawn, every code decoding (zxing) to its content; and bad input: what it does not
// draw is listed, payloads cut short are left out, junk and loops end in a translated error or a
// list, never a hang.
import { describe, expect, it } from "vitest";
import { concat } from "../../src/export/pdf/writer";
import { readTspl, tsplToZpl } from "../../src/tspl";
import { ZplError } from "../../src/zpl";
import { redrawn, scanned, tsplAsZpl } from "../print/support/nativeJob";
import { junk } from "../zpl/support/hostile";

const enc = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const cat = (...parts: (string | Uint8Array)[]) =>
  concat(parts.map((p) => (typeof p === "string" ? enc(p) : p)));

const errorKey = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof ZplError ? e.key : String(e);
  }
  return "ok";
};

describe("reading TSPL", () => {
  it("draws a job of codes, shapes and text as the manual says; every code decodes to its content", async () => {
    const job = [
      "SIZE 100 mm,75 mm",
      "GAP 2 mm,0 mm",
      "DIRECTION 0",
      "CLS",
      "BOX 8,8,790,590,3",
      "BAR 10,180,780,4",
      'TEXT 20,20,"0",0,12,12,"Hello TSPL"',
      'BARCODE 20,60,"128",80,0,0,2,6,"ABC-123"',
      // turned 90° about (x,y): the square lies left of x
      'QRCODE 560,20,M,5,A,90,"TURNED QR"',
      'DMATRIX 20,220,140,140,c126,x6,"DM~~DATA"',
      'PDF417 240,220,400,120,0,E2,W2,H6,C3,"PDF-417"',
      'AZTEC 600,400,0,5,0,0,0,1,0,"AZTEC-1"',
      "ELLIPSE 240,420,120,60,3",
      "PRINT 1,1",
      "",
    ].join("\r\n");
    const [page] = await redrawn(tsplAsZpl(enc(job)));
    expect(page.width).toBe(800);
    expect(await scanned(page)).toEqual(["ABC-123", "AZTEC-1", "DM~DATA", "PDF-417", "TURNED QR"]);
  }, 120_000);

  it("turned BARCODE and TEXT turn about (x,y), as the manual's rotation does; each turned Code 128 decodes", async () => {
    // one field a label, so each page's ink is that field's; every code (start, 8 characters, check: 11 modules each, stop 13) 2 × 123 = 246 dots long
    const labels = [
      // [field, the ink's box in dots it must lie in: left, top, right, bottom]
      ['BARCODE 400,300,"128",80,0,90,2,4,"TURN-090"', [320, 300, 400, 300 + 246]],
      ['BARCODE 400,300,"128",80,0,180,2,4,"TURN-180"', [400 - 246, 220, 400, 300]],
      ['BARCODE 400,300,"128",80,0,270,2,4,"TURN-270"', [400, 300 - 246, 480, 300]],
      ['TEXT 400,300,"0",90,24,24,"Turned"', [400 - 68, 300, 400, 560]],
      ['TEXT 400,300,"3",180,1,1,"Turned"', [100, 300 - 24, 400, 300]],
      ['TEXT 400,300,"0",270,24,24,"Turned"', [400, 40, 400 + 68, 300]],
    ] as const;
    const job = ["SIZE 100 mm,75 mm", ...labels.flatMap(([field]) => ["CLS", field, "PRINT 1"]), ""].join(
      "\r\n",
    );
    const pages = await redrawn(tsplAsZpl(enc(job)));
    expect(pages).toHaveLength(labels.length);
    for (const [i, [field, [left, top, right, bottom]]] of labels.entries()) {
      const page = pages[i];
      let [x0, y0, x1, y1] = [Infinity, Infinity, -1, -1];
      for (let y = 0; y < page.height; y++)
        for (let x = 0; x < page.width; x++)
          if (page.dots[y * page.width + x])
            [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
      // within 2 dots of the box (a text's letters sit inside its line, so only inside it)
      expect([x0, y0], field).toEqual([expect.any(Number), expect.any(Number)]);
      expect(x0, field).toBeGreaterThanOrEqual(left - 2);
      expect(y0, field).toBeGreaterThanOrEqual(top - 2);
      expect(x1 + 1, field).toBeLessThanOrEqual(right + 2);
      expect(y1 + 1, field).toBeLessThanOrEqual(bottom + 2);
      if (field.startsWith("BARCODE")) {
        // a code fills its box: its bars from (x,y) on, as long as its modules
        expect(
          Math.abs(x0 - left) + Math.abs(y0 - top) + Math.abs(x1 + 1 - right) + Math.abs(y1 + 1 - bottom),
          field,
        ).toBeLessThanOrEqual(4);
        expect(await scanned(page)).toEqual([field.slice(-9, -1)]);
      } else {
        // the turned text's ink starts at (x,y)'s side of its box: its top toward the reference point
        const near = field.includes(",90,")
          ? right - (x1 + 1)
          : field.includes(",180,")
            ? 300 - (y1 + 1)
            : x0 - 400;
        expect(near, field).toBeLessThan(12);
      }
    }
  }, 120_000);

  it("lists what it does not draw and draws the rest", async () => {
    const job = cat(
      "SIZE 50 mm,30 mm\r\nCLS\r\n",
      "REVERSE 10,10,50,50\r\nFROB 1,2\r\n",
      'TEXT 10,10,"0",90,10,10,2,"turned and centred"\r\n',
      junk(40),
      '\r\nPUTBMP 0,0,"NONE.BMP"\r\nBAR 10,100,200,20\r\nPRINT 1\r\n',
    );
    const read = await readTspl(job, { dpi: 203 });
    expect(read.docs).toHaveLength(1);
    expect(read.docs[0].elements.map((el) => el.Type)).toEqual(["LineHorizontal"]);
    const listed = read.unknown.map((u) => u.command);
    for (const c of ["REVERSE", "FROB", "TEXT", "PUTBMP"]) expect(listed).toContain(c);
  });

  it("a BITMAP or a DOWNLOAD cut short is left out and listed; the label before it still prints", () => {
    const bitmap = tsplToZpl(cat("CLS\r\nBAR 1,1,8,8\r\nPRINT 1\r\nBITMAP 0,0,100,100,0,", junk(10)));
    expect(bitmap.labels).toHaveLength(1);
    expect(bitmap.unknown).toEqual([{ command: "BITMAP", count: 1 }]);
    const file = tsplToZpl(cat('CLS\r\nPRINT 1\r\nDOWNLOAD "A.BMP",99999,', junk(10)));
    expect(file.labels).toHaveLength(1);
    expect(file.unknown).toEqual([{ command: "DOWNLOAD", count: 1 }]);
    const program = tsplToZpl(enc('DOWNLOAD "P.BAS"\r\nCLS\r\nPRINT 1\r\n'));
    expect(program.labels).toHaveLength(0);
    expect(program.unknown).toEqual([{ command: "DOWNLOAD", count: 1 }]);
  });

  it("bounds: a job too large, too many labels, a program calling itself → a translated error", () => {
    expect(errorKey(() => tsplToZpl(new Uint8Array(8 * 1024 * 1024 + 1)))).toBe("tspl.error.tooLarge");
    expect(errorKey(() => tsplToZpl(enc("PRINT 1\r\n".repeat(501))))).toBe("tspl.error.tooManyLabels");
    // PRINTs without CLS: each label repeats every field so far
    const repeated = enc(`CLS\r\n${"BAR 1,1,8,8\r\n".repeat(20_000)}${"PRINT 1\r\n".repeat(500)}`);
    expect(errorKey(() => tsplToZpl(repeated))).toBe("tspl.error.tooLarge");
    expect(errorKey(() => tsplToZpl(enc('DOWNLOAD "LOOP.BAS"\r\nLOOP\r\nEOP\r\nLOOP\r\n')))).toBe(
      "tspl.error.programLoop",
    );
  });

  it("100,000 small programs and as many bitmaps: read in one pass (no search starts over from the top)", () => {
    const programs = tsplToZpl(enc('DOWNLOAD "P.BAS"\r\nEOP\r\n'.repeat(100_000)));
    expect(programs.unknown).toEqual([]);
    const bitmaps = tsplToZpl(enc("BITMAP 0,0,1,1,0,\xff\r\n".repeat(100_000)));
    expect(bitmaps.unknown).toEqual([]);
  });

  it("4 MB of junk: read to the end, its unknown lines listed under a bounded number of names", () => {
    const t = tsplToZpl(junk(4 * 1024 * 1024));
    expect(t.unknown.length).toBeLessThanOrEqual(51);
    expect(t.unknown.reduce((n, u) => n + u.count, 0)).toBeGreaterThan(0);
  });
});
