// The rules one AI value must meet: length, character set, check digit, date. Each broken rule is a
// translation key naming the AI and the rule, so the builder can show it under the field.
import { gs1CheckDigit } from "../checkDigits";
import { type AiSpec, aiSpec } from "./ais";

export interface Gs1Issue {
  readonly key: string;
  readonly vars: Readonly<Record<string, string | number>>;
}

/** GS1 AI encodable character set 82 (GS1 General Specifications, figure 7.11-1). */
const CSET82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]$/;

/** The first character of `value` outside the AI's character set, or null. */
function badChar(spec: AiSpec, value: string): string | null {
  for (const ch of value) {
    if (spec.charset === "N" ? !(ch >= "0" && ch <= "9") : !CSET82.test(ch)) return ch;
  }
  return null;
}

/** A control or invisible character is named by its code point, so the message shows something. */
function shown(ch: string): string {
  const cp = ch.codePointAt(0) ?? 0;
  return cp <= 0x20 || cp === 0x7f || (cp >= 0x80 && cp <= 0xa0)
    ? `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`
    : ch;
}

function validDate(v: string): boolean {
  const mm = Number(v.slice(2, 4));
  const dd = Number(v.slice(4, 6));
  if (mm < 1 || mm > 12) return false;
  if (dd === 0) return true; // "00": the last day of the month (GS1 General Specifications §7.12)
  // YY: the century of the sliding window does not change which days a month has, except
  // February: a year divisible by four is a leap year from 1901 to 2099, which covers the window.
  const yy = Number(v.slice(0, 2));
  const days = [31, yy % 4 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mm - 1] ?? 0;
  return dd <= days;
}

/** The first rule `value` breaks for `ai`, or null when it is valid. */
export function checkAiValue(ai: string, value: string): Gs1Issue | null {
  const spec = aiSpec(ai);
  if (!spec) return { key: "codes.gs1.unknownAi", vars: { ai } };
  if (value === "") return { key: "codes.gs1.empty", vars: { ai } };
  const ch = badChar(spec, value);
  if (ch !== null) {
    return spec.charset === "N"
      ? { key: "codes.gs1.digitsOnly", vars: { ai, char: shown(ch) } }
      : { key: "codes.gs1.charset", vars: { ai, char: shown(ch) } };
  }
  const len = [...value].length;
  if (spec.min === spec.max && len !== spec.min) {
    return { key: "codes.gs1.fixedLength", vars: { ai, length: spec.min, given: len } };
  }
  if (len < spec.min || len > spec.max) {
    return { key: "codes.gs1.maxLength", vars: { ai, max: spec.max, given: len } };
  }
  if (spec.check) {
    const want = gs1CheckDigit(value.slice(0, -1));
    if (value.slice(-1) !== want) return { key: "codes.gs1.checkDigit", vars: { ai, digit: want } };
  }
  if (spec.date && !validDate(value)) return { key: "codes.gs1.date", vars: { ai } };
  return null;
}
