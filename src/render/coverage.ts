// Which characters a document draws in which font styles: prepareRender loads the fallback faces
// they need (per character, docs/rendering.md "Fonts per glyph"), and `missingGlyphs` tells which
// characters no shipped font can draw, so nothing is ever printed as a silent box.
import type { LabelDocument, LabelElement } from "../model/types";
import type { FontRegistry } from "./fonts";

export interface TextStyle {
  readonly family: string;
  readonly bold: boolean;
}

type Loose = Record<string, unknown>;

const str = (v: unknown) => (typeof v === "string" ? v : "");

/** The (family, bold) styles an element draws text in (Text, TimeText, table cells, code digits). */
export function elementStyles(el: LabelElement): TextStyle[] {
  const out: TextStyle[] = [];
  const o = el as unknown as Loose;
  if (typeof o.FontFamily === "string") out.push({ family: o.FontFamily, bold: o.Bold === true });
  if (Array.isArray(o.cells))
    for (const c of o.cells as Loose[])
      if (c && typeof c.FontFamily === "string") out.push({ family: c.FontFamily, bold: c.Bold === true });
  return out;
}

/** The text an element may show with these values: its own data, prefix, suffix, cells and values. */
export function elementText(el: LabelElement, values?: ReadonlyMap<string, string>): string {
  const o = el as unknown as Loose;
  let text = str(o.Data) + str(o.TextPrefix) + str(o.TextSuffix);
  if (Array.isArray(o.cells)) for (const c of o.cells as Loose[]) if (c) text += str(c.Data);
  if (values) {
    const own = values.get(el.Id);
    if (own) text += own;
    // table cells' values are keyed "{Id}:{row},{col}"
    for (const [k, v] of values) if (k.startsWith(`${el.Id}:`)) text += v;
  }
  return text;
}

/** Distinct characters of the strings (a short string however many records repeat them). */
export function distinctChars(texts: Iterable<string>): string {
  const set = new Set<string>();
  for (const t of texts) for (const ch of t) set.add(ch);
  return [...set].join("");
}

/**
 * Element id → the characters of its text that no loaded face of its styles can draw (after
 * prepareRender, which loads every fallback that could). Elements drawing everything are left out.
 */
export function missingGlyphs(
  doc: LabelDocument,
  fonts: FontRegistry,
  values?: ReadonlyMap<string, string>,
): Map<string, string> {
  const out = new Map<string, string>();
  for (const el of Array.isArray(doc.elements) ? doc.elements : []) {
    if (!el || typeof el.Id !== "string") continue;
    const styles = elementStyles(el);
    if (styles.length === 0) continue;
    const miss = fonts.missingIn(styles, elementText(el, values));
    if (miss.length) out.set(el.Id, miss.join(""));
  }
  return out;
}

/** Distinct characters of the values of these records (`resolve` as made by createResolver). */
export function recordChars(
  records: Iterable<number>,
  resolve: (record: number) => ReadonlyMap<string, string>,
): string {
  const set = new Set<string>();
  for (const r of records) for (const v of resolve(r).values()) for (const ch of v) set.add(ch);
  return [...set].join("");
}

/**
 * The characters of the document (and `chars`: its records') that no shipped font can draw, after
 * prepareRender with the same `chars`: the print and export dialogs name them before printing.
 */
export function unprintableChars(doc: LabelDocument, fonts: FontRegistry, chars = ""): string {
  const out = new Set<string>();
  for (const el of Array.isArray(doc.elements) ? doc.elements : []) {
    if (!el || typeof el.Id !== "string") continue;
    const styles = elementStyles(el);
    if (styles.length === 0) continue;
    for (const ch of fonts.missingIn(styles, elementText(el) + chars)) out.add(ch);
  }
  return [...out].join("");
}

/** Characters with their code points ("ሰ U+1230, ላ U+120B"), readable where the UI font lacks them too. */
export function describeChars(chars: string, max = 20): string {
  const list = [...chars];
  const shown = list
    .slice(0, max)
    .map((c) => `${c} U+${(c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, "0")}`);
  return shown.join(", ") + (list.length > max ? ", …" : "");
}
