// The fonts Inkless ships in public/fonts (all SIL Open Font License 1.1). public/fonts/fonts.json is
// the same list for the server's getNewFontList; a test keeps the two identical.
import { DEFAULT_FONT_FAMILY } from "../model/constants";

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
}

export const FONT_MANIFEST: readonly FontManifestEntry[] = [
  {
    name: "Noto Sans SC",
    file: "NotoSansSC-Regular.ttf",
    boldFile: "NotoSansSC-Bold.ttf",
    license: "OFL-1.1",
    licenseFile: "licenses/NotoSansSC-OFL.txt",
    is_me_sp: 0,
  },
  {
    name: "Roboto",
    file: "Roboto-Regular.ttf",
    boldFile: "Roboto-Bold.ttf",
    license: "OFL-1.1",
    licenseFile: "licenses/Roboto-OFL.txt",
    is_me_sp: 0,
  },
  {
    name: "Noto Serif",
    file: "NotoSerif-Regular.ttf",
    boldFile: "NotoSerif-Bold.ttf",
    license: "OFL-1.1",
    licenseFile: "licenses/NotoSerif-OFL.txt",
    is_me_sp: 1,
  },
  {
    name: "Roboto Mono",
    file: "RobotoMono-Regular.ttf",
    boldFile: "RobotoMono-Bold.ttf",
    license: "OFL-1.1",
    licenseFile: "licenses/RobotoMono-OFL.txt",
    is_me_sp: 1,
  },
];

/** The family every other family falls back to for glyphs it lacks (CJK in particular). */
export const FALLBACK_FONT_FAMILY = DEFAULT_FONT_FAMILY;
