// ZPL's barcode commands → our code kinds: which symbology, its sizes in dots, and the field data
// as our encoders take it (Code 128's invocation pairs such as ">;" removed, GS1 data in brackets,
// the QR code's "QA," header removed, DataMatrix escapes read: FNC1 first makes it GS1 DataMatrix).
import { type AiValue, writeElementString } from "../codes/gs1";

/** A code a field draws, its sizes in dots. */
export interface CodeField {
  readonly kind: "barcode" | "qrcode";
  /** BarCodeType (barcode) or QrCodeType (qrcode) */
  readonly type: number;
  readonly orientation: string;
  /** linear: bar height · PDF417: row height · QR, DataMatrix: unused */
  readonly height: number;
  /** linear, PDF417: narrow bar (^BY) · QR: magnification · DataMatrix: module size */
  readonly module: number;
  /** human-readable line: 0 none, 1 below, 2 above */
  readonly hri: 0 | 1 | 2;
  /** QR, PDF417: error correction */
  readonly ecLevel?: string;
  /** ^BC mode (N, U, A, D) */
  readonly mode?: string;
  /** ^BX quality 200: the escape sequence control character (g; "~" by default) */
  readonly escape?: string;
  /** the command that started it (^BC…), to name it when its data is refused */
  readonly command?: string;
}

export interface BarDefaults {
  /** ^BY narrow bar width, dots */
  readonly module: number;
  /** ^BY bar height, dots */
  readonly height: number;
}

const arg = (p: readonly string[], i: number) => (p[i] ?? "").trim();
const num = (s: string, d: number) => {
  const n = Number.parseInt(s, 10);
  return Number.isFinite(n) && n > 0 ? n : d;
};
const yes = (s: string, d: boolean) => (s === "" ? d : s.toUpperCase() === "Y");
const hri = (print: boolean, above: boolean): 0 | 1 | 2 => (print ? (above ? 2 : 1) : 0);

/** Linear codes: their BarCodeType and where o, h, f, g sit among their parameters. */
const LINEAR: Readonly<Record<string, { type: number; at: [number, number, number, number] }>> = {
  BC: { type: 1, at: [0, 1, 2, 3] },
  BE: { type: 7, at: [0, 1, 2, 3] },
  BU: { type: 8, at: [0, 1, 2, 3] },
  B8: { type: 6, at: [0, 1, 2, 3] },
  B2: { type: 5, at: [0, 1, 2, 3] },
  B3: { type: 2, at: [0, 2, 3, 4] },
};

export const CODE_COMMANDS = new Set([...Object.keys(LINEAR), "BQ", "BX", "B7", "BO"]);

/** ^BO's magnification when the command gives none: Zebra's default for the printer's resolution. */
const aztecDefault = (dpi: number) => (dpi >= 600 ? 6 : dpi >= 300 ? 3 : dpi >= 200 ? 2 : 1);

/** The code a barcode command starts, from its parameters, ^BY and the default orientation (^FW). */
export function codeFieldOf(
  name: string,
  params: string,
  by: BarDefaults,
  fw: string,
  dpi = 203,
): CodeField | null {
  const p = params.split(",");
  const orientation = (arg(p, 0).toUpperCase() || fw).slice(0, 1);
  const linear = LINEAR[name];
  if (linear) {
    const [, h, f, g] = linear.at;
    return {
      kind: "barcode",
      type: linear.type,
      orientation,
      height: num(arg(p, h), by.height),
      module: by.module,
      hri: hri(yes(arg(p, f), true), yes(arg(p, g), false)),
      mode: name === "BC" ? arg(p, 5).toUpperCase() || "N" : undefined,
    };
  }
  if (name === "BQ") {
    // ^BQa,b,c,d,e: orientation (N only), model, magnification, error correction, mask
    return {
      kind: "qrcode",
      type: 1,
      orientation: "N",
      height: 0,
      module: Math.min(10, num(arg(p, 2), 2)),
      hri: 0,
      ecLevel: /^[HQML]$/i.test(arg(p, 3)) ? arg(p, 3).toUpperCase() : "Q",
    };
  }
  if (name === "BX") {
    // ^BXo,h,s,c,r,f,g,a: orientation, module size in dots, quality (200 = ECC 200), …, escape character
    const esc = (p[6] ?? "").slice(0, 1) || "~";
    return {
      kind: "qrcode",
      type: 3,
      orientation,
      height: 0,
      module: num(arg(p, 1), by.module),
      hri: 0,
      escape: esc,
    };
  }
  if (name === "BO") {
    // ^BOa,b,c,d,e,f,g: orientation, magnification 1–10, extended channels, error control and size,
    // menu, symbols, ID. Our encoder picks the size for 23 % error correction, the printer's default
    return {
      kind: "qrcode",
      type: 4,
      orientation,
      height: 0,
      module: Math.min(10, num(arg(p, 1), aztecDefault(dpi))),
      hri: 0,
    };
  }
  if (name === "B7") {
    // ^B7o,h,s,c,r,t: orientation, row height, security level 0–8, columns, rows, truncate
    const s = Number.parseInt(arg(p, 2), 10);
    return {
      kind: "qrcode",
      type: 2,
      orientation,
      height: num(arg(p, 1), by.module * 3),
      module: by.module,
      hri: 0,
      ecLevel: Number.isInteger(s) && s >= 0 ? String(Math.min(7, s)) : "2",
    };
  }
  return null;
}

