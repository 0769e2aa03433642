// The formula of a formula entry (DataSourceType 4, docs/data-sources.md "Formulas"). As the user types,
// the formula is evaluated with this label's names for the shown record: the result, or the translated
// error with its character position, shows right under the box (announced, and tied to the box by
// aria-describedby). The formula is stored on blur or Ctrl+Enter, like the other text fields.
import { useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { createResolver } from "../../data";
import { useDraft } from "../panels/fields/useDraft";
import { useEditorSelector } from "../state/context";
import { useWorkbooks } from "./context";

export interface FormulaSourceFieldProps {
  readonly value: string;
  readonly onCommit: (formula: string) => void;
}

export function FormulaSourceField({ value, onCommit }: FormulaSourceFieldProps) {
  const { t, i18n } = useTranslation();
  const doc = useEditorSelector((s) => s.doc);
  const { sheets, recordIndex } = useWorkbooks();
  const draft = useDraft(value);
  const id = useId();
  const region = i18n.language?.startsWith("zh") ? 0 : 1;
  const result = useMemo(() => {
    const resolve = createResolver(doc, sheets, new Date(), { region });
    resolve(recordIndex);
    return resolve.formula(draft.text);
  }, [doc, sheets, recordIndex, region, draft.text]);
  const commit = () => {
    const typed = draft.take();
    if (typed !== null && typed !== value) onCommit(typed);
  };
  const empty = draft.text.trim() === "";
  return (
    <div className="ink-field">
      <label htmlFor={`${id}-box`}>{t("elements.source.formula")}</label>
      <textarea
        id={`${id}-box`}
        data-testid="source-formula"
        value={draft.text}
        maxLength={2000}
        rows={3}
        spellCheck={false}
        aria-invalid={!empty && !result.ok}
        aria-describedby={`${id}-out`}
        placeholder={t("elements.source.formulaExample")}
        onChange={(e) => draft.edit(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) commit();
        }}
      />
      <output
        id={`${id}-out`}
        aria-live="polite"
        data-testid="source-formula-result"
        className={!empty && !result.ok ? "ink-field-error" : "ink-panel-note"}
      >
        {empty
          ? t("elements.source.formulaHint")
          : result.ok
            ? t("elements.source.formulaResult", { value: result.value })
            : t("formula.error.at", {
                pos: result.error.pos,
                message: t(result.error.key, result.error.vars),
              })}
      </output>
    </div>
  );
}
