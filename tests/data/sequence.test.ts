import { describe, expect, it } from "vitest";
import { isSequenceText, sequenceQuantity, sequenceValue } from "../../src/data/sequence";
import { createDataSource } from "../../src/model/defaults";

const run = (initial: string, type: number, step: number, n: number) =>
  Array.from({ length: n }, (_, i) => sequenceValue(initial, type, step, i));

describe("decimal sequences (type 0)", () => {
  it("counts with the step", () => {
    expect(run("1", 0, 1, 4)).toEqual(["1", "2", "3", "4"]);
    expect(run("10", 0, 5, 3)).toEqual(["10", "15", "20"]);
  });
  it("keeps characters outside the alphabet as fixed positions", () => {
    expect(sequenceValue("A-0099", 0, 1, 1)).toBe("A-0100");
    expect(run("SN-2024-0998", 0, 1, 3)).toEqual(["SN-2024-0998", "SN-2024-0999", "SN-2024-1000"]);
    // all counting characters form one number, so a carry crosses the fixed "-"
    expect(sequenceValue("SN-2024-9999", 0, 1, 1)).toBe("SN-2025-0000");
    expect(sequenceValue("1.9", 0, 1, 1)).toBe("2.0");
  });
  it("grows past the width before the first counting position", () => {
    expect(sequenceValue("99", 0, 1, 1)).toBe("100");
    expect(sequenceValue("X-99", 0, 1, 1)).toBe("X-100");
    expect(sequenceValue("9", 0, 1, 1)).toBe("10");
  });
  it("steps down with a negative step and wraps below zero within the width", () => {
    expect(run("0003", 0, -1, 5)).toEqual(["0003", "0002", "0001", "0000", "9999"]);
    expect(run("A-10", 0, -4, 4)).toEqual(["A-10", "A-06", "A-02", "A-98"]);
  });
  it("handles long serials beyond 2^53 exactly", () => {
    expect(sequenceValue("12345678901234567890", 0, 1, 10)).toBe("12345678901234567900");
  });
  it("uses the record index times the step", () => {
    expect(sequenceValue("100", 0, 3, 1000)).toBe("3100");
  });
});

describe("hex sequences (type 1)", () => {
  it("counts 0-9 A-F and keeps upper case", () => {
    expect(run("0A", 1, 1, 7)).toEqual(["0A", "0B", "0C", "0D", "0E", "0F", "10"]);
    expect(sequenceValue("FF", 1, 1, 1)).toBe("100");
  });
  it("writes lower case when the initial value is lower case", () => {
    expect(run("0x0ff", 1, 1, 2)).toEqual(["0x0ff", "0x100"]);
    expect(sequenceValue("09", 1, 1, 1)).toBe("0A");
    expect(sequenceValue("a9", 1, 1, 1)).toBe("aa");
  });
  it("treats letters past F as fixed", () => {
    expect(sequenceValue("G-0F", 1, 1, 1)).toBe("G-10");
  });
  it("steps down and wraps", () => {
    expect(run("01", 1, -1, 3)).toEqual(["01", "00", "FF"]);
  });
});

describe("letter sequences (type 2)", () => {
  it("counts A to Z and keeps each position's case", () => {
    expect(run("AY", 2, 1, 3)).toEqual(["AY", "AZ", "BA"]);
    expect(run("ay", 2, 1, 3)).toEqual(["ay", "az", "ba"]);
    expect(sequenceValue("Az", 2, 1, 1)).toBe("Ba");
  });
  it("grows like spreadsheet columns", () => {
    expect(sequenceValue("Z", 2, 1, 1)).toBe("AA");
    expect(sequenceValue("ZZ", 2, 1, 1)).toBe("AAA");
    expect(sequenceValue("Z", 2, 27, 1)).toBe("BA");
    expect(sequenceValue("z", 2, 1, 1)).toBe("aa");
  });
  it("keeps digits as fixed positions", () => {
    expect(sequenceValue("A1B", 2, 1, 1)).toBe("A1C");
    expect(sequenceValue("A1Z", 2, 1, 1)).toBe("B1A");
  });
  it("steps down and wraps", () => {
    expect(run("B", 2, -1, 3)).toEqual(["B", "A", "Z"]);
  });
});

describe("base 36 sequences (type 3)", () => {
  it("counts 0-9 then A-Z", () => {
    expect(run("08", 3, 1, 4)).toEqual(["08", "09", "0A", "0B"]);
    expect(sequenceValue("ZZ", 3, 1, 1)).toBe("100");
    expect(sequenceValue("A-0099", 3, 1, 1)).toBe("A-009A");
  });
  it("keeps lower case input lower case", () => {
    expect(sequenceValue("0z", 3, 1, 1)).toBe("10");
    expect(sequenceValue("az", 3, 1, 1)).toBe("b0");
  });
  it("steps by negative amounts", () => {
    expect(run("10", 3, -1, 2)).toEqual(["10", "0Z"]);
  });
});

describe("edge cases", () => {
  it("counts from 1 (A for letters) when the initial value is empty", () => {
    expect(run("", 0, 1, 2)).toEqual(["1", "2"]);
    expect(run("", 2, 1, 2)).toEqual(["A", "B"]);
  });
  it("repeats text with no counting character", () => {
    expect(run("ABC", 0, 1, 2)).toEqual(["ABC", "ABC"]);
  });
  it("treats a non-whole or non-finite step as whole / zero", () => {
    expect(sequenceValue("1", 0, 2.7, 1)).toBe("3");
    expect(sequenceValue("1", 0, Number.NaN, 5)).toBe("1");
  });
  it("quantity is whole and at least 1", () => {
    expect(sequenceQuantity(createDataSource({ Quantity: 0 }))).toBe(1);
    expect(sequenceQuantity(createDataSource({ Quantity: 7.9 }))).toBe(7);
    expect(sequenceQuantity(createDataSource({ Quantity: Number.NaN }))).toBe(1);
  });
  it("tells whether text is made only of counting characters", () => {
    expect(isSequenceText("0aF", 1)).toBe(true);
    expect(isSequenceText("0aG", 1)).toBe(false);
    expect(isSequenceText("Ab", 2)).toBe(true);
  });
});
