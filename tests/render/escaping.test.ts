// Hostile strings in any field come out as inert, well-formed text.
import { beforeAll, describe, expect, it } from "vitest";
import type { FontRegistry } from "../../src/render/fonts";
import { renderLabel } from "../../src/render/index";
import { escapeXml } from "../../src/render/svg";
import { doc, el, loadedFonts, parseSvg, textOf, walk } from "./helpers";

let fonts: FontRegistry;
beforeAll(async () => {
  fonts = await loadedFonts();
});

const HOSTILE = [
  "<script>alert(1)</script>",
  '"><svg onload=alert(1)>',
  "&amp; &lt; ]]> <![CDATA[x]]>",
  "' onmouseover='x",
  "\u0000\u0001\u001f\ud800lone",
  "<!ENTITY x SYSTEM 'file:///etc/passwd'>",
];

describe("escaping", () => {
  it("escapeXml neutralises markup and drops characters XML forbids", () => {
    expect(escapeXml(`<a href="x">&'`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&apos;");
    expect(escapeXml("a\u0000b\u0008c\ud800d\ud83d\ude00")).toBe("abcd\ud83d\ude00");
  });

  for (const s of HOSTILE) {
    it(`renders ${JSON.stringify(s)} as text, never as markup`, () => {
      const text = el("Text", { Id: s, Data: s, TextPrefix: s, FontFamily: s });
      const rect = el("Rectangle", { Id: `${s}2` });
      const svg = renderLabel(doc([text, rect]), { fonts, target: "canvas" });
      const root = parseSvg(svg);
      const names = new Set<string>();
      walk(root, (n) => {
        names.add(n.name);
        for (const a of Object.keys(n.attrs)) expect(a.startsWith("on")).toBe(false);
      });
      expect([...names].every((n) => ["svg", "g", "text", "tspan", "rect"].includes(n))).toBe(true);
      const g = root.children[0];
      // the text survives (spaces are positions, not characters, in the output)
      const expected = Array.from(s + s)
        .filter((c) => c.charCodeAt(0) > 0x20 && !(c.charCodeAt(0) >= 0xd800 && c.charCodeAt(0) <= 0xdfff))
        .join("");
      expect(textOf(g)).toBe(expected);
      expect(root.children).toHaveLength(2);
    });
  }
});
