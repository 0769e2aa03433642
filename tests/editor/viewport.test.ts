import { describe, expect, it } from "vitest";
import {
  clampZoom,
  docToScreen,
  fitViewport,
  rectToScreen,
  screenToDoc,
  zoomAround,
  zoomButtonStep,
} from "../../src/editor/canvas/geometry";
import { gridLines, gridSpec } from "../../src/editor/canvas/grid";
import { rulerStep, rulerTicks } from "../../src/editor/canvas/rulers";
import { MM_PER_INCH, PX_PER_MM, ZOOM_MAX } from "../../src/model/constants";

describe("viewport maths", () => {
  it("maps document mm to screen px and back", () => {
    const v = { x: 40, y: -12, zoom: 1.5 };
    const p = docToScreen(v, { x: 10, y: 20 });
    expect(p.x).toBeCloseTo(40 + 10 * 1.5 * PX_PER_MM);
    expect(p.y).toBeCloseTo(-12 + 20 * 1.5 * PX_PER_MM);
    const back = screenToDoc(v, p);
    expect(back.x).toBeCloseTo(10);
    expect(back.y).toBeCloseTo(20);
    expect(rectToScreen(v, { x: 0, y: 0, width: 10, height: 5 }).width).toBeCloseTo(10 * 1.5 * PX_PER_MM);
  });

  it("fits the label to 0.6 of the limiting side, centred", () => {
    const v = fitViewport(100, 80, 800, 600);
    const w = 100 * v.zoom * PX_PER_MM;
    const h = 80 * v.zoom * PX_PER_MM;
    expect(Math.max(w / 800, h / 600)).toBeCloseTo(0.6, 1);
    expect(v.x + w / 2).toBeCloseTo(400, 0);
    expect(v.y + h / 2).toBeCloseTo(300, 0);
    // a very long label is limited by the zoom floor, never 0 or NaN
    const tiny = fitViewport(3000, 3000, 100, 100);
    expect(tiny.zoom).toBeGreaterThan(0);
  });

  it("clamps the zoom to 0.01..5 with 2 decimals and survives NaN", () => {
    expect(clampZoom(7)).toBe(ZOOM_MAX);
    expect(clampZoom(0)).toBe(0.01);
    expect(clampZoom(1.234)).toBe(1.23);
    expect(clampZoom(Number.NaN)).toBe(1);
  });

  it("zoom buttons step to the next of 1/5/10/25/50/75/100/150/200/300/400/500 % from any zoom", () => {
    const stops = [0.01, 0.05, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4, 5];
    // up and down the ladder from each stop
    for (let i = 0; i < stops.length - 1; i++) {
      expect(zoomButtonStep(stops[i], 1)).toBe(stops[i + 1]);
      expect(zoomButtonStep(stops[i + 1], -1)).toBe(stops[i]);
    }
    // from between stops (the fit zoom, a slider value)
    expect(zoomButtonStep(0.63, 1)).toBe(0.75);
    expect(zoomButtonStep(0.63, -1)).toBe(0.5);
    expect(zoomButtonStep(1.1, 1)).toBe(1.5);
    expect(zoomButtonStep(1.1, -1)).toBe(1);
    expect(zoomButtonStep(2.999, 1)).toBe(4); // 3.00 once rounded: the next stop is 4
    // the ends (spec §9: the step buttons stop at 0.01 and 5), below the slider's 5 %
    expect(zoomButtonStep(5, 1)).toBe(ZOOM_MAX);
    expect(zoomButtonStep(4.5, 1)).toBe(5);
    expect(zoomButtonStep(0.2, -1)).toBe(0.1);
    expect(zoomButtonStep(0.05, -1)).toBe(0.01);
    expect(zoomButtonStep(0.02, -1)).toBe(0.01);
    expect(zoomButtonStep(0.01, -1)).toBe(0.01);
    expect(zoomButtonStep(0.1, 1)).toBe(0.25);
    expect(zoomButtonStep(Number.NaN, 1)).toBe(1.5);
  });

  it("zooms around an anchor, keeping the document point under it", () => {
    const v = { x: 100, y: 50, zoom: 1 };
    const anchor = { x: 300, y: 200 };
    const before = screenToDoc(v, anchor);
    const after = screenToDoc(zoomAround(v, 2.5, anchor), anchor);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
  });
});

