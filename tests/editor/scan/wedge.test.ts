import { describe, expect, it } from "vitest";
import { createWedge, type WedgeKey } from "../../../src/editor/scan/wedge";
import { SCAN_WEDGE_GAP_MS, SCAN_WEDGE_MAX_GAP_MS } from "../../../src/model/constants";

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
      ["3", 400],
      ["4", 405],
      ["5", 410],
      ["6", 415],
    ] as const)
      v.key({ key, time });
    expect(v.key({ key: "Enter", time: 420 })).toEqual({ kind: "code", code: "3456" });
  });

  it("Enter late after the burst is the user's Enter", () => {
    const w = createWedge();
    for (const [i, key] of [..."12345"].entries()) w.key({ key, time: i * 5 });
    expect(w.key({ key: "Enter", time: 20 + SCAN_WEDGE_MAX_GAP_MS + 1 })).toBeNull();
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

  it("a burst with a few slow keys (a busy computer: 68–140 ms) is still a scan", () => {
    const w = createWedge();
    const gaps = [4, 4, 120, 4, 68, 4, 140, 4, 4, 90, 4, 4];
    let t = 0;
    for (const [i, key] of [..."2000000004321"].entries()) {
      w.key({ key, time: t });
      t += gaps[i] ?? 4;
    }
    expect(w.key({ key: "Enter", time: t })).toEqual({ kind: "code", code: "2000000004321" });
    // a fast typist is still typing: every key 60–110 ms apart
    const p = createWedge();
    let u = 0;
    for (const [i, key] of [..."hello world"].entries()) {
      p.key({ key, time: u });
      u += 60 + ((i * 17) % 50);
    }
    expect(p.key({ key: "Enter", time: u })).toBeNull();
  });

  it("takes the scanner's suffix (Tab) and prefix; with a prefix any speed is a scan", () => {
    const tab = createWedge({ prefix: "", suffix: "Tab" });
    for (const [i, key] of [..."12345"].entries()) tab.key({ key, time: i * 5 });
    expect(tab.key({ key: "Tab", time: 25 })).toEqual({ kind: "code", code: "12345" });
    // Enter is then not a suffix (it is not a printable key: it breaks the burst)
    for (const [i, key] of [..."12345"].entries()) tab.key({ key, time: 100 + i * 5 });
    expect(tab.key({ key: "Enter", time: 125 })).toBeNull();
    const pre = createWedge({ prefix: "]C", suffix: "Enter" });
    expect(type(pre, "]C0042", 150)).toEqual({ kind: "code", code: "0042" });
    // without the prefix the timing rule still applies
    expect(type(pre, "0042", 150)).toBeNull();
    expect(type(pre, "0042", 5)).toEqual({ kind: "code", code: "0042" });
  });

  it("a scanner-fast burst with no suffix is reported once nothing more comes (the panel shows it)", () => {
    const w = createWedge();
    expect(w.idle()).toBeNull();
    for (const [i, key] of [..."2000000004321"].entries()) w.key({ key, time: i * 5 });
    expect(w.idle()).toBe("2000000004321");
    // reported once
    expect(w.idle()).toBeNull();
    // typing that stops is not reported
    const p = createWedge();
    for (const [i, key] of [..."abcd"].entries()) p.key({ key, time: i * 150 });
    expect(p.idle()).toBeNull();
  });
});
