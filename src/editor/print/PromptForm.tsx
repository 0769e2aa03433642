// The label's prompts in the print dialog (issue 38): one field per prompt, labelled with its
// question, checked as the user types (checkPrompt); the rule an answer breaks is said under its field
// in the user's language and tied to it (aria-describedby, aria-invalid). A prompt with choices is a
// list of them.
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { checkPrompt, type PromptDef } from "../../data/prompt";

export interface PromptFormProps {
  readonly prompts: readonly PromptDef[];
  readonly answers: Readonly<Record<string, string>>;
  readonly disabled: boolean;
  readonly onInput: (name: string, value: string) => void;
}

export function PromptForm({ prompts, answers, disabled, onInput }: PromptFormProps) {
  const { t } = useTranslation();
  const id = useId();
  if (prompts.length === 0) return null;
  return (
    <fieldset className="ink-print-prompts" data-testid="print-prompts">
      <legend>{t("print.prompts.title")}</legend>
      {prompts.map((p, i) => {
        const value = answers[p.name] ?? "";
        const check = checkPrompt(p, value);
        const field = `${id}-${i}`;
        const common = {
          id: field,
          value,
          disabled,
          required: p.required,
          "aria-invalid": !check.ok,
          "aria-describedby": `${field}-msg`,
          "data-testid": `print-prompt-${p.name}`,
        };
        return (
          <div className="ink-print-prompt" key={p.name}>
            <label htmlFor={field}>{p.text || p.name}</label>
            {p.choices?.length ? (
              <select {...common} onChange={(e) => onInput(p.name, e.target.value)}>
                {!p.choices.includes(value) && <option value={value}>{value}</option>}
                {p.choices.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...common}
                type="text"
                inputMode={p.type === "integer" || p.type === "decimal" ? "decimal" : undefined}
                placeholder={p.type === "date" ? t("print.prompts.datePlaceholder") : undefined}
                maxLength={p.maxLength ?? 1000}
                onChange={(e) => onInput(p.name, e.target.value)}
              />
            )}
            <output
              id={`${field}-msg`}
              aria-live="polite"
              className={check.ok ? "ink-print-prompt-ok" : "ink-print-prompt-error"}
              data-testid={`print-prompt-${p.name}-msg`}
            >
              {check.ok ? "" : t(check.key, check.vars)}
            </output>
          </div>
        );
      })}
    </fieldset>
  );
}