describe("rulers", () => {
  it("labels at least 50 px apart, finer at higher zoom", () => {
    for (const z of [0.05, 0.3, 1, 2, 5]) {
      const { major } = rulerStep(z);
      expect(major * z * PX_PER_MM).toBeGreaterThanOrEqual(50);
    }
    expect(rulerStep(5).major).toBeLessThan(rulerStep(0.5).major);
  });

  it("puts the 0 tick at the label origin and only inside the ruler", () => {
    const ticks = rulerTicks(1, 120, 600);
    const zero = ticks.find((t) => t.value === 0);
    expect(zero?.pos).toBeCloseTo(120);
    expect(zero?.major).toBe(true);
    expect(ticks.every((t) => t.pos >= 0 && t.pos <= 600)).toBe(true);
    expect(ticks.some((t) => t.value < 0)).toBe(true);
  });

  it("labels inches when the unit is inch: whole inches 96 px apart at zoom 1, eighths between", () => {
    // 25.4 mm × 3.78 px = 96.012 px per inch at zoom 1
    expect(rulerStep(1, "inch")).toEqual({ major: 1, minor: 0.125 });
    const ticks = rulerTicks(1, 0, 400, "inch");
    expect(ticks.filter((t) => t.major).map((t) => t.value)).toEqual([0, 1, 2, 3, 4]);
    const one = ticks.find((t) => t.value === 1);
    expect(one?.pos).toBeCloseTo(MM_PER_INCH * PX_PER_MM);
    expect(ticks.find((t) => t.value === 0.125)?.major).toBe(false);
    // the same ruler in mm labels 0, 20, 40… mm (20 mm = 75.6 px)
    expect(
      rulerTicks(1, 0, 400)
        .filter((t) => t.major)
        .map((t) => t.value),
    ).toEqual([0, 20, 40, 60, 80, 100]);
  });

  it("keeps inch labels at least 50 px apart at every zoom, with readable fractions", () => {
    for (const z of [0.02, 0.05, 0.3, 1, 2, ZOOM_MAX]) {
      const { major, minor } = rulerStep(z, "inch");
      expect(major * z * PX_PER_MM * MM_PER_INCH).toBeGreaterThanOrEqual(50);
      expect(minor * z * PX_PER_MM * MM_PER_INCH).toBeGreaterThanOrEqual(4);
    }
    expect(rulerStep(ZOOM_MAX, "inch").major).toBe(0.125);
    // labels carry no floating noise
    for (const t of rulerTicks(5, 13, 2000, "inch")) expect(String(t.value)).toMatch(/^-?\d+(\.\d{1,3})?$/);
  });
});

describe("grid", () => {
  it("uses 25/50-unit cells above a 756 px canvas, else 5/10", () => {
    // 200 mm × 3.78 = 756 px: not above
    expect(gridSpec(200).cellMm).toBeCloseTo(5 / PX_PER_MM);
    expect(gridSpec(200).majorMm).toBeCloseTo(10 / PX_PER_MM);
    expect(gridSpec(201).cellMm).toBeCloseTo(25 / PX_PER_MM);
    expect(gridSpec(201).majorMm).toBeCloseTo(50 / PX_PER_MM);
  });

  it("marks every other line major and stays bounded for huge labels", () => {
    const lines = gridLines(10, gridSpec(10));
    expect(lines[0].major).toBe(false);
    expect(lines[1].major).toBe(true);
    expect(gridLines(3000, gridSpec(50)).length).toBeLessThanOrEqual(2000);
  });
});
