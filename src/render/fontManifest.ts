// The fonts Inkless ships in public/fonts (all SIL Open Font License 1.1). public/fonts/fonts.json is
// the same list for the server's getNewFontList; a test keeps the two identical. Entries marked
// `fallback` are the per-character fallback chain (FALLBACK_CHAIN): they also appear in the picker.
import { DEFAULT_FONT_FAMILY } from "../model/constants";

/** Scripts a family can draw, shown in the font picker (translated as elements.font.script.{id}). */
export const SCRIPT_IDS = [
  "latin",
  "latin-basic",
  "vietnamese",
  "greek",
  "cyrillic",
  "arabic",
  "hebrew",
  "thai",
  "devanagari",
  "chinese-simplified",
  "chinese-traditional",
  "japanese",
  "korean",
  "symbols",
] as const;
export type ScriptId = (typeof SCRIPT_IDS)[number];

export interface FontManifestEntry {
  /** family name, as written in FontFamily */
  readonly name: string;
  /** regular face, a glyf-outline TrueType file in public/fonts */
  readonly file: string;
  /** bold face (otherwise bold is synthesised) */
  readonly boldFile?: string;
  readonly license: string;
  readonly licenseFile?: string;
  /** 1: member-only font (premium marker, tip125 for non-members) */
  readonly is_me_sp: 0 | 1;
  /** part of the per-character fallback chain (loaded only when a text needs one of its glyphs) */
  readonly fallback?: true;
  /** scripts it covers, shown in the font picker */
  readonly scripts?: readonly ScriptId[];
}

export const FONT_MANIFEST: readonly FontManifestEntry[] = [
  {
    name: "Noto Sans SC",
    file: "NotoSansSC-Regular.ttf",
    boldFile: "NotoSansSC-Bold.ttf",
    license: "OFL-1.1",
    licenseFile: "licenses/NotoSansSC-OFL.txt",
    is_me_sp: 0,
    scripts: ["latin-basic", "chinese-simplified"],
  },
  {
    name: "Roboto",
    file: "Roboto-Regular.ttf",
    boldFile: "Roboto-Bold.ttf",
    license: "OFL-1.1",
    licenseFile: "licenses/Roboto-OFL.txt",
    is_me_sp: 0,
    scripts: ["latin", "vietnamese", "greek", "cyrillic"],
  },
  {
    name: "Noto Serif",
    file: "NotoSerif-Regular.ttf",
    boldFile: "NotoSerif-Bold.ttf",
    license: "OFL-1.1",
    licenseFile: "licenses/NotoSerif-OFL.txt",
    is_me_sp: 1,
    scripts: ["latin", "vietnamese", "greek", "cyrillic"],
  },
  {
    name: "Roboto Mono",
    file: "RobotoMono-Regular.ttf",
    boldFile: "RobotoMono-Bold.ttf",
    license: "OFL-1.1",
    licenseFile: "licenses/RobotoMono-OFL.txt",
    is_me_sp: 1,
    scripts: ["latin", "vietnamese", "greek", "cyrillic"],
  },
  {
    name: "Noto Sans",
    file: "NotoSans-Regular.ttf",
    boldFile: "NotoSans-Bold.ttf",
    license: "OFL-1.1",
    licenseFile: "licenses/NotoSans-OFL.txt",
    is_me_sp: 0,
    fallback: true,
    scripts: ["latin", "vietnamese", "greek", "cyrillic"],
  },
  {
    name: "Noto Sans Arabic",
    file: "NotoSansArabic-Regular.ttf",
    boldFile: "NotoSansArabic-Bold.ttf",
    license: "OFL-1.1",
    licenseFile: "licenses/NotoSansArabic-OFL.txt",
    is_me_sp: 0,
    fallback: true,
    scripts: ["arabic"],
  },
  {
    name: "Noto Sans Hebrew",
    file: "NotoSansHebrew-Regular.ttf",
    boldFile: "NotoSansHebrew-Bold.ttf",
    license: "OFL-1.1",
    licenseFile: "licenses/NotoSansHebrew-OFL.txt",
    is_me_sp: 0,
    fallback: true,
    scripts: ["hebrew"],
  },
  {
    name: "Noto Sans Thai",
    file: "NotoSansThai-Regular.ttf",
    boldFile: "NotoSansThai-Bold.ttf",
    license: "OFL-1.1",
    licenseFile: "licenses/NotoSansThai-OFL.txt",
    is_me_sp: 0,
    fallback: true,
    scripts: ["thai"],
  },
  {
    name: "Noto Sans Devanagari",
    file: "NotoSansDevanagari-Regular.ttf",
    boldFile: "NotoSansDevanagari-Bold.ttf",
    license: "OFL-1.1",
    licenseFile: "licenses/NotoSansDevanagari-OFL.txt",
    is_me_sp: 0,
    fallback: true,
    scripts: ["devanagari"],
  },
  {
    name: "Noto Sans TC",
    file: "NotoSansTC-Regular.ttf",
    license: "OFL-1.1",
    licenseFile: "licenses/NotoSansTC-OFL.txt",
    is_me_sp: 0,
    fallback: true,
    scripts: ["chinese-traditional", "latin-basic"],
  },
  {
    name: "Noto Sans JP",
    file: "NotoSansJP-Regular.ttf",
    license: "OFL-1.1",
    licenseFile: "licenses/NotoSansJP-OFL.txt",
    is_me_sp: 0,
    fallback: true,
    scripts: ["japanese", "latin-basic"],
  },
  {
    name: "Noto Sans KR",
    file: "NotoSansKR-Regular.ttf",
    license: "OFL-1.1",
    licenseFile: "licenses/NotoSansKR-OFL.txt",
    is_me_sp: 0,
    fallback: true,
    scripts: ["korean", "latin-basic"],
  },
  {
    name: "Noto Sans Symbols",
    file: "NotoSansSymbols-Regular.ttf",
    boldFile: "NotoSansSymbols-Bold.ttf",
    license: "OFL-1.1",
    licenseFile: "licenses/NotoSansSymbols-OFL.txt",
    is_me_sp: 0,
    fallback: true,
    scripts: ["symbols"],
  },
  {
    name: "Noto Sans Symbols 2",
    file: "NotoSansSymbols2-Regular.ttf",
    license: "OFL-1.1",
    licenseFile: "licenses/NotoSansSymbols2-OFL.txt",
    is_me_sp: 0,
    fallback: true,
    scripts: ["symbols"],
  },
];

