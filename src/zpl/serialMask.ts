// ^SFa,b: a serialization mask over the end of a field's data, counted on each copy ^PQ prints.
// The mask lines up with the data's last characters: D decimal, H hex, O octal, A letters,
// N digits then letters (lower-case h a n write lower case), % a position left alone. The increment
// string lines up with the mask's right end; each copy adds it, carrying leftwards across the
// counting positions (past % ones) and dropping the carry beyond the first, as a printer does
// ("BL9999" with ^SFAAdddd,1 → "BM0000"; "Z9" with ^SFAd,1 → "A0"). A leading "-" counts down.

const ALPHABETS: Readonly<Record<string, string>> = {
  D: "0123456789",
  H: "0123456789ABCDEF",
  O: "01234567",
  A: "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
  N: "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ",
};

/** Longest data a mask counts (a printer's field holds 3,072 bytes): bounds the work per copy. */
export const SF_MAX_DATA = 3072;

export interface SerialMask {
  readonly mask: string;
  readonly increment: string;
}

interface Slot {
  /** index in the data */
  readonly at: number;
  readonly alphabet: string;
  readonly lower: boolean;
  /** what each copy adds here */
  readonly step: number;
}

/** A character's value in a position's alphabet: its place, a digit its own value, else 0. */
function valueIn(ch: string, alphabet: string): number {
  const i = alphabet.indexOf(ch.toUpperCase());
  if (i >= 0) return i;
  return /[0-9]/.test(ch) ? Math.min(Number(ch), alphabet.length - 1) : 0;
}

function slotsOf(data: readonly string[], m: SerialMask): { slots: Slot[]; down: boolean } {
  const mask = Array.from(m.mask.trim());
  const down = m.increment.trim().startsWith("-");
  const inc = Array.from(m.increment.trim().replace(/^[-+]/, "") || "1");
  const slots: Slot[] = [];
  mask.forEach((c, j) => {
    const at = data.length - mask.length + j;
    const alphabet = ALPHABETS[c.toUpperCase()];
    if (at < 0 || !alphabet) return;
    const i = inc.length - mask.length + j;
    slots.push({ at, alphabet, lower: c !== c.toUpperCase(), step: i >= 0 ? valueIn(inc[i], alphabet) : 0 });
  });
  return { slots, down };
}

/** The field's data on each of `copies` printed copies (the first is the data itself). */
export function maskedCopies(data: string, m: SerialMask, copies: number): string[] {
  const chars = Array.from(data);
  const { slots, down } = slotsOf(chars, m);
  const values = slots.map((s) => valueIn(chars[s.at], s.alphabet));
  const out = [data];
  for (let k = 1; k < copies; k++) {
    let carry = 0;
    for (let i = slots.length - 1; i >= 0; i--) {
      const s = slots[i];
      const base = s.alphabet.length;
      const v = values[i] + (down ? -(s.step + carry) : s.step + carry);
      carry = down ? (v < 0 ? 1 : 0) : Math.floor(v / base);
      const next = ((v % base) + base) % base;
      if (next !== values[i]) {
        const ch = s.alphabet[next];
        chars[s.at] = s.lower ? ch.toLowerCase() : ch;
      }
      values[i] = next;
    }
    out.push(chars.join(""));
  }
  return out;
}
