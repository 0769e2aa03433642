// Tokenizer of the formula language. Positions are 0-based indexes into the formula text.
import { FormulaError } from "./errors";

export type Token =
  | { readonly t: "num"; readonly v: number; readonly pos: number }
  | { readonly t: "str"; readonly v: string; readonly pos: number }
  /** a bare identifier: a function name, a duration unit or a name */
  | { readonly t: "id"; readonly v: string; readonly pos: number }
  /** `[any name]`: always a column, prompt or element name */
  | { readonly t: "name"; readonly v: string; readonly pos: number }
  | { readonly t: "op"; readonly v: string; readonly pos: number }
  | { readonly t: "end"; readonly pos: number };

const OPS2 = ["<=", ">=", "<>", "!=", "=="];
const OPS1 = "&+-*/%=<>(),";
const NUMBER = /\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?/y;
// Letters of any script, digits and _ (names like 批号 or Lot_2 need no brackets).
const IDENT = /[\p{L}_][\p{L}\p{N}_]*/uy;

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      // A quote inside is written twice: "say ""hi""".
      let v = "";
      let j = i + 1;
      for (;;) {
        if (j >= text.length) throw new FormulaError("formula.error.unclosedText", i);
        if (text[j] === c) {
          if (text[j + 1] === c) {
            v += c;
            j += 2;
            continue;
          }
          break;
        }
        v += text[j++];
      }
      out.push({ t: "str", v, pos: i });
      i = j + 1;
      continue;
    }
    if (c === "[") {
      const close = text.indexOf("]", i + 1);
      if (close < 0) throw new FormulaError("formula.error.unclosedName", i);
      const v = text.slice(i + 1, close).trim();
      if (!v) throw new FormulaError("formula.error.emptyName", i);
      out.push({ t: "name", v, pos: i });
      i = close + 1;
      continue;
    }
    NUMBER.lastIndex = i;
    const num = NUMBER.exec(text);
    if (num) {
      out.push({ t: "num", v: Number(num[0]), pos: i });
      i += num[0].length;
      continue;
    }
    IDENT.lastIndex = i;
    const id = IDENT.exec(text);
    if (id) {
      out.push({ t: "id", v: id[0], pos: i });
      i += id[0].length;
      continue;
    }
    const two = text.slice(i, i + 2);
    if (OPS2.includes(two)) {
      out.push({ t: "op", v: two === "==" ? "=" : two === "!=" ? "<>" : two, pos: i });
      i += 2;
      continue;
    }
    if (OPS1.includes(c)) {
      out.push({ t: "op", v: c, pos: i });
      i++;
      continue;
    }
    throw new FormulaError("formula.error.badCharacter", i, { char: c });
  }
  out.push({ t: "end", pos: text.length });
  return out;
}
