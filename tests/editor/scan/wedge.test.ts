import { describe, expect, it } from "vitest";
import { createWedge, type WedgeKey } from "../../../src/editor/scan/wedge";
import { SCAN_WEDGE_GAP_MS } from "../../../src/model/constants";

/** Feeds `text` then Enter, `gap` ms apart, and answers the last result. */
function type(
  w: ReturnType<typeof createWedge>,
  text: string,
  gap: number,
  t0 = 1000,
  extra: Partial<WedgeKey> = {},
) {
  let t = t0;
  for (const key of text) {
    w.key({ key, time: t, ...extra });
    t += gap;
  }
  return w.key({ key: "Enter", time: t, ...extra });
}

describe("keyboard-wedge bursts", () => {
  it("a fast burst ended by Enter is a code", () => {
    expect(type(createWedge(), "2000000004321", 5)).toEqual({ kind: "code", code: "2000000004321" });
    expect(type(createWedge(), "ABCD", SCAN_WEDGE_GAP_MS)).toEqual({ kind: "code", code: "ABCD" });
  });

  it("typing at human speed is not", () => {
    expect(type(createWedge(), "2000000004321", 120)).toBeNull();
    expect(type(createWedge(), "ABCD", SCAN_WEDGE_GAP_MS + 1)).toBeNull();
  });

  it("too short bursts are not (two quick keys, a rolled Enter)", () => {
    expect(type(createWedge(), "abc", 3)).toBeNull();
  });

  it("a pause before the burst does not matter; a pause inside starts over", () => {
    const w = createWedge();
    w.key({ key: "x", time: 0 });
    w.key({ key: "y", time: 300 });
    expect(type(w, "12345", 4, 900)).toEqual({ kind: "code", code: "12345" });
    const v = createWedge();
    for (const [key, time] of [
      ["1", 0],
      ["2", 5],
      ["3", 200],
      ["4", 205],
      ["5", 210],
      ["6", 215],
    ] as const)
      v.key({ key, time });
    expect(v.key({ key: "Enter", time: 220 })).toEqual({ kind: "code", code: "3456" });
  });

  it("Enter late after the burst is the user's Enter", () => {
    const w = createWedge();
    for (const [i, key] of [..."12345"].entries()) w.key({ key, time: i * 5 });
    expect(w.key({ key: "Enter", time: 20 + SCAN_WEDGE_GAP_MS + 1 })).toBeNull();
  });

  it("shortcuts and other keys break a burst; Shift for capitals does not", () => {
    const w = createWedge();
    w.key({ key: "1", time: 0 });
    w.key({ key: "2", time: 2 });
    w.key({ key: "c", time: 4, ctrlKey: true });
    w.key({ key: "3", time: 6 });
    w.key({ key: "4", time: 8 });
    expect(w.key({ key: "Enter", time: 10 })).toBeNull();
    const s = createWedge();
    for (const [i, key] of ["Shift", "A", "Shift", "B", "1", "2"].entries()) s.key({ key, time: i * 3 });
    expect(s.key({ key: "Enter", time: 18 })).toEqual({ kind: "code", code: "AB12" });
    const b = createWedge();
    for (const [i, key] of ["1", "2", "Backspace", "3", "4"].entries()) b.key({ key, time: i * 3 });
    expect(b.key({ key: "Enter", time: 15 })).toBeNull();
  });

  it("says which key starts a possible burst (the field's text is kept from there)", () => {
    const w = createWedge();
    expect(w.key({ key: "a", time: 0 })).toEqual({ kind: "char", first: true });
    expect(w.key({ key: "b", time: 5 })).toEqual({ kind: "char", first: false });
    expect(w.key({ key: "c", time: 500 })).toEqual({ kind: "char", first: true });
  });
});
