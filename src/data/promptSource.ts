// Prompt entries (DataSourceType 5): a value asked at print time. The entry's fields are the prompt's
// definition; promptsOf lists a document's prompts (one per name) for the print dialog and the CLI, and
// promptAnswers gives the values a resolver uses (the answers, or each prompt's default).
import { hasCells, isDataBound } from "../model/kinds/caps";
import type { DataSource, LabelDocument, LabelElement } from "../model/types";
import { checkPrompt, type PromptDef } from "./prompt";
import { allSources } from "./records";

/** The prompt an entry defines. */
export function promptDefOf(s: DataSource): PromptDef {
  const choices = s.PromptChoices.split(",")
    .map((c) => c.trim())
    .filter((c) => c !== "");
  return {
    name: s.PromptName.trim(),
    text: s.PromptText,
    type: s.PromptType,
    required: s.PromptRequired,
    ...(s.PromptMinLength > 0 ? { minLength: s.PromptMinLength } : {}),
    ...(s.PromptMaxLength > 0 ? { maxLength: s.PromptMaxLength } : {}),
    ...(s.PromptPattern ? { pattern: s.PromptPattern } : {}),
    ...(s.PromptMin.trim() ? { min: s.PromptMin.trim() } : {}),
    ...(s.PromptMax.trim() ? { max: s.PromptMax.trim() } : {}),
    ...(choices.length ? { choices } : {}),
    default: s.PromptDefault,
  };
}

/** Every prompt of the document in order, once per name (the first entry of a name defines it). */
export function promptsOf(doc: LabelDocument): PromptDef[] {
  const out = new Map<string, PromptDef>();
  for (const { source } of allSources(doc)) {
    if (source.DataSourceType !== 5) continue;
    const def = promptDefOf(source);
    if (def.name && !out.has(def.name)) out.set(def.name, def);
  }
  return [...out.values()];
}

/** Values by prompt name: each answer given, else the prompt's default (trimmed, as checkPrompt does). */
export function promptAnswers(
  defs: readonly PromptDef[],
  answers: ReadonlyMap<string, string> = new Map(),
): Map<string, string> {
  const out = new Map<string, string>();
  for (const def of defs) {
    const r = checkPrompt(def, answers.get(def.name));
    out.set(def.name, r.ok ? r.value : (answers.get(def.name) ?? def.default ?? "").trim());
  }
  for (const [name, v] of answers) if (!out.has(name)) out.set(name, v);
  return out;
}

/** A prompt name not yet used in the document: Prompt1, Prompt2, … */
export function newPromptName(doc: LabelDocument): string {
  const used = new Set(promptsOf(doc).map((p) => p.name));
  let i = 1;
  while (used.has(`Prompt${i}`)) i++;
  return `Prompt${i}`;
}

/**
 * The document as printed with these answers: every prompt entry's default (and FirstValue) becomes
 * its answer, so every path that resolves the document (pages, printer jobs, worker threads) prints the
 * answer without being told about prompts. Answers are checked before (checkPrompts).
 */
export function withPromptAnswers(doc: LabelDocument, values: ReadonlyMap<string, string>): LabelDocument {
  const answer = (list: readonly DataSource[]) => {
    let changed = false;
    const next = list.map((s) => {
      const v = s.DataSourceType === 5 ? values.get(s.PromptName.trim()) : undefined;
      if (v === undefined || (v === s.PromptDefault && v === s.FirstValue)) return s;
      changed = true;
      return { ...s, PromptDefault: v, FirstValue: v };
    });
    return changed ? next : list;
  };
  let changed = false;
  const elements = doc.elements.map((el): LabelElement => {
    if (hasCells(el)) {
      const cells = el.cells.map((c) => {
        const list = answer(c.DataSourceList);
        return list === c.DataSourceList ? c : { ...c, DataSourceList: list };
      });
      if (cells.every((c, i) => c === el.cells[i])) return el;
      changed = true;
      return { ...el, cells };
    }
    if (!isDataBound(el)) return el;
    const list = answer(el.DataSourceList);
    if (list === el.DataSourceList) return el;
    changed = true;
    return { ...el, DataSourceList: list } as LabelElement;
  });
  return changed ? { ...doc, elements } : doc;
}
