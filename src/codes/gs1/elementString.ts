// A GS1 element string: its written form with the AIs in brackets, "(01)09506000134352(10)AB12",
// which is what a GS1 code element stores as its content, and the forms made from it: the
// human-readable line, the transmitted data with GS separators, and the encoders' input with FNC1.
import { CodeError } from "../types";
import { aiSpec, needsSeparator } from "./ais";
import { checkAiValue } from "./validate";

export interface AiValue {
  readonly ai: string;
  readonly value: string;
}

/** ASCII group separator: what a scanner transmits for an FNC1 between two element strings. */
export const GS = "\u001d";

const AI_OPEN = /^\((\d{2,4})\)/;

/**
 * Reads the bracketed form. A "(" inside a value is written "\(" (as in the GS1 Barcode Syntax
 * Engine), so it is not taken for the start of the next AI. Throws a CodeError naming the problem.
 */
export function parseElementString(text: string): AiValue[] {
  const out: AiValue[] = [];
  let i = 0;
  if (text === "") throw new CodeError("codes.gs1.noAis");
  while (i < text.length) {
    const m = AI_OPEN.exec(text.slice(i));
    if (!m?.[1]) throw new CodeError("codes.gs1.syntax", { at: i + 1 });
    const ai = m[1];
    if (!aiSpec(ai)) throw new CodeError("codes.gs1.unknownAi", { ai });
    i += m[0].length;
    let value = "";
    while (i < text.length && text[i] !== "(") {
      if (text[i] === "\\" && text[i + 1] === "(") {
        value += "(";
        i += 2;
      } else {
        value += text[i];
        i += 1;
      }
    }
    out.push({ ai, value });
  }
  return out;
}

/** The bracketed form of a list (the inverse of `parseElementString`). */
export function writeElementString(list: readonly AiValue[]): string {
  return list.map(({ ai, value }) => `(${ai})${value.replaceAll("(", "\\(")}`).join("");
}

/** Checks every value and that no AI is given twice; throws the first broken rule as a CodeError. */
export function checkElementStrings(list: readonly AiValue[]): void {
  if (list.length === 0) throw new CodeError("codes.gs1.noAis");
  const seen = new Set<string>();
  for (const { ai, value } of list) {
    if (seen.has(ai)) throw new CodeError("codes.gs1.duplicate", { ai });
    seen.add(ai);
    const issue = checkAiValue(ai, value);
    if (issue) throw new CodeError(issue.key, { ...issue.vars });
  }
}

/** Parses and checks: the list a GS1 code encodes, or a CodeError. */
export function readElementString(text: string): AiValue[] {
  const list = parseElementString(text);
  checkElementStrings(list);
  return list;
}

/** The human-readable line: every AI in brackets followed by its value. */
export function humanReadable(list: readonly AiValue[]): string {
  return list.map(({ ai, value }) => `(${ai})${value}`).join("");
}

/** Joins the element strings with `sep` after each AI whose length is not predefined, unless last. */
function joined(list: readonly AiValue[], sep: string): string {
  return list
    .map(({ ai, value }, i) => `${ai}${value}${i < list.length - 1 && needsSeparator(ai) ? sep : ""}`)
    .join("");
}

/** What a scanner transmits after the symbology identifier: AIs and values, GS between them. */
export function transmittedData(list: readonly AiValue[]): string {
  return joined(list, GS);
}

/**
 * The input of bwip-js's code128 / datamatrix / qrcode encoders with `parsefnc`: FNC1 in first
 * position (which makes the symbol a GS1 one) and as the separator. "^" is outside character set 82,
 * so no value can contain the escape. A printer language spells FNC1 its own way (`fnc1`).
 */
export function fnc1Input(list: readonly AiValue[], fnc1 = "^FNC1"): string {
  return `${fnc1}${joined(list, fnc1)}`;
}
