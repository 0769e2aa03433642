// Minimal typings for the parts of opentype.js 2.x the font registry uses (the package ships none).
declare module "opentype.js" {
  export interface Glyph {
    readonly index: number;
    readonly advanceWidth?: number;
  }
  export interface Font {
    readonly unitsPerEm: number;
    readonly ascender: number;
    readonly descender: number;
    readonly numGlyphs: number;
    readonly outlinesFormat: string;
    readonly glyphs: { get(index: number): Glyph };
    readonly names: Record<string, Record<string, Record<string, string>>>;
    readonly tables: {
      readonly os2?: {
        readonly sTypoAscender: number;
        readonly sTypoDescender: number;
        readonly sCapHeight?: number;
        readonly sxHeight?: number;
        readonly yStrikeoutPosition: number;
        readonly yStrikeoutSize: number;
        readonly usWeightClass: number;
      };
      readonly post?: { readonly underlinePosition: number; readonly underlineThickness: number };
      readonly [name: string]: unknown;
    };
    charToGlyphIndex(ch: string): number;
    getKerningValue(left: Glyph | number, right: Glyph | number): number;
  }
  export function parse(buffer: ArrayBuffer, opt?: { lowMemory?: boolean }): Font;
}
