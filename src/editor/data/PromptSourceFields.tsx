// A prompt entry's definition (DataSourceType 5, docs/data-sources.md "Prompts"): its name (what
// formulas call it), the question asked at print time, the answer's type, its rules and a default.
// Under the default, the check the print dialog will make of it (translated, naming the rule).
import { useTranslation } from "react-i18next";
import { checkPrompt, promptDefOf } from "../../data";
import { PROMPT_MAX_LENGTH } from "../../data/prompt";
import { type DataSource, PROMPT_TYPES, type PromptType } from "../../model/types";
import { Check, Choice, TextInput } from "../panels/fields/controls";

export interface PromptSourceFieldsProps {
  readonly source: DataSource;
  readonly onPatch: (patch: Partial<DataSource>) => void;
}

/** A length typed as text: whole, 0 (no rule) to the longest answer accepted. */
function lengthOf(v: string): number {
  const n = Math.trunc(Number(v.trim()));
  return Number.isFinite(n) ? Math.min(Math.max(n, 0), PROMPT_MAX_LENGTH) : 0;
}

export function PromptSourceFields({ source, onPatch }: PromptSourceFieldsProps) {
  const { t } = useTranslation();
  const def = promptDefOf(source);
  const check = checkPrompt(def, undefined);
  const ranged = source.PromptType !== "text";
  return (
    <>
      <TextInput
        label={t("elements.source.promptName")}
        value={source.PromptName}
        testId="source-prompt-name"
        maxLength={100}
        onCommit={(v) => v.trim() && onPatch({ PromptName: v.trim() })}
      />
      <TextInput
        label={t("elements.source.promptText")}
        value={source.PromptText}
        testId="source-prompt-text"
        maxLength={200}
        onCommit={(v) => onPatch({ PromptText: v })}
      />
      <Choice
        label={t("elements.source.promptType")}
        value={source.PromptType}
        options={PROMPT_TYPES.map((v) => ({ value: v, label: t(`elements.source.promptType.${v}`) }))}
        testId="source-prompt-type"
        onChange={(v: PromptType) => onPatch({ PromptType: v })}
      />
      <Check
        label={t("elements.source.promptRequired")}
        checked={source.PromptRequired}
        testId="source-prompt-required"
        onChange={(v) => onPatch({ PromptRequired: v })}
      />
      <div className="ink-field-row">
        <TextInput
          label={t("elements.source.promptMinLength")}
          value={source.PromptMinLength ? String(source.PromptMinLength) : ""}
          testId="source-prompt-min-length"
          maxLength={4}
          onCommit={(v) => onPatch({ PromptMinLength: lengthOf(v) })}
        />
        <TextInput
          label={t("elements.source.promptMaxLength")}
          value={source.PromptMaxLength ? String(source.PromptMaxLength) : ""}
          testId="source-prompt-max-length"
          maxLength={4}
          onCommit={(v) => onPatch({ PromptMaxLength: lengthOf(v) })}
        />
      </div>
      <TextInput
        label={t("elements.source.promptPattern")}
        value={source.PromptPattern}
        testId="source-prompt-pattern"
        maxLength={200}
        onCommit={(v) => onPatch({ PromptPattern: v })}
      />
      {ranged && (
        <div className="ink-field-row">
          <TextInput
            label={t("elements.source.promptMin")}
            value={source.PromptMin}
            testId="source-prompt-min"
            maxLength={40}
            onCommit={(v) => onPatch({ PromptMin: v.trim() })}
          />
          <TextInput
            label={t("elements.source.promptMax")}
            value={source.PromptMax}
            testId="source-prompt-max"
            maxLength={40}
            onCommit={(v) => onPatch({ PromptMax: v.trim() })}
          />
        </div>
      )}
      <TextInput
        label={t("elements.source.promptChoices")}
        value={source.PromptChoices}
        testId="source-prompt-choices"
        onCommit={(v) => onPatch({ PromptChoices: v })}
      />
      <TextInput
        label={t("elements.source.promptDefault")}
        value={source.PromptDefault}
        testId="source-prompt-default"
        onCommit={(v) => onPatch({ PromptDefault: v, FirstValue: v })}
      />
      <p
        className={check.ok ? "ink-panel-note" : "ink-field-error"}
        data-testid="source-prompt-check"
        aria-live="polite"
      >
        {check.ok ? t("elements.source.promptHint") : t(check.key, check.vars)}
      </p>
    </>
  );
}
