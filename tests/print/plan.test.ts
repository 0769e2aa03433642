import { describe, expect, it } from "vitest";
import { dotsFor } from "../../src/print/dots";
import {
  allRecords,
  jobCopies,
  labelCount,
  pageCount,
  planPages,
  rangeText,
  recordsOfPage,
  rowCopies,
} from "../../src/print/plan";
import { tsplPage } from "../../src/print/tspl";
import { repeatCount, zplGraphic } from "../../src/print/zpl";
import { bitmapOf } from "./support/bitmaps";
import { inflateZpl } from "./support/decodeJob";

describe("page planning", () => {
  it("fills rows × columns cells with each record repeated by its copies", () => {
    const choices = [
      { record: 0, copies: 2 },
      { record: 4, copies: 1 },
      { record: 7, copies: 3 },
    ];
    expect([...planPages(choices, 4)]).toEqual([
      [0, 0, 4, 7],
      [7, 7],
    ]);
    expect(labelCount(choices)).toBe(6);
    expect(pageCount(6, 4)).toBe(2);
    expect(pageCount(0, 4)).toBe(0);
    expect(recordsOfPage(choices, 4, 2)).toEqual([7, 7]);
    expect(recordsOfPage(choices, 4, 3)).toEqual([]);
  });

  it("is lazy: a million records are planned without building them all", () => {
    const it = planPages(allRecords(1_000_000), 1);
    expect(it.next().value).toEqual([0]);
    expect(it.next().value).toEqual([1]);
  });

  it("normalises copies like the dialog", () => {
    expect(rowCopies("")).toBe(1);
    expect(rowCopies("0")).toBe(1);
    expect(rowCopies("a3b")).toBe(3);
    expect(jobCopies("")).toBe(1);
    expect(jobCopies("-4")).toBe(1);
    expect(jobCopies("2.7")).toBe(2);
    expect(jobCopies(5)).toBe(5);
  });

  it("writes the range text as runs, built in chunks of 1,000", () => {
    expect(rangeText([0, 1, 2, 4, 7, 8, 9])).toBe("1-3,5,8-10");
    const chunks: number[] = [];
    const big = Array.from({ length: 2500 }, (_, i) => i).filter((i) => i !== 1500);
    expect(rangeText(big, (n) => chunks.push(n))).toBe("1-1500,1502-2500");
    expect(chunks).toEqual([1000, 2000, 2499]);
  });
});

describe("printer geometry and encoders", () => {
  it("rounds sides up to multiples of 8 dots", () => {
    expect(dotsFor(60, 203)).toBe(480);
    expect(dotsFor(50, 203)).toBe(400);
    expect(dotsFor(30, 203)).toBe(240);
    expect(dotsFor(0.001, 203)).toBe(8);
    expect(dotsFor(100, 300)).toBe(1184);
  });

  it("writes ZPL repeat counts that add up (G–Y 1–19, g–z 20–400)", () => {
    expect(repeatCount(2)).toBe("H");
    expect(repeatCount(19)).toBe("Y");
    expect(repeatCount(20)).toBe("g");
    expect(repeatCount(327)).toBe("vM");
    expect(repeatCount(401)).toBe("zG");
  });

  it("ZPL compression round-trips through an independent decoder", () => {
    const rows = [
      [0, 0, 0, 0, 0, 0],
      [0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
      [0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
      [0x12, 0x34, 0, 0, 0, 0],
      [0x11, 0x11, 0x1f, 0xff, 0xff, 0xff],
      [0xab, 0xcd, 0xef, 0x01, 0x23, 0x45],
    ];
    const b = bitmapOf(rows);
    const z = zplGraphic(b);
    expect(z.startsWith(",!:")).toBe(true);
    expect([...inflateZpl(z, 6, rows.length)]).toEqual(rows.flat());
  });

  it("TSPL BITMAP data is inverted (0 = printed dot)", () => {
    const out = tsplPage(bitmapOf([[0xf0]]), 3);
    const text = Buffer.from(out).toString("latin1");
    expect(text.startsWith("CLS\r\nBITMAP 0,0,1,1,0,")).toBe(true);
    expect(out["CLS\r\nBITMAP 0,0,1,1,0,".length]).toBe(0x0f);
    expect(text.endsWith("\r\nPRINT 1,3\r\n")).toBe(true);
  });
});
