// Small encoders written from the standards' tables: Code 11, Standard (Industrial) 2 of 5, POSTNET.
// Tests compare them with bwip-js, an independent implementation.
import type { Bar } from "../types";
import { CodeError } from "../types";

const WIDE = 3;

function barsFromElements(elements: readonly number[]): { bars: Bar[]; width: number } {
  const bars: Bar[] = [];
  let x = 0;
  elements.forEach((w, i) => {
    if (i % 2 === 0) bars.push({ x, w, y0: 0, y1: 1 });
    x += w;
  });
  return { bars, width: x };
}

// Code 11: bar/space/bar/space/bar, 1 = wide (USS Code 11 table).
const C11: Record<string, string> = {
  "0": "00001",
  "1": "10001",
  "2": "01001",
  "3": "11000",
  "4": "00101",
  "5": "10100",
  "6": "01100",
  "7": "00011",
  "8": "10010",
  "9": "10000",
  "-": "00100",
  "*": "00110",
};
const c11Value = (ch: string) => (ch === "-" ? 10 : Number(ch));
const c11Char = (v: number) => (v === 10 ? "-" : String(v));

function c11Check(s: string, maxWeight: number): string {
  let sum = 0;
  for (let i = 0; i < s.length; i++) sum += c11Value(s[s.length - 1 - i]) * ((i % maxWeight) + 1);
  return c11Char(sum % 11);
}

/** Code 11 with check digit C, plus K when the data has 10 or more characters. */
export function encodeCode11(data: string): { bars: Bar[]; width: number; text: string } {
  if (!/^[0-9-]+$/.test(data)) throw new CodeError("codes.error.charset", { name: "Code 11" });
  let full = data + c11Check(data, 10);
  if (data.length >= 10) full += c11Check(full, 9);
  const els: number[] = [];
  for (const ch of `*${full}*`) {
    for (const b of C11[ch]) els.push(b === "1" ? WIDE : 1);
    els.push(1);
  }
  els.pop();
  return { ...barsFromElements(els), text: full };
}

// 2 of 5 digit patterns, 1 = wide (weights 1, 2, 4, 7, parity).
const TWO_OF_FIVE = [
  "00110",
  "10001",
  "01001",
  "11000",
  "00101",
  "10100",
  "01100",
  "00011",
  "10010",
  "01010",
];

/** Standard (Industrial) 2 of 5: only the bars carry data, every space is narrow. */
export function encodeCode25(data: string): { bars: Bar[]; width: number; text: string } {
  if (!/^[0-9]+$/.test(data)) throw new CodeError("codes.error.digitsOnly", { name: "Code 25" });
  const els: number[] = [WIDE, 1, WIDE, 1, 1, 1];
  for (const ch of data) for (const b of TWO_OF_FIVE[Number(ch)]) els.push(b === "1" ? WIDE : 1, 1);
  els.push(WIDE, 1, 1, 1, WIDE);
  return { ...barsFromElements(els), text: data };
}

// POSTNET: 1 = full bar; every bar is one module wide with one module of space.
const POSTNET = ["11000", "00011", "00101", "00110", "01001", "01010", "01100", "10001", "10010", "10100"];
/** top of a half bar, as a fraction of the full height (USPS: half bar 0.05" of a 0.125" full bar) */
export const POSTNET_HALF_TOP = 0.6;

/** POSTNET for 5, 9 or 11 digits (ZIP, ZIP+4, delivery point), with its mod-10 correction digit. */
export function encodePostnet(data: string): { bars: Bar[]; width: number; text: string } {
  if (!/^[0-9]+$/.test(data) || ![5, 9, 11].includes(data.length))
    throw new CodeError("codes.error.postnetLength");
  let sum = 0;
  for (const ch of data) sum += Number(ch);
  const full = data + String((10 - (sum % 10)) % 10);
  const pattern = `1${[...full].map((c) => POSTNET[Number(c)]).join("")}1`;
  const bars: Bar[] = [...pattern].map((b, i) => ({
    x: i * 2,
    w: 1,
    y0: b === "1" ? 0 : POSTNET_HALF_TOP,
    y1: 1,
  }));
  return { bars, width: pattern.length * 2 - 1, text: full };
}
