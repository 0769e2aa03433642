import { describe, expect, it } from "vitest";
import { rectOperators, splitFastRects } from "../../src/export/pdfFast";

const ROOT = '<svg xmlns="http://www.w3.org/2000/svg" width="50mm" height="40mm" viewBox="0 0 50 40">';

describe("fast rectangle runs", () => {
  it("cuts the SVG around a code path, keeping order and re-opening the groups", () => {
    const svg = `${ROOT}<g transform="translate(2 3)"><rect x="0" y="0" width="1" height="1" fill="#000000"/><g data-id="a" transform="translate(5 20)"><g transform="translate(0 0) scale(0.5 2)"><path d="M0 0h2v1h-2zM4 1h1v3h-1z" fill="#000000"/></g><text font-size="3"><tspan x="0" y="5">A</tspan></text></g></g></svg>`;
    const s = splitFastRects(svg);
    expect(s.length).toBe(3);
    const [before, rects, after] = s as [{ svg: string }, { rects: unknown[] }, { svg: string }];
    expect(before.svg).toBe(
      `${ROOT}<g transform="translate(2 3)"><rect x="0" y="0" width="1" height="1" fill="#000000"/><g data-id="a" transform="translate(5 20)"><g transform="translate(0 0) scale(0.5 2)"></g></g></g></svg>`,
    );
    expect(rects.rects).toEqual([
      { x: 7, y: 23, w: 1, h: 2 },
      { x: 9, y: 25, w: 0.5, h: 6 },
    ]);
    expect(after.svg.startsWith(`${ROOT}<g transform="translate(2 3)"><g data-id="a"`)).toBe(true);
    expect(after.svg).toContain("<tspan");
    expect(after.svg.endsWith("</g></svg>")).toBe(true);
  });

  it("leaves rotated, mirrored, coloured or curved paths to svg2pdf", () => {
    for (const svg of [
      `${ROOT}<g transform="matrix(0 1 -1 0 10 0)"><path d="M0 0h2v1h-2z" fill="#000000"/></g></svg>`,
      `${ROOT}<g transform="translate(1 1)"><path d="M0 0h2v1h-2z" fill="#ff0000"/></g></svg>`,
      `${ROOT}<g transform="translate(1 1)"><path d="M0 0L2 2z" fill="#000000"/></g></svg>`,
      `${ROOT}<g transform="translate(1 1)"><path d="M0 0h2v1h-2z" fill="#000000" opacity="0.5"/></g></svg>`,
    ])
      expect(splitFastRects(svg)).toEqual([{ svg }]);
  });

  it("writes re operators in PDF points, y up", () => {
    const ops = rectOperators([{ x: 1, y: 2, w: 3, h: 4 }], 10, 20, 2, 100);
    expect(ops).toBe("q 0 g\n12 68 6 8 re\nf Q");
  });
});
