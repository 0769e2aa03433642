// Font list and recent fonts (spec §3 Font, §9: recent list ≤ 50); the shipped icon set and the icon
// answers (spec §7 getLogClass / getLogList).
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseCategories, parseIcons } from "../../src/editor/icons/api";
import {
  parseFontList,
  pushRecentFont,
  RECENT_FONTS_KEY,
  readRecentFonts,
} from "../../src/elements/common/fonts";
import { iconTitle, parseIconManifest } from "../../src/server/routes/icons";

function memoryStore() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
}

describe("font list", () => {
  it("marks member-only fonts premium and skips malformed rows", () => {
    const list = parseFontList([
      { name: "Roboto", url: "/label/fonts/Roboto-Regular.ttf", is_me_sp: 0 },
      { name: "Noto Serif", url: "/label/fonts/NotoSerif-Regular.ttf", is_me_sp: 1, bold_url: "/b.ttf" },
      { name: 5, url: "/x.ttf" },
      { name: "NoUrl" },
      null,
      { name: "Roboto", url: "/dup.ttf" },
    ]);
    expect(list.map((f) => [f.name, f.premium])).toEqual([
      ["Roboto", false],
      ["Noto Serif", true],
    ]);
    expect(parseFontList({ __proto__: [] })).toEqual([]);
  });

  it("keeps the scripts a family draws (known ids only) for the picker", () => {
    const list = parseFontList([
      { name: "Noto Sans Arabic", url: "/a.ttf", scripts: ["arabic", "klingon", 5] },
      { name: "Roboto", url: "/r.ttf" },
    ]);
    expect(list.map((f) => f.scripts)).toEqual([["arabic"], []]);
  });

  it("keeps recent fonts first, without duplicates, at most 50", () => {
    const s = memoryStore();
    for (let i = 0; i < 60; i++) pushRecentFont(s, `F${i}`);
    pushRecentFont(s, "F10");
    const list = readRecentFonts(s);
    expect(list).toHaveLength(50);
    expect(list[0]).toBe("F10");
    expect(list[1]).toBe("F59");
    expect(new Set(list).size).toBe(50);
    s.setItem(RECENT_FONTS_KEY, "{broken");
    expect(readRecentFonts(s)).toEqual([]);
    s.setItem(RECENT_FONTS_KEY, '["a", 3, null, "b"]');
    expect(readRecentFonts(s)).toEqual(["a", "b"]);
  });
});

describe("shipped icon set", () => {
  const manifestText = readFileSync("public/icons/manifest.json", "utf8");
  const cats = parseIconManifest(manifestText);

  it("has hundreds of icons in the promised categories, every file present and an SVG", () => {
    const ids = cats.map((c) => c.id);
    for (const want of [
      "retail",
      "clothing",
      "food",
      "hazard",
      "arrows",
      "shipping",
      "electrical",
      "recycling",
    ])
      expect(ids).toContain(want);
    const total = cats.reduce((n, c) => n + c.icons.length, 0);
    expect(total).toBeGreaterThanOrEqual(300);
    for (const c of cats) {
      expect(Object.keys(c.name).sort()).toEqual(["en", "es", "pt", "ru", "zh"]);
      for (const i of c.icons) {
        const svg = readFileSync(`public/icons/${c.id}/${i}.svg`, "utf8");
        expect(svg.trimStart().startsWith("<svg")).toBe(true);
        expect(svg).not.toContain("currentColor");
      }
    }
    expect(existsSync("public/icons/LICENSE-lucide.txt")).toBe(true);
  });

  it("drops names that could leave the folder and survives malformed manifests", () => {
    expect(
      parseIconManifest(
        JSON.stringify({
          categories: [
            { id: "../etc", icons: ["a"] },
            { id: "ok", name: { en: "OK" }, icons: ["good", "../bad", "a/b", 5, "__proto__"] },
          ],
        }),
      ),
    ).toEqual([{ id: "ok", name: { en: "OK" }, icons: ["good"] }]);
    expect(parseIconManifest("not json")).toEqual([]);
    expect(parseIconManifest('{"categories": 3}')).toEqual([]);
    expect(iconTitle("shopping-cart")).toBe("Shopping cart");
  });

  it("the client keeps only usable categories and icon urls", () => {
    expect(parseCategories([{ id: "a", name: "A", son: [{ id: 2, name: "B" }] }, { name: "no id" }])).toEqual(
      [{ id: "a", name: "A", son: [{ id: "2", name: "B", son: [] }] }],
    );
    expect(
      parseIcons([
        { id: "x", name: "X", url: "/label/icons/a/x.svg" },
        { id: "y", name: "Y", url: "javascript:alert(1)" },
        { id: "z", url: "https://example.com/z.svg" },
      ]).map((i) => i.id),
    ).toEqual(["x", "z"]);
  });
});
