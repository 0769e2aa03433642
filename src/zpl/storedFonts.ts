// The TrueType fonts a file downloads — ~DYd:name,A,T,size,,hex (a .TTF file, ASCII hex) and
// ~DUd:name,size,hex (an unbounded TrueType font) — kept by name for ^A@ and ^CW. Each is drawn in
// itself: its bytes become a family of their own (named after the file and a hash of its bytes, so two
// files' fonts of one name never mix), registered with the fonts before the labels are finished.
import { bytesHash } from "../model/bytesHash";
import { num } from "./field";
import { ZPL_MAX_BYTES } from "./limits";
import { objectName } from "./stored";

/** At most this many fonts a file: more are left out (and listed as not drawn). */
export const ZPL_MAX_FONTS = 16;

const HEX = /[^0-9A-Fa-f]/g;

export class FileFonts {
  private readonly byName = new Map<string, { family: string; bytes: Uint8Array }>();

  /** ~DY or ~DU: true when it was a TrueType font and is kept. */
  download(command: "DY" | "DU", params: string): boolean {
    const p = params.split(",");
    // ~DY's name, format (A hex), extension (T TrueType), size, bytes a row, data; ~DU's name, size, data
    const dy = command === "DY";
    if (dy && ((p[1] ?? "").trim().toUpperCase() !== "A" || (p[2] ?? "").trim().toUpperCase() !== "T"))
      return false;
    const size = num(dy ? p[3] : p[1], 0);
    if (size < 12 || size > ZPL_MAX_BYTES || this.byName.size >= ZPL_MAX_FONTS) return false;
    const hex = p
      .slice(dy ? 5 : 2)
      .join(",")
      .replace(HEX, "");
    if (hex.length < size * 2) return false;
    const bytes = new Uint8Array(size);
    for (let i = 0; i < size; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
    const name = objectName(p[0] ?? "", dy ? "TTF" : "FNT");
    this.byName.set(name, { family: `ZPL ${name} ${bytesHash(bytes)}`, bytes });
    return true;
  }

  /** The family a font file is drawn in ("R:INK1.TTF", "INK1"), or undefined when never downloaded. */
  family(file: string): string | undefined {
    const name = objectName(objectName(file, "TTF"), "FNT");
    return this.byName.get(name)?.family;
  }

  /** family → the font file's bytes */
  all(): ReadonlyMap<string, Uint8Array> {
    return new Map([...this.byName.values()].map((f) => [f.family, f.bytes]));
  }
}
