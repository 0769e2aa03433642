// Fonts of one PDF: each (family, bold) face the SVG names becomes a Type 0 / CIDFontType2 font
// (Identity-H) whose CIDs are glyphs renumbered in order of first use, so the embedded subset holds
// exactly the glyphs drawn. Widths (/W) and a ToUnicode map keep text selectable and searchable.

import { DEFAULT_FONT_FAMILY } from "../../model/constants";
import type { FontRegistry } from "../../render";
import { clusterTexts, type ShapedGlyph } from "../../render/text/glyphsAttr";
import { type TrueTypeFont, trueTypeOf } from "./trueType";
import { type PdfWriter, pdfName } from "./writer";

interface Used {
  readonly resource: string;
  readonly family: string;
  readonly bold: boolean;
  readonly font: TrueTypeFont;
  /** old glyph id → CID (new glyph id) */
  readonly cids: Map<number, number>;
  /** old glyph ids by CID */
  readonly order: number[];
  /** CID → text it stands for */
  readonly unicode: Map<number, string>;
  readonly id: number;
}

export interface Encoded {
  readonly resource: string;
  /** the CIDs as a hex string for Tj */
  readonly hex: string;
  /** advance of the whole run in em */
  readonly width: number;
}

/** One shaped glyph: its CID, advance and offsets in em (y up), and its cluster. */
export interface EncodedGlyph extends Encoded {
  readonly dx: number;
  readonly dy: number;
  /** the cluster it belongs to and the cluster's characters */
  readonly cl: number;
  readonly text: string;
}

export class PdfFonts {
  private readonly used = new Map<string, Used>();

  constructor(
    private readonly writer: PdfWriter,
    private readonly registry: FontRegistry,
  ) {}

  private face(family: string, bold: boolean): Used | null {
    const key = `${family}\u0000${bold}`;
    const hit = this.used.get(key);
    if (hit) return hit;
    const tries: [string, boolean][] = [
      [family, bold],
      [family, false],
      [DEFAULT_FONT_FAMILY, bold],
      [DEFAULT_FONT_FAMILY, false],
    ];
    for (const [f, b] of tries) {
      const bytes = this.registry.bytes(f, b);
      if (!bytes) continue;
      let font: TrueTypeFont;
      try {
        font = trueTypeOf(bytes);
      } catch {
        continue;
      }
      const u: Used = {
        resource: `F${this.used.size + 1}`,
        family: f,
        bold: b,
        font,
        cids: new Map([[0, 0]]),
        order: [0],
        unicode: new Map(),
        id: this.writer.reserve(),
      };
      this.used.set(key, u);
      return u;
    }
    return null;
  }

  /** Encodes `text` in the face; null when no font at all is available. */
  encode(family: string, bold: boolean, text: string): Encoded | null {
    const u = this.face(family, bold);
    if (!u) return null;
    let hex = "";
    let width = 0;
    for (const ch of text) {
      const cp = ch.codePointAt(0) as number;
      const gid = u.font.glyphId(cp);
      let cid = u.cids.get(gid);
      if (cid === undefined) {
        cid = u.order.length;
        u.cids.set(gid, cid);
        u.order.push(gid);
      }
      if (gid !== 0 && !u.unicode.has(cid)) u.unicode.set(cid, ch);
      hex += cid.toString(16).padStart(4, "0");
      width += u.font.advance(gid) / u.font.unitsPerEm;
    }
    return { resource: u.resource, hex, width };
  }

