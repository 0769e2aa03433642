// Property tests of wrapping on random mixed-script text: nothing is lost or reordered, no line is
// longer than the box unless it holds a single character, and no line starts with a space.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { FontRegistry } from "../../src/render/fonts";
import { layoutText } from "../../src/render/text";
import { loadedFonts } from "./helpers";

let fonts: FontRegistry;
beforeAll(async () => {
  fonts = await loadedFonts();
});

const piece = fc.constantFrom(
  "a",
  "Wide",
  "label",
  " ",
  " ",
  "-",
  "中",
  "文字",
  "，",
  "。",
  "(",
  ")",
  "1234567890",
  "é",
  "\u3000",
);
const text = fc.array(piece, { maxLength: 40 }).map((p) => p.join(""));

describe("wrapping properties", () => {
  it("keeps every non-space character in order, within the box", () => {
    fc.assert(
      fc.property(
        text,
        fc.double({ min: 2, max: 80, noNaN: true }),
        fc.integer({ min: -1, max: 6 }),
        fc.constantFrom("Roboto", "Noto Sans SC", "Noto Serif"),
        (t, width, ls, family) => {
          const l = layoutText(
            { text: t, family, sizePt: 10, autoLine: true, wrapWidth: width, letterSpacing: ls },
            fonts,
          );
          const out = l.lines.map((ln) => ln.glyphs.map((g) => g.ch).join(""));
          const strip = (s: string) => s.replace(/[ \u3000]/g, "");
          expect(strip(out.join(""))).toBe(strip(t));
          for (const [i, ln] of l.lines.entries()) {
            if (ln.glyphs.length > 1) expect(ln.length).toBeLessThanOrEqual(width + 1e-6);
            if (i > 0) expect(out[i].startsWith(" ")).toBe(false);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("never breaks inside a Latin word that fits on a line", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("alpha", "beta", "gamma", "delta"), { minLength: 1, maxLength: 12 }),
        fc.double({ min: 20, max: 60, noNaN: true }),
        (words, width) => {
          const l = layoutText(
            { text: words.join(" "), family: "Roboto", sizePt: 10, autoLine: true, wrapWidth: width },
            fonts,
          );
          for (const ln of l.lines) {
            const s = ln.glyphs.map((g) => g.ch).join("");
            for (const w of s.split(" ")) expect(["alpha", "beta", "gamma", "delta"]).toContain(w);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
