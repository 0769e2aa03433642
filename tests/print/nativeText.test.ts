// Changing text as the printer's own text (issue 36): a text whose value changes per label goes to a
// ZPL printer as text fields in the label's fonts, downloaded once per job (~DY, cut to the job's
// characters) and called by ^A@. Our ZPL reader draws the job again with the fonts it downloaded,
// and the labels agree with our own pictures of them, for Latin, Polish, Greek and Cyrillic text.
import { describe, expect, it } from "vitest";
import { readZpl } from "../../src/zpl";
import { decodeZpl } from "./support/decodeJob";
import { DPI, difference, job, redrawn, tsplAsZpl } from "./support/nativeJob";
import { scriptsLabel, SCRIPT_TEXTS as TEXTS } from "./support/scriptsLabel";

describe("changing text in a downloaded TrueType font", () => {
  it("ZPL: ~DY once per job, each line ^FT…^A@ in UTF-8; read back it is our picture", async () => {
    const doc = scriptsLabel(3);
    const native = await job(doc, "ZPL", "native");
    const text = native.toString("utf8");
    const downloads = [...text.matchAll(/~DYR:(INK\d+),A,T,(\d+),,([0-9A-F]+)/g)];
    expect(downloads.length).toBeGreaterThanOrEqual(3);
    // each font cut to the job's characters: a few KB, not the family's whole file
    for (const d of downloads) {
      expect(Number(d[2])).toBeLessThan(40_000);
      expect(d[3].length).toBe(Number(d[2]) * 2);
    }
    // sent once, before the first label
    expect(text.indexOf("^XA")).toBeGreaterThan(text.lastIndexOf("~DY"));
    const formats = text.split("^XZ").filter((f) => f.includes("^XA"));
    expect(formats).toHaveLength(3);
    for (const f of formats) {
      expect(f).not.toContain("^GF");
      expect(f).toMatch(/\^FT\d+,\d+\^A@N,\d+,\d+,R:INK\d+\.TTF\^CI28\^FH\^FD/);
    }
    expect(formats[2]).toContain("Ёжик 1003");
    expect(formats[1]).toContain("κείμενα 1002");

    // our reader shows the second label's texts in the fonts the job downloaded
    const read = await readZpl(native, { dpi: DPI });
    const texts = read.docs[1].elements.map((el) =>
      el.Type === "Text" ? `${el.Data} ${el.FontFamily}` : "",
    );
    for (const [k, t] of TEXTS.entries())
      expect(texts[k]).toMatch(new RegExp(`^${t.first.replace("1001", "1002")} ZPL INK\\d+ [0-9a-f]{8}$`));

    const exact = decodeZpl(await job(doc, "ZPL"));
    const back = await redrawn(native);
    expect(back).toHaveLength(3);
    for (const [i, page] of back.entries()) expect(difference(page, exact[i], 1)).toBeLessThan(0.01);
  }, 180_000);

  it("TSPL: DOWNLOAD of each font once, each run TEXT in it, UTF-8; read back it is our picture", async () => {
    const doc = scriptsLabel(3);
    const native = await job(doc, "TSPL", "native");
    const text = native.toString("utf8");
    const downloads = [...native.toString("latin1").matchAll(/DOWNLOAD "(INK\d+\.TTF)",(\d+),/g)];
    expect(downloads.length).toBeGreaterThanOrEqual(3);
    for (const d of downloads) expect(Number(d[2])).toBeLessThan(40_000);
    expect(text).not.toContain("BITMAP ");
    expect(text.match(/^PRINT /gm)).toHaveLength(3);
    expect(text).toContain("CODEPAGE UTF-8\r\nTEXT ");
    expect(text).toMatch(/^TEXT \d+,\d+,"INK\d+\.TTF",0,16,16,"Ελληνικά κείμενα 1002"\r$/m);

    const exact = decodeZpl(await job(doc, "ZPL"));
    const back = await redrawn(tsplAsZpl(native, { width: 800, height: 400 }));
    expect(back).toHaveLength(3);
    for (const [i, page] of back.entries()) expect(difference(page, exact[i], 1)).toBeLessThan(0.01);
  }, 180_000);

  it("what a printer font would draw otherwise stays a picture: synthetic italic, stretch, a turned text", async () => {
    for (const patch of [{ Italic: true }, { TextAlign: 4 as const }, { Rotate: 90 as const }]) {
      const text = (await job(scriptsLabel(2, patch), "ZPL", "native")).toString("latin1");
      expect(text).not.toContain("~DY");
      expect(text).not.toContain("^A@");
      expect(text).toContain("^GFA");
    }
  }, 180_000);

  it("the job is smaller than its pictures, and the fonts go once however many labels", async () => {
    const ten = await job(scriptsLabel(10), "ZPL", "native");
    const picture = await job(scriptsLabel(10), "ZPL");
    expect(ten.toString("latin1").match(/~DY/g)?.length).toBe(
      (await job(scriptsLabel(2), "ZPL", "native")).toString("latin1").match(/~DY/g)?.length,
    );
    expect(ten.length).toBeLessThan(picture.length);
  }, 180_000);

  it("the reader: a downloaded font that is no font leaves its text to the fallback face; ^CW names a font; fonts past 16 are listed", async () => {
    const junk = "00".repeat(64);
    let zpl = `~DYR:BAD,A,T,64,,${junk}\n^XA^CWQ,R:BAD.TTF^FO10,10^AQN,30,30^FDstill here^FS^FT10,80^A@N,30,30,R:BAD.TTF^FDand here^FS^XZ`;
    const read = await readZpl(new TextEncoder().encode(zpl), { dpi: DPI });
    const texts = read.docs[0].elements.map((el) => (el.Type === "Text" ? el.Data : ""));
    expect(texts).toEqual(["still here", "and here"]);
    expect(read.unknown).toEqual([]);
    zpl = `${Array.from({ length: 17 }, (_, i) => `~DYR:F${i},A,T,64,,${junk}`).join("\n")}\n^XA^FO1,1^FDx^FS^XZ`;
    expect((await readZpl(new TextEncoder().encode(zpl), { dpi: DPI })).unknown).toEqual([
      { command: "~DY", count: 1 },
    ]);
  }, 60_000);
});