  /**
   * Encodes shaped glyphs (ids in the face's own numbering) one CID each; the first glyph of each
   * cluster maps back to the cluster's characters in ToUnicode, so text extraction reads `text`.
   */
  encodeGlyphs(
    family: string,
    bold: boolean,
    text: string,
    glyphs: readonly ShapedGlyph[],
  ): EncodedGlyph[] | null {
    const u = this.face(family, bold);
    if (!u) return null;
    // a face standing in for another has other glyph ids: encode the characters instead
    if (u.family !== family || u.bold !== bold) return null;
    const texts = clusterTexts(text, glyphs);
    return glyphs.map((s, i) => {
      const gid = s.g < u.font.numGlyphs ? s.g : 0;
      let cid = u.cids.get(gid);
      if (cid === undefined) {
        cid = u.order.length;
        u.cids.set(gid, cid);
        u.order.push(gid);
      }
      // ToUnicode: a glyph drawing a whole cluster alone maps to it (others are read through ActualText)
      const alone = glyphs.filter((o) => o.cl === s.cl).length === 1;
      if (gid !== 0 && alone && texts[i] && !u.unicode.has(cid)) u.unicode.set(cid, texts[i]);
      const em = u.font.unitsPerEm;
      return {
        resource: u.resource,
        hex: cid.toString(16).padStart(4, "0"),
        width: s.ax / em,
        dx: s.dx / em,
        dy: s.dy / em,
        cl: s.cl,
        text: texts[i],
      };
    });
  }

  /** `/F1 12 0 R …` for a resources dictionary. */
  resources(): string {
    return [...this.used.values()].map((u) => `/${u.resource} ${u.id} 0 R`).join("");
  }

  /** Writes every used font (subset file, descriptor, widths, ToUnicode). */
  finish(): void {
    let tag = 0;
    for (const u of this.used.values()) {
      const { file } = u.font.subset(u.order);
      const f = u.font;
      const k = 1000 / f.unitsPerEm;
      const name = pdfName(`${subsetTag(tag++)}+${u.family}${u.bold ? " Bold" : ""}`);
      const fileId = this.writer.stream(`/Length1 ${file.length}`, file);
      const bbox = f.bbox.map((v) => Math.round(v * k)).join(" ");
      const descriptor = this.writer.put(
        `<</Type/FontDescriptor/FontName${name}/Flags 4/FontBBox[${bbox}]/ItalicAngle ${f.italicAngle}` +
          `/Ascent ${Math.round(f.ascent * k)}/Descent ${Math.round(f.descent * k)}` +
          `/CapHeight ${Math.round(f.capHeight * k)}/StemV ${u.bold ? 120 : 80}/FontFile2 ${fileId} 0 R>>`,
      );
      const widths = u.order.map((gid) => Math.round(f.advance(gid) * k)).join(" ");
      const cid = this.writer.put(
        `<</Type/Font/Subtype/CIDFontType2/BaseFont${name}/CIDSystemInfo<</Registry(Adobe)/Ordering(Identity)/Supplement 0>>` +
          `/FontDescriptor ${descriptor} 0 R/W[0[${widths}]]/CIDToGIDMap/Identity>>`,
      );
      const toUnicode = this.writer.stream("", toUnicodeCMap(u.unicode));
      this.writer.put(
        `<</Type/Font/Subtype/Type0/BaseFont${name}/Encoding/Identity-H/DescendantFonts[${cid} 0 R]/ToUnicode ${toUnicode} 0 R>>`,
        u.id,
      );
    }
  }
}

function subsetTag(i: number): string {
  let s = "";
  let n = i;
  for (let k = 0; k < 6; k++) {
    s = String.fromCharCode(65 + (n % 26)) + s;
    n = Math.floor(n / 26);
  }
  return s;
}

/** UTF-16BE hex of a string (ToUnicode targets, ActualText). */
export function utf16Hex(s: string): string {
  let h = "";
  for (let i = 0; i < s.length; i++) h += s.charCodeAt(i).toString(16).padStart(4, "0");
  return h;
}

function toUnicodeCMap(map: Map<number, string>): string {
  const lines = [
    "/CIDInit /ProcSet findresource begin 12 dict begin begincmap",
    "/CIDSystemInfo<</Registry(Adobe)/Ordering(UCS)/Supplement 0>>def",
    "/CMapName/Adobe-Identity-UCS def/CMapType 2 def",
    "1 begincodespacerange <0000><ffff> endcodespacerange",
  ];
  const entries = [...map].sort((a, b) => a[0] - b[0]);
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100);
    lines.push(`${chunk.length} beginbfchar`);
    for (const [cid, text] of chunk) lines.push(`<${cid.toString(16).padStart(4, "0")}><${utf16Hex(text)}>`);
    lines.push("endbfchar");
  }
  lines.push("endcmap CMapName currentdict /CMap defineresource pop end end");
  return lines.join("\n");
}
