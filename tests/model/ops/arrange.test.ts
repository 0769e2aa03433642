import { describe, expect, it } from "vitest";
import { elementBox } from "../../../src/model/geometry";
import {
  alignElements,
  bringToTop,
  distributeElements,
  isRefusal,
  nudgeElements,
  rotateElements,
  rotateElementsBy,
  sendToBottom,
  stepOnGrid,
  toggleLock,
  toggleMirror,
  updateElement,
} from "../../../src/model/ops";
import { byId, docWith, ids, ok } from "./helpers";

const three = () =>
  docWith([
    { type: "Rectangle", x: 0, y: 0, w: 10, h: 10 },
    { type: "Rectangle", x: 20, y: 30, w: 10, h: 20 },
    { type: "Rectangle", x: 60, y: 5, w: 20, h: 10 },
  ]);

describe("align", () => {
  it("aligns several elements to their common box, all six ways", () => {
    const d = three();
    const all = ids(d);
    const left = ok(alignElements(d, all, "left")).doc;
    expect(left.elements.map((e) => e.StartX)).toEqual([0, 0, 0]);
    const right = ok(alignElements(d, all, "right")).doc;
    expect(right.elements.map((e) => e.StartX + e.Width)).toEqual([80, 80, 80]);
    const center = ok(alignElements(d, all, "center")).doc;
    expect(center.elements.map((e) => e.StartX + e.Width / 2)).toEqual([40, 40, 40]);
    const top = ok(alignElements(d, all, "top")).doc;
    expect(top.elements.map((e) => e.StartY)).toEqual([0, 0, 0]);
    const bottom = ok(alignElements(d, all, "bottom")).doc;
    expect(bottom.elements.map((e) => e.StartY + e.Height)).toEqual([50, 50, 50]);
    const middle = ok(alignElements(d, all, "middle")).doc;
    expect(middle.elements.map((e) => e.StartY + e.Height / 2)).toEqual([25, 25, 25]);
  });
  it("aligns one element to the label and skips locked ones", () => {
    const d = three();
    const one = ok(alignElements(d, [ids(d)[0]], "right")).doc.elements[0];
    expect(one.StartX + one.Width).toBe(d.attrs.width);
    const locked = ok(updateElement(d, ids(d)[2], { Lock: true })).doc;
    const r = ok(alignElements(locked, ids(d), "left")).doc;
    expect(r.elements[2].StartX).toBe(60);
    expect(r.elements[1].StartX).toBe(0);
    const refused = alignElements(locked, [ids(d)[2]], "left");
    expect(isRefusal(refused) && refused.refused).toBe("tip.tip109");
    const none = alignElements(d, [], "left");
    expect(isRefusal(none) && none.refused).toBe("tip.tip108");
  });
});

describe("distribute", () => {
  it("equalises the gaps; first and last stay", () => {
    const d = three();
    const r = ok(distributeElements(d, ids(d), "horizontal")).doc;
    const b = r.elements.map(elementBox);
    expect(b[0].x).toBe(0);
    expect(b[2].x).toBe(60);
    expect(b[1].x - (b[0].x + b[0].width)).toBeCloseTo(b[2].x - (b[1].x + b[1].width));
    const v = ok(distributeElements(d, ids(d), "vertical")).doc.elements.map(elementBox);
    // by centre: 0 (5), 2 (10), 1 (40): element 2 sits between
    expect(v[2].y - (v[0].y + v[0].height)).toBeCloseTo(v[1].y - (v[2].y + v[2].height));
  });
  it("needs three unlocked elements", () => {
    const d = three();
    const r = distributeElements(d, ids(d).slice(0, 2), "horizontal");
    expect(isRefusal(r) && r.refused).toBe("editor.ops.distributeNeedsThree");
  });
});

describe("order", () => {
  it("brings to top and sends to bottom keeping relative order; locked skipped", () => {
    const d = three();
    const [a, b, c] = ids(d);
    expect(ids(ok(bringToTop(d, [a, b])).doc)).toEqual([c, a, b]);
    expect(ids(ok(sendToBottom(d, [c, b])).doc)).toEqual([b, c, a]);
    const locked = ok(updateElement(d, a, { Lock: true })).doc;
    expect(ids(ok(bringToTop(locked, [a, b])).doc)).toEqual([a, c, b]);
    const r = ok(bringToTop(d, [a]));
    expect(r.diff.order).toEqual([
      [a, b, c],
      [b, c, a],
    ]);
  });
});

