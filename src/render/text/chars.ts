// Character classes for line breaking and vertical text.

/** Wide (ideographic) characters: CJK, kana, hangul, fullwidth forms. They break anywhere and
 * stand a full em tall in vertical text. */
export function isWide(cp: number): boolean {
  return (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0x303e) ||
    (cp >= 0x3041 && cp <= 0x33ff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0xa000 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  );
}

export function isSpace(cp: number): boolean {
  return cp === 0x20 || cp === 0x09 || cp === 0x3000 || cp === 0xa0;
}

// Kinsoku: characters that must not start a line (closing punctuation) or end one (opening).
const NO_START = new Set(
  Array.from("，。、．：；！？）】》」』〉〕”’…—・ー～,.;:!?)]}%", (c) => c.codePointAt(0) as number),
);
const NO_END = new Set(Array.from("（【《「『〈〔“‘([{¥$£", (c) => c.codePointAt(0) as number));

/** Whether a line may break between code points `a` (before) and `b` (after). */
export function canBreakBetween(a: number, b: number): boolean {
  if (isSpace(b)) return false; // spaces hang at the end of the line
  if (NO_START.has(b) || NO_END.has(a)) return false;
  if (isSpace(a)) return true;
  if (isWide(a) || isWide(b)) return true;
  // after a hyphen or slash inside Latin text
  return (a === 0x2d || a === 0x2f) && b !== 0x2d;
}

/** Marks that belong to the character before them (accents, variation selectors, joiners): they are
 * never separated from it, neither by a line break nor by per-glyph positioning. */
export function isCombining(cp: number): boolean {
  return (
    (cp >= 0x0300 && cp <= 0x036f) ||
    (cp >= 0x1ab0 && cp <= 0x1aff) ||
    (cp >= 0x1dc0 && cp <= 0x1dff) ||
    (cp >= 0x20d0 && cp <= 0x20ff) ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    (cp >= 0xfe20 && cp <= 0xfe2f) ||
    cp === 0x200d ||
    (cp >= 0xe0100 && cp <= 0xe01ef)
  );
}

/** Invisible format characters (joiners, variation selectors, soft hyphen, BOM): no glyph needed. */
export function isIgnorable(cp: number): boolean {
  return (
    cp === 0xad ||
    (cp >= 0x200b && cp <= 0x200f) ||
    (cp >= 0x2060 && cp <= 0x206f) ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    cp === 0xfeff ||
    (cp >= 0xe0100 && cp <= 0xe01ef)
  );
}
