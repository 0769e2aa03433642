// A label fetches only the fonts it draws with (issue 41, first load): the default family is a
// 10 MB CJK face, so a new label, or one of shapes only, must not fetch it before it shows.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEFAULT_FONT_FAMILY } from "../../src/model/constants";
import { FONT_MANIFEST } from "../../src/render/fontManifest";
import { FontRegistry } from "../../src/render/fonts";
import { prepareRender } from "../../src/render/index";
import { doc, el } from "./helpers";

/** A registry reading the shipped files that records each file it was asked for. */
function countingFonts() {
  const fetched: string[] = [];
  const fonts = new FontRegistry({
    source: async (file) => {
      fetched.push(file);
      const b = readFileSync(`public/fonts/${file}`);
      return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
    },
  });
  return { fonts, fetched };
}

const defaultFile = FONT_MANIFEST.find((f) => f.name === DEFAULT_FONT_FAMILY)?.file;

describe("fonts a label needs", () => {
  it("a new, empty label fetches no font", async () => {
    const { fonts, fetched } = countingFonts();
    await prepareRender(doc([]), { fonts, target: "canvas" });
    expect(fetched).toEqual([]);
  });

  it("a label of shapes only fetches no font", async () => {
    const { fonts, fetched } = countingFonts();
    await prepareRender(doc([el("Rectangle"), el("Line")]), { fonts, target: "canvas" });
    expect(fetched).toEqual([]);
  });

  it("a text still gets the default family before it is drawn", async () => {
    const { fonts, fetched } = countingFonts();
    await prepareRender(doc([el("Text", { Data: "Hello" })]), { fonts, target: "canvas" });
    expect(defaultFile).toBeTruthy();
    expect(fetched).toContain(defaultFile);
    expect(fonts.isLoaded(DEFAULT_FONT_FAMILY)).toBe(true);
  });
});