/** Code 128's ">x" pairs: the characters ZPL cannot write, and the start and code-set switches. */
const CODE128_PAIRS: Readonly<Record<string, string>> = { "<": "^", "0": ">", "=": "~" };
const FNC1 = "\u001d";

function code128Data(data: string): { data: string; gs1: boolean } {
  let out = "";
  let gs1 = false;
  for (let i = 0; i < data.length; i++) {
    const c = data[i];
    if (c !== ">" || i + 1 >= data.length) {
      out += c;
      continue;
    }
    const next = data[++i];
    if (next === "8") {
      if (out === "") gs1 = true;
      else out += FNC1;
    } else if (CODE128_PAIRS[next]) out += CODE128_PAIRS[next];
    else if (!"123456789:;".includes(next)) out += c + next;
  }
  return { data: out, gs1 };
}

/** How many digits follow a GS1 application identifier when its length is fixed (else variable). */
function gs1Fixed(ai: string): number | null {
  const two = ai.slice(0, 2);
  const fixed: Record<string, number> = { "00": 18, "01": 14, "02": 14, "03": 14, "04": 16, "20": 2 };
  if (fixed[two] !== undefined) return fixed[two];
  if (/^1[1-9]$/.test(two)) return 6;
  if (/^3[1-6]/.test(ai)) return 6;
  if (/^41[0-7]/.test(ai)) return 13;
  return null;
}

/** The length of the application identifier at the start of `s` (2, 3 or 4 digits). */
function gs1AiLength(s: string): number {
  const two = s.slice(0, 2);
  if (/^(2[3-5]|4[0-2])$/.test(two)) return 3;
  // 310n–369n and 390n–395n have four digits; 37 (a count) has two
  if (/^(3[1-69]|7\d|8\d)$/.test(two)) return 4;
  return 2;
}

/**
 * ^BX field data with quality 200 escapes: `<e>1` FNC1 (GS; in first position it makes the symbol
 * a GS1 one), `<e>dNNN` the byte NNN, `<e>@`…`<e>_` the control characters, `<e><e>` the escape.
 */
export function dataMatrixData(text: string, e: string): { data: string; gs1: boolean } {
  let out = "";
  let gs1 = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const next = text[i + 1];
    if (c !== e || next === undefined) out += c;
    else if (next === e) {
      out += e;
      i++;
    } else if (next === "1") {
      if (out === "") gs1 = true;
      else out += FNC1;
      i++;
    } else if (next === "d" && /^\d{3}$/.test(text.slice(i + 2, i + 5))) {
      out += String.fromCharCode(Math.min(255, Number(text.slice(i + 2, i + 5))));
      i += 4;
    } else if (next >= "@" && next <= "_") {
      out += String.fromCharCode(next.charCodeAt(0) - 64);
      i++;
    } else out += c;
  }
  return { data: out, gs1 };
}

/** Raw GS1 element strings (FNC1 between variable fields) → "(01)…(10)…", as our GS1 codes take. */
export function bracketGs1(raw: string): string | null {
  if (/^\(\d{2,4}\)/.test(raw)) return raw.replaceAll(FNC1, "");
  let s = raw;
  const out: AiValue[] = [];
  while (s.length) {
    if (s[0] === FNC1) {
      s = s.slice(1);
      continue;
    }
    const n = gs1AiLength(s);
    const ai = s.slice(0, n);
    if (!/^\d+$/.test(ai) || ai.length < n) return null;
    s = s.slice(n);
    const fixed = gs1Fixed(ai);
    let len = fixed ?? s.indexOf(FNC1);
    if (len < 0 || len > s.length) len = s.length;
    out.push({ ai, value: s.slice(0, len) });
    s = s.slice(len);
  }
  // a "(" in a value is written "\(" so it is not read as the next AI
  return out.length ? writeElementString(out) : null;
}

/** The element's symbology and data from the field's text. */
export function codeContent(code: CodeField, text: string): { type: number; data: string } {
  if (code.kind === "qrcode") {
    if (code.type === 3 && code.escape) {
      const { data, gs1 } = dataMatrixData(text, code.escape);
      const bracketed = gs1 ? bracketGs1(data) : null;
      return bracketed ? { type: 6, data: bracketed } : { type: 3, data: data.replaceAll(FNC1, "") };
    }
    if (code.type !== 1) return { type: code.type, data: text };
    // QR field data: error level, input mode, a comma, then the data (manual mode: N/A/Bnnnn first)
    const m = /^([HQML]?)([AM]?),(.*)$/is.exec(text);
    if (!m) return { type: 1, data: text };
    let data = m[3];
    if (m[2].toUpperCase() === "M") {
      if (/^B\d{4}/i.test(data)) data = data.slice(5);
      else if (/^[NAK]/i.test(data)) data = data.slice(1);
    }
    return { type: 1, data };
  }
  if (code.type !== 1) return { type: code.type, data: text };
  if (code.mode === "A") return { type: 1, data: text };
  const { data, gs1 } = code128Data(text);
  if (gs1 || code.mode === "D" || code.mode === "U") {
    const bracketed = bracketGs1(data);
    if (bracketed) return { type: 26, data: bracketed };
  }
  return { type: 1, data: data.replaceAll(FNC1, "") };
}

/** QR field data's error level, when the data names one ("HA,…"). */
export function qrLevelOf(text: string): string | null {
  const m = /^([HQML])[AM]?,/i.exec(text);
  return m ? m[1].toUpperCase() : null;
}
