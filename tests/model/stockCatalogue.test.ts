// The label stock catalogue (issue 37): at least 300 sheet products of the big makers by part
// number, each grid fitting its paper, found by part number, maker or size.
import { describe, expect, it } from "vitest";
import { loadStockCatalogue, searchStock } from "../../src/model/stock";

const PAPER = { A4: [210, 297], "US-Letter": [215.9, 279.4] } as const;

describe("label stock catalogue", () => {
  it("holds over 300 sheet products of Avery, Herma and Zweckform, and label rolls", async () => {
    const list = await loadStockCatalogue();
    const sheets = list.filter((p) => p.paper !== "roll");
    expect(sheets.length).toBeGreaterThanOrEqual(300);
    for (const brand of ["Avery", "Herma", "Zweckform"])
      expect(sheets.filter((p) => p.brand === brand).length, brand).toBeGreaterThan(10);
    expect(list.filter((p) => p.paper === "roll").length).toBeGreaterThan(10);
    // one entry per maker and part number
    expect(new Set(list.map((p) => `${p.brand}/${p.part}`)).size).toBe(list.length);
  });

  it("every sheet's grid fills its paper: margins + labels + gaps = the paper, across and down", async () => {
    for (const p of await loadStockCatalogue()) {
      const l = p.layout;
      expect(l.width > 0 && l.height > 0 && l.columns >= 1 && l.rows >= 1, p.part).toBe(true);
      const gaps = [
        l.columnSpacing,
        l.rowSpacing,
        l.paddingTop,
        l.paddingBottom,
        l.paddingLeft,
        l.paddingRight,
      ];
      expect(
        gaps.every((g) => g >= 0),
        `${p.brand} ${p.part}`,
      ).toBe(true);
      if (p.paper === "roll") {
        expect([l.columns, l.rows]).toEqual([1, 1]);
        continue;
      }
      const [pw, ph] = PAPER[p.paper];
      const across = l.paddingLeft + l.columns * l.width + (l.columns - 1) * l.columnSpacing + l.paddingRight;
      const down = l.paddingTop + l.rows * l.height + (l.rows - 1) * l.rowSpacing + l.paddingBottom;
      expect(Math.abs(across - pw), `${p.brand} ${p.part} across`).toBeLessThan(0.1);
      expect(Math.abs(down - ph), `${p.brand} ${p.part} down`).toBeLessThan(0.1);
    }
  });

  it("finds a product by part number first, by maker and size, ignoring case and accents", async () => {
    const list = await loadStockCatalogue();
    const [l7160] = searchStock(list, "l7160");
    expect(l7160).toMatchObject({ brand: "Avery", part: "L7160", paper: "A4" });
    expect([l7160.layout.columns, l7160.layout.rows]).toEqual([3, 7]);
    expect(l7160.layout.height).toBeCloseTo(38.1, 1);
    const herma = searchStock(list, "Herma 4221");
    expect(herma[0]?.brand).toBe("Herma");
    expect(herma[0]?.part).toBe("4221");
    const bySize = searchStock(list, "avery 70x25");
    expect(bySize.length).toBeGreaterThan(0);
    for (const p of bySize)
      expect([Math.round(p.layout.width), Math.round(p.layout.height)]).toEqual([70, 25]);
    expect(searchStock(list, "zzzz-no-such-label")).toEqual([]);
    expect(searchStock(list, "   ")).toEqual([]);
    expect(searchStock(list, "avery", 5)).toHaveLength(5);
  });
});