describe("rotate", () => {
  it("sets 0/90/180/270, normalises other angles, steps by 90", () => {
    const d = three();
    const [a] = ids(d);
    expect(byId(ok(rotateElements(d, [a], 90)).doc, a).Rotate).toBe(90);
    expect(byId(ok(rotateElements(d, [a], -90)).doc, a).Rotate).toBe(270);
    expect(byId(ok(rotateElementsBy(ok(rotateElements(d, [a], 270)).doc, [a], 90)).doc, a).Rotate).toBe(0);
  });
});

describe("lock toggle (spec §4)", () => {
  it("single flips; multi with any locked unlocks all, else locks all", () => {
    const d = three();
    const [a, b, c] = ids(d);
    const one = ok(toggleLock(d, [a]));
    expect(byId(one.doc, a).Lock).toBe(true);
    expect(one.message).toBe("tip.tip122");
    const multi = ok(toggleLock(one.doc, [a, b, c]));
    expect(multi.doc.elements.every((e) => !e.Lock)).toBe(true);
    expect(multi.message).toBe("tip.tip123");
    const all = ok(toggleLock(d, [a, b, c]));
    expect(all.doc.elements.every((e) => e.Lock)).toBe(true);
  });
});

describe("mirror", () => {
  it("creates the _mirror copy across the label centre, removes it on the second toggle", () => {
    const d = three();
    const [a] = ids(d);
    const on = ok(toggleMirror(d, [a]));
    expect(ids(on.doc)).toEqual([a, `${a}_mirror`, ids(d)[1], ids(d)[2]]);
    const copy = byId(on.doc, `${a}_mirror`);
    expect(copy.StartX).toBe(d.attrs.width - 10);
    expect(copy.MirrorImage).toBe(true);
    expect(Object.keys(on.diff.added)).toEqual([`${a}_mirror`]);
    // the copy follows its original
    const moved = ok(updateElement(on.doc, a, { StartX: 5 })).doc;
    expect(byId(moved, `${a}_mirror`).StartX).toBe(d.attrs.width - 15);
    const off = ok(toggleMirror(on.doc, [a]));
    expect(ids(off.doc)).toEqual(ids(d));
  });
  it("is refused for tables with its message", () => {
    const d = docWith([{ type: "Table", x: 0, y: 0 }]);
    const r = toggleMirror(d, ids(d));
    expect(isRefusal(r) && r.refused).toBe("editor.ops.tableMirror");
  });
});

describe("arrow keys (nudgeElements)", () => {
  it("move in whole 0.1 mm steps, landing on that grid (not 0.26 mm, which left 2.79)", () => {
    const d = docWith([{ type: "Rectangle", x: 3.05, y: 2, w: 10, h: 10 }]);
    const a = d.elements[0].Id;
    const left = byId(ok(nudgeElements(d, [a], -1, 0)).doc, a);
    expect(left.StartX).toBe(3);
    const right = byId(ok(nudgeElements(d, [a], 1, 0)).doc, a);
    expect(right.StartX).toBe(3.1);
    const down = byId(ok(nudgeElements(d, [a], 0, 1)).doc, a);
    expect([down.StartX, down.StartY]).toEqual([3.05, 2.1]);
    // ten presses from 2 mm are exactly 1 mm
    let doc = d;
    for (let i = 0; i < 10; i++) doc = ok(nudgeElements(doc, [a], 0, -1)).doc;
    expect(byId(doc, a).StartY).toBe(1);
  });

  it("moves a multi-selection together by its common box and skips locked elements", () => {
    const d = docWith([
      { type: "Rectangle", x: 1.23, y: 0, w: 10, h: 10 },
      { type: "Rectangle", x: 5, y: 0, w: 10, h: 10 },
      { type: "Rectangle", x: 0, y: 0, w: 10, h: 10, over: { Lock: true } },
    ]);
    const [a, b, c] = ids(d);
    const r = ok(nudgeElements(d, [a, b, c], 1, 0)).doc;
    expect(byId(r, a).StartX).toBeCloseTo(1.3);
    expect(byId(r, b).StartX).toBeCloseTo(5.07);
    expect(byId(r, c).StartX).toBe(0);
    expect(stepOnGrid(2.79, -1, 0.1)).toBe(2.7);
    expect(stepOnGrid(2.8, 3, 0.1)).toBe(3.1);
  });
});
