// The main navigation's row: how many entries stay in it, the rest going into the menu.
import { describe, expect, it } from "vitest";
import { fitCount, MIN_IN_ROW } from "../../src/app/nav/fitCount";

const widths = [70, 150, 110, 160, 110]; // 600 with 4 gaps of 4 = 616

describe("fitCount", () => {
  it("keeps every entry when the row has room for all of them", () => {
    expect(fitCount(widths, 4, 616, 90)).toBe(5);
    expect(fitCount(widths, 4, 900, 90)).toBe(5);
  });
  it("moves the entries that do not fit, leaving room for the menu button", () => {
    // 70+150+110 + 2 gaps = 338, + gap + 90 = 432
    expect(fitCount(widths, 4, 432, 90)).toBe(3);
    expect(fitCount(widths, 4, 431, 90)).toBe(2);
    // one short of all: the menu button is needed, and four entries fit beside it (502 + 4 + 90)
    expect(fitCount(widths, 4, 615, 90)).toBe(4);
    expect(fitCount(widths, 4, 595, 90)).toBe(3);
  });
  it("puts everything into the menu when fewer than the minimum would stay", () => {
    expect(MIN_IN_ROW).toBe(2);
    expect(fitCount(widths, 4, 317, 90)).toBe(0);
    expect(fitCount(widths, 4, 0, 90)).toBe(0);
  });
  it("has nothing to place for no entries", () => {
    expect(fitCount([], 4, 0, 90)).toBe(0);
  });
});