/** The family every other family falls back to first (the default; CJK in particular). */
export const FALLBACK_FONT_FAMILY = DEFAULT_FONT_FAMILY;

type Ranges = readonly (readonly [number, number])[];

const CJK: Ranges = [
  [0x2e80, 0x2fdf],
  [0x3000, 0x30ff],
  [0x3100, 0x31ff],
  [0x3200, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xffef],
  [0x20000, 0x3134f],
];

/**
 * The per-character fallback chain after the text's own family and FALLBACK_FONT_FAMILY, in order,
 * with the code points each is worth loading for (Unicode blocks of its scripts; the face's cmap
 * decides in the end). A character is drawn by the first loaded face that has it.
 */
export const FALLBACK_CHAIN: readonly { readonly family: string; readonly ranges: Ranges }[] = [
  {
    family: "Noto Sans",
    ranges: [
      [0x0000, 0x052f], // Latin, IPA, combining marks, Greek, Cyrillic
      [0x1ab0, 0x1eff], // combining marks, phonetic, Latin Extended Additional (Vietnamese)
      [0x1f00, 0x1fff], // Greek Extended
      [0x2000, 0x214f], // punctuation, super/subscripts, currency, letterlike
      [0x2c60, 0x2c7f],
      [0x2de0, 0x2e7f],
      [0xa640, 0xa69f],
      [0xa720, 0xa7ff],
      [0xab30, 0xab6f],
      [0xfb00, 0xfb06],
      [0xfe20, 0xfe2f],
    ],
  },
  {
    family: "Noto Sans Arabic",
    ranges: [
      [0x0600, 0x06ff],
      [0x0750, 0x077f],
      [0x0870, 0x08ff],
      [0xfb50, 0xfdff],
      [0xfe70, 0xfeff],
    ],
  },
  {
    family: "Noto Sans Hebrew",
    ranges: [
      [0x0590, 0x05ff],
      [0xfb1d, 0xfb4f],
    ],
  },
  { family: "Noto Sans Thai", ranges: [[0x0e00, 0x0e7f]] },
  {
    family: "Noto Sans Devanagari",
    ranges: [
      [0x0900, 0x097f],
      [0x1cd0, 0x1cff],
      [0xa8e0, 0xa8ff],
    ],
  },
  { family: "Noto Sans TC", ranges: CJK },
  { family: "Noto Sans JP", ranges: CJK },
  {
    family: "Noto Sans KR",
    ranges: [[0x1100, 0x11ff], [0x3130, 0x318f], [0xa960, 0xa97f], [0xac00, 0xd7ff], ...CJK],
  },
  {
    family: "Noto Sans Symbols",
    ranges: [
      [0x2100, 0x2bff],
      [0x1f100, 0x1f1ff],
      [0x1f650, 0x1f67f],
    ],
  },
  {
    family: "Noto Sans Symbols 2",
    ranges: [
      [0x2000, 0x2bff],
      [0x2800, 0x28ff],
      [0x1f000, 0x1faff],
      [0x1fb00, 0x1fbff],
    ],
  },
];

/** Whether `cp` lies in one of the ranges. */
export function inRanges(ranges: Ranges, cp: number): boolean {
  for (const [lo, hi] of ranges) if (cp >= lo && cp <= hi) return true;
  return false;
}
