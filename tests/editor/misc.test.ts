import { describe, expect, it } from "vitest";
import { nestLabelSvg } from "../../src/editor/canvas/LabelLayer";
import { inspectMode } from "../../src/editor/inspector/InspectorHost";
import { contextText } from "../../src/editor/inspector/sink";
import { previewSheet } from "../../src/editor/labelSettings/preview";
import { clampPosition } from "../../src/editor/panels/PositionFields";
import { sizeLabel } from "../../src/editor/topbar/TopBar";

describe("top bar size", () => {
  it("shows W X H in mm, or in inch ÷ 25.4 with 3 decimals", () => {
    expect(sizeLabel(100, 80, "mm")).toBe("100 X 80 mm");
    expect(sizeLabel(100, 80, "inch")).toBe("3.937 X 3.15 inch");
    expect(sizeLabel(60, 40, "mm", "毫米")).toBe("60 X 40 毫米");
  });
});

describe("label layer", () => {
  it("nests the renderer's svg in label millimetres", () => {
    const out = nestLabelSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100mm" height="80mm" viewBox="0 0 100 80"><g data-id="a"/></svg>',
      100,
      80,
    );
    expect(out).toContain('width="100"');
    expect(out).toContain('height="80"');
    expect(out).not.toContain("mm");
    expect(out).toContain('viewBox="0 0 100 80"');
    expect(out).toContain('<g data-id="a"/>');
  });
});

describe("settings preview", () => {
  it("draws columns × rows labels with spacings and paddings", () => {
    const s = previewSheet(
      {
        width: 10,
        height: 5,
        columns: 3,
        rows: 2,
        columnSpacing: 1,
        rowSpacing: 2,
        paddingTop: 1,
        paddingBottom: 1,
        paddingLeft: 2,
        paddingRight: 2,
      },
      "mm",
    );
    expect(s.cells).toHaveLength(6);
    expect(s.width).toBe(2 + 2 + 3 * 10 + 2 * 1);
    expect(s.height).toBe(1 + 1 + 2 * 5 + 2);
    expect(s.cells[4]).toEqual({ x: 2 + 11, y: 1 + 7, w: 10, h: 5 });
  });

  it("falls back to defaults while a field is not a number, and caps at 20 × 20", () => {
    const s = previewSheet(
      {
        width: Number.NaN,
        height: 80,
        columns: 99,
        rows: 1,
        columnSpacing: 0,
        rowSpacing: 0,
        paddingTop: 0,
        paddingBottom: 0,
        paddingLeft: 0,
        paddingRight: 0,
      },
      "mm",
    );
    expect(s.cells).toHaveLength(20);
    expect(s.cells[0].w).toBe(100);
  });
});

describe("panel position", () => {
  it("keeps the element on the label when it fits", () => {
    expect(clampPosition(-5, 10, 100)).toBe(0);
    expect(clampPosition(95, 10, 100)).toBe(90);
    expect(clampPosition(Number.NaN, 10, 100)).toBe(0);
    expect(clampPosition(3, 200, 100)).toBe(0);
  });
});

describe("inspector", () => {
  it("opens from ?inspect=1, Stately from ?inspect=stately", () => {
    expect(inspectMode("?inspect=1")).toBe("panel");
    expect(inspectMode("?inspect=stately", true)).toBe("stately");
    // a production build without INKLESS_STATELY_INSPECTOR=1 sends nothing to stately.ai
    expect(inspectMode("?inspect=stately", false)).toBe("off");
    expect(inspectMode("?x=1")).toBe("off");
  });

  it("prints contexts bounded, with actor refs by name and no cycles", () => {
    const ref = { sessionId: "x:1", send() {}, options: { systemId: "history" } };
    const ctx: Record<string, unknown> = {
      history: ref,
      big: "a".repeat(500),
      list: Array.from({ length: 50 }, (_, i) => i),
    };
    ctx.self = ctx;
    const text = contextText(ctx);
    expect(text).toContain("<actor history>");
    expect(text).toContain("<cycle>");
    expect(text).toContain("… 30 more");
    expect(text.length).toBeLessThan(4001);
  });
});
