// A printer's own settings (issue 37): each is sent as its language's command, in TSPL and in ZPL,
// inside real jobs that still decode to the right labels; bad values are never sent.
import { describe, expect, it } from "vitest";
import { printerOf } from "../../src/assistant/config";
import { printJob } from "../../src/print/job";
import { calibrationCommand, type PrinterSettings, printerSettingsOf } from "../../src/print/settings";
import { decode } from "../codes/support/zxing";
import { decodeTspl, decodeZpl, toRgba } from "./support/decodeJob";
import { printLabel, VALUES } from "./support/label";

async function job(language: "TSPL" | "ZPL", settings: PrinterSettings, copies = 1) {
  const chunks: Uint8Array[] = [];
  // exact pictures, as the tests read them (the printer's commands: nativeAuto.test.ts)
  const picture = { sendAs: "picture" as const, ...settings };
  for await (const c of printJob(printLabel(), { language, dpi: 203, settings: picture, copies, workers: 0 }))
    chunks.push(c);
  return { chunks, bytes: Buffer.concat(chunks) };
}

const code128 = async (p: Parameters<typeof toRgba>[0]) =>
  (await decode(toRgba(p), { formats: ["Code128"] }))[0]?.text ?? "";

const ALL: PrinterSettings = {
  darkness: 12,
  speed: 4,
  media: "mark",
  gapMm: 3,
  markOffsetMm: 1,
  method: "transfer",
  direction: 1,
  topOffsetMm: 1,
  leftOffsetMm: 2,
  postPrint: "cut",
  cutEvery: 2,
};

describe("printer settings as TSPL commands", () => {
  it("the header carries every setting; the labels still decode", async () => {
    const { chunks, bytes } = await job("TSPL", ALL);
    expect(chunks).toHaveLength(3); // one chunk per page, the header inside the first
    const t = decodeTspl(bytes);
    expect(t.size).toBe("60 mm,30 mm");
    expect(t.settings).toEqual([
      "BLINE 3 mm,1 mm",
      "DENSITY 12",
      "SPEED 4",
      "SET RIBBON ON",
      "REFERENCE 16,8",
      "SET PEEL OFF",
      "SET TEAR OFF",
      "SET CUTTER 2",
    ]);
    expect(bytes.toString("latin1")).toContain("DIRECTION 1\r\n");
    expect(await Promise.all(t.pages.map(code128))).toEqual(VALUES);
  });

  it("continuous media, direct thermal, peel and tear", async () => {
    const cont = decodeTspl(
      (await job("TSPL", { media: "continuous", method: "direct", postPrint: "peel" })).bytes,
    );
    expect(cont.gap).toBe("0 mm,0 mm");
    expect(cont.settings).toEqual(["SET RIBBON OFF", "SET CUTTER OFF", "SET TEAR OFF", "SET PEEL ON"]);
    const tear = decodeTspl((await job("TSPL", { postPrint: "tear" })).bytes);
    expect(tear.gap).toBe("2 mm,0 mm");
    expect(tear.settings).toEqual(["SET CUTTER OFF", "SET PEEL OFF", "SET TEAR ON"]);
  });

  it("no settings: only the size, the default gap and the direction", async () => {
    const t = decodeTspl((await job("TSPL", {})).bytes);
    expect(t.gap).toBe("2 mm,0 mm");
    expect(t.settings).toEqual([]);
  });
});

describe("printer settings as ZPL commands", () => {
  it("darkness once before the first label, the rest in every format, a cut every 2 labels", async () => {
    const { chunks, bytes } = await job("ZPL", ALL);
    expect(chunks).toHaveLength(3);
    const text = bytes.toString("latin1");
    expect(text.startsWith("~SD12\n^XA")).toBe(true);
    expect(text.match(/~SD/g)).toHaveLength(1);
    const formats = text.split("^XZ").filter((f) => f.includes("^XA"));
    expect(formats).toHaveLength(3);
    for (const f of formats) expect(f).toContain("^XA^MNM,8^MTT^PR4^POI^LT8^LS-16^MMD^PW");
    // ~JK (cut now, delayed-cut mode) after labels 2 only: 3 labels, every 2
    expect(text.match(/~JK/g)).toHaveLength(1);
    expect(text.indexOf("~JK")).toBeGreaterThan(text.indexOf("^XZ", text.indexOf("^XZ") + 1));
    expect(await Promise.all(decodeZpl(bytes).map(code128))).toEqual(VALUES);
  });

  it("copies count towards the cut; gap media, continuous, tear, cut every label", async () => {
    const two = (await job("ZPL", { postPrint: "cut", cutEvery: 2 }, 2)).bytes.toString("latin1");
    expect(two.match(/~JK/g)).toHaveLength(3); // 3 pages × 2 copies = 6 labels: after 2, 4 and 6
    expect((await job("ZPL", { media: "gap", postPrint: "cut" })).bytes.toString("latin1")).toContain(
      "^XA^MNY^MMC^PW",
    );
    expect((await job("ZPL", { media: "continuous", postPrint: "tear" })).bytes.toString("latin1")).toContain(
      "^XA^MNN^MMT^PW",
    );
    const none = (await job("ZPL", {})).bytes.toString("latin1");
    expect(none.startsWith("^XA^PW")).toBe(true);
  });

  it("calibration: ~JC for ZPL; GAPDETECT, BLINEDETECT or AUTODETECT for TSPL", () => {
    expect(calibrationCommand("ZPL", "mark")).toBe("~JC\n");
    expect(calibrationCommand("TSPL", "gap")).toBe("GAPDETECT\r\n");
    expect(calibrationCommand("TSPL", undefined)).toBe("GAPDETECT\r\n");
    expect(calibrationCommand("TSPL", "mark")).toBe("BLINEDETECT\r\n");
    expect(calibrationCommand("TSPL", "continuous")).toBe("AUTODETECT\r\n");
  });
});

describe("bad settings are never sent", () => {
  it("ranges follow the language; unknown choices are dropped and named", () => {
    expect(printerSettingsOf({ darkness: 20 }, "ZPL")).toEqual({ settings: { darkness: 20 }, problems: [] });
    const tspl = printerSettingsOf(
      { darkness: 20, speed: 0, media: "ink", direction: 2, cutEvery: 1.5 },
      "TSPL",
    );
    expect(tspl.settings).toEqual({});
    expect(tspl.problems.map((p) => p.setting)).toEqual([
      "darkness",
      "speed",
      "media",
      "direction",
      "cutEvery",
    ]);
    expect(tspl.problems[0]).toEqual({ setting: "darkness", min: 0, max: 15 });
    expect(printerSettingsOf("junk", "TSPL")).toEqual({ settings: {}, problems: [] });
    expect(printerSettingsOf({ darkness: "7", speed: "3", gapMm: "2.345" }, "TSPL").settings).toEqual({
      darkness: 7,
      speed: 3,
      gapMm: 2.35,
    });
  });

  it("a printer entry written before settings existed keeps its gap and black mark", () => {
    const old = printerOf({ name: "Old", host: "10.0.0.9", language: "TSPL", gap: 3, mark: "black" });
    expect(old?.settings).toEqual({ gapMm: 3, media: "mark" });
    const both = printerOf({
      name: "New",
      host: "h",
      language: "ZPL",
      gap: 3,
      settings: { gapMm: 4, darkness: 40 },
    });
    expect(both?.settings).toEqual({ gapMm: 4 });
  });
});
