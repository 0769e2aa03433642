// Sequence sources (label-editor.md §3, §5): the counting characters of InitialValue form one number
// in the type's radix; record i shows InitialValue + i × AddedValue. Characters outside the type's
// alphabet are fixed positions and stay where they are ("A-0099" + 1 → "A-0100").
//   0 decimal 0-9 · 1 hex 0-9 A-F a-f · 2 letters A-Z a-z (A = 0 … Z = 25) · 3 base 36 0-9 A-Z a-z
// Carry past the width grows the value: new characters are inserted before the first counting
// position ("99" + 1 → "100", "X-99" + 1 → "X-100"; letters grow like spreadsheet columns, Z → AA).
// Going below zero wraps around like an odometer within the width ("0000" − 1 → "9999", "A" − 1 → "Z").
// Case: letters keep each position's own case; hex and base 36 write lower-case letters only when the
// initial value has lower-case letters and no upper-case ones. An empty InitialValue counts from
// "1" ("A" for letters); text with no counting character at all repeats unchanged.
import type { DataSource, SequenceType } from "../model/types";

interface Plan {
  /** the characters of the initial value, fixed ones kept */
  readonly chars: readonly string[];
  /** indexes of the counting characters, most significant first */
  readonly slots: readonly number[];
  readonly radix: number;
  readonly start: bigint;
  readonly lower: boolean;
  /** per-slot lower case (letters) */
  readonly slotLower: readonly boolean[];
  readonly type: SequenceType;
}

const IS_COUNTING: Readonly<Record<SequenceType, RegExp>> = {
  0: /[0-9]/,
  1: /[0-9A-Fa-f]/,
  2: /[A-Za-z]/,
  3: /[0-9A-Za-z]/,
};
const RADIX: Readonly<Record<SequenceType, number>> = { 0: 10, 1: 16, 2: 26, 3: 36 };

function normType(t: number): SequenceType {
  return t === 1 || t === 2 || t === 3 ? t : 0;
}

function digitValue(ch: string, type: SequenceType): number {
  if (type === 2) return ch.toUpperCase().charCodeAt(0) - 65;
  return Number.parseInt(ch, RADIX[type]);
}

const plans = new Map<string, Plan>();

function plan(initial: string, typeIn: number): Plan {
  const type = normType(typeIn);
  const key = `${type}\u0000${initial}`;
  const hit = plans.get(key);
  if (hit) return hit;
  const text = initial === "" ? (type === 2 ? "A" : "1") : initial;
  const chars = Array.from(text);
  const test = IS_COUNTING[type];
  const slots: number[] = [];
  for (let i = 0; i < chars.length; i++) if (test.test(chars[i])) slots.push(i);
  const radix = RADIX[type];
  let start = 0n;
  for (const i of slots) start = start * BigInt(radix) + BigInt(digitValue(chars[i], type));
  const hasLower = /[a-z]/.test(text);
  const hasUpper = /[A-Z]/.test(text);
  const p: Plan = {
    chars,
    slots,
    radix,
    start,
    lower: hasLower && !hasUpper,
    slotLower: slots.map((i) => /[a-z]/.test(chars[i])),
    type,
  };
  if (plans.size > 2000) plans.clear();
  plans.set(key, p);
  return p;
}

/** Letters as a spreadsheet column name: 1 → A, 26 → Z, 27 → AA. */
function bijective(n: bigint): string {
  let out = "";
  while (n > 0n) {
    n -= 1n;
    out = String.fromCharCode(65 + Number(n % 26n)) + out;
    n /= 26n;
  }
  return out;
}

function digitsOf(value: bigint, p: Plan, width: number): string {
  if (p.type !== 2) {
    const s = value.toString(p.radix).padStart(width, "0");
    return p.lower ? s : s.toUpperCase();
  }
  const mod = 26n ** BigInt(width);
  const low = value % mod;
  const high = value / mod;
  let s = "";
  for (const ch of low.toString(26).padStart(width, "0"))
    s += String.fromCharCode(65 + Number.parseInt(ch, 26));
  return bijective(high) + s;
}

/** The sequence text for record `index` (0-based). */
export function sequenceValue(initial: string, type: number, step: number, index: number): string {
  const p = plan(initial, type);
  const width = p.slots.length;
  if (width === 0) return p.chars.join("");
  const stepN = BigInt(Number.isFinite(step) ? Math.trunc(step) : 0);
  let v = p.start + stepN * BigInt(Math.max(0, Math.trunc(index)));
  if (v < 0n) {
    const mod = BigInt(p.radix) ** BigInt(width);
    v = ((v % mod) + mod) % mod;
  }
  const digits = digitsOf(v, p, width);
  const extra = digits.length - width;
  const out = p.chars.slice();
  for (let k = 0; k < width; k++) {
    let ch = digits[extra + k];
    if (p.type === 2 && p.slotLower[k]) ch = ch.toLowerCase();
    out[p.slots[k]] = ch;
  }
  if (extra > 0) {
    let grown = digits.slice(0, extra);
    if (p.type === 2 && p.slotLower[0]) grown = grown.toLowerCase();
    out[p.slots[0]] = grown + out[p.slots[0]];
  }
  return out.join("");
}

/** Whether every character of `text` is a counting character of the type (for input hints). */
export function isSequenceText(text: string, type: number): boolean {
  const test = IS_COUNTING[normType(type)];
  return Array.from(text).every((c) => test.test(c));
}

export function sequenceOf(source: DataSource, index: number): string {
  return sequenceValue(source.InitialValue, source.SequenceType, source.AddedValue, index);
}

/** Quantity as a record count: whole, at least 1. */
export function sequenceQuantity(source: DataSource): number {
  const q = Math.trunc(Number(source.Quantity));
  return Number.isFinite(q) && q >= 1 ? q : 1;
}
