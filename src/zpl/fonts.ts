// ZPL printer fonts → ours. Font 0 (CG Triumvirate Bold Condensed) and ^A@ fonts are scalable: the
// height in dots is the size. The bitmap fonts A–H and P–V have a cell of fixed dots that the
// height multiplies by whole numbers; their look is closest to a monospaced face.

export interface ZplFont {
  /** font letter or digit, "@" for ^A@ */
  readonly name: string;
  /** character height, dots */
  readonly height: number;
  /** character width, dots (0: in proportion) */
  readonly width: number;
  /** ^A@ / ^CW: the font's file ("R:INK1.TTF") */
  readonly file?: string;
}

export interface OurFont {
  readonly family: string;
  readonly bold: boolean;
  /** the character height, dots at the file's resolution */
  readonly heightDots: number;
  /** how much wider than the face's own proportions ^A's width draws it (1: as the face) */
  readonly stretch: number;
}

/** ^A's width over its height for a scalable font (0: in proportion). */
export const scalableStretch = (f: ZplFont) => (f.width > 0 && f.height > 0 ? f.width / f.height : 1);

/** The bitmap fonts' cells (height, width) in dots of a 203 dpi printer (ZPL II manual, font matrices). */
const BITMAP: Readonly<Record<string, readonly [number, number]>> = {
  A: [9, 5],
  B: [11, 7],
  C: [18, 10],
  D: [18, 10],
  E: [28, 15],
  F: [26, 13],
  G: [60, 40],
  H: [21, 13],
  P: [20, 18],
  Q: [28, 24],
  R: [35, 31],
  S: [40, 35],
  T: [48, 42],
  U: [59, 53],
  V: [80, 71],
};

export const SCALABLE_FAMILY = "Roboto";
export const BITMAP_FAMILY = "Roboto Mono";

export function ourFont(f: ZplFont, dpi: number): OurFont {
  const cell = BITMAP[f.name.toUpperCase()];
  if (!cell)
    return {
      family: SCALABLE_FAMILY,
      bold: f.name === "0",
      heightDots: f.height || 9,
      stretch: scalableStretch(f),
    };
  // a bitmap font's height and width are whole multiples of its cell (at least one), scaled to the
  // resolution; a width multiple other than the height's stretches the characters
  const base = Math.max(1, Math.round((cell[0] * dpi) / 203));
  const times = f.height > 0 ? Math.max(1, Math.round(f.height / base)) : 1;
  const baseW = Math.max(1, Math.round((cell[1] * dpi) / 203));
  const timesW = f.width > 0 ? Math.max(1, Math.round(f.width / baseW)) : times;
  return { family: BITMAP_FAMILY, bold: false, heightDots: base * times, stretch: timesW / times };
}
