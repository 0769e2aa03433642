// Fonts for vector PDF text: the shipped TrueType files of the font registry are added to jsPDF
// under the SAME family names the renderer writes in `font-family`, so svg2pdf finds them and
// writes real, selectable text (Identity-H; jsPDF embeds only the glyphs used, a subset).
import type { jsPDF } from "jspdf";
import type { FontRegistry } from "../render";

export interface UsedFont {
  readonly family: string;
  readonly bold: boolean;
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&apos;": "'",
};
const decodeEntities = (s: string) => s.replace(/&(amp|lt|gt|quot|apos);/g, (m) => ENTITIES[m] ?? m);

/** The (family, bold) pairs named by `font-family` attributes in a portable SVG. */
export function fontsInSvg(svg: string): UsedFont[] {
  const out = new Map<string, UsedFont>();
  for (const m of svg.matchAll(/<(?:text|tspan)\b[^>]*\bfont-family="([^"]*)"[^>]*>/g)) {
    const family = decodeEntities(m[1])
      .replace(/^\s*['"]|['"]\s*$/g, "")
      .trim();
    if (!family) continue;
    const bold = /\bfont-weight="(bold|[6-9]00)"/.test(m[0]);
    out.set(`${family}\u0000${bold}`, { family, bold });
  }
  return [...out.values()];
}

function base64(bytes: ArrayBuffer): string {
  const u8 = new Uint8Array(bytes);
  let bin = "";
  const CHUNK = 0x8000;
  for (let i = 0; i < u8.length; i += CHUNK) bin += String.fromCharCode(...u8.subarray(i, i + CHUNK));
  return btoa(bin);
}

/**
 * Adds the fonts a PDF needs, once per (family, bold). A family whose file is not loaded is left
 * out: svg2pdf then falls back to a standard font, which never happens for the shipped families
 * because `prepareRender` loaded them.
 */
export class PdfFontSet {
  private readonly added = new Set<string>();
  constructor(
    private readonly pdf: jsPDF,
    private readonly registry: FontRegistry,
  ) {}

  async ensure(fonts: readonly UsedFont[]): Promise<void> {
    for (const f of fonts) {
      const k = `${f.family}\u0000${f.bold}`;
      if (this.added.has(k)) continue;
      this.added.add(k);
      if (!this.registry.isLoaded(f.family, f.bold)) await this.registry.load(f.family, f.bold);
      const bytes = this.registry.bytes(f.family, f.bold);
      if (!bytes) continue;
      const style = f.bold ? "bold" : "normal";
      const file = `${f.family.replace(/[^A-Za-z0-9]+/g, "_")}-${style}.ttf`;
      this.pdf.addFileToVFS(file, base64(bytes));
      this.pdf.addFont(file, f.family, style, undefined, "Identity-H");
    }
  }
}
