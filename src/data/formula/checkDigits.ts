// Check digits a formula can append: mod10 (Luhn), mod43 (Code 39) and GS1 (weights 3,1 from the right,
// the one definition the barcode encoders also use).
import { gs1CheckDigit } from "../../codes/checkDigits";
import { FormulaError } from "./errors";

const CODE39 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%";

function digitsOnly(s: string, pos: number): string {
  if (!/^\d+$/.test(s)) throw new FormulaError("formula.error.digitsOnly", pos, { value: s.slice(0, 20) });
  return s;
}

/** Luhn: double every second digit from the right. */
export function mod10(s: string, pos: number): string {
  const digits = digitsOnly(s, pos);
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** Code 39's check character: the sum of the characters' values modulo 43. */
export function mod43(s: string, pos: number): string {
  let sum = 0;
  for (const c of s) {
    const v = CODE39.indexOf(c);
    if (v < 0) throw new FormulaError("formula.error.code39Char", pos, { char: c });
    sum += v;
  }
  return CODE39[sum % 43];
}

export function gs1(s: string, pos: number): string {
  return gs1CheckDigit(digitsOnly(s, pos));
}
