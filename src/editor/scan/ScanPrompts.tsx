// The label's prompts in the scan panel (issue 38): asked in the print dialog's form before the
// session starts; once answered, a line with the answers and "Change answers".
import { useTranslation } from "react-i18next";
import type { PromptDef } from "../../data/prompt";
import { PromptForm } from "../print/PromptForm";

interface Props {
  readonly prompts: readonly PromptDef[];
  readonly answers: Readonly<Record<string, string>>;
  /** the checked answers by prompt name (null: some answer breaks its prompt's rule) */
  readonly valid: ReadonlyMap<string, string> | null;
  /** the form is shown (before the session starts, or after "Change answers") */
  readonly asking: boolean;
  readonly onAnswer: (name: string, value: string) => void;
  readonly onAsking: (asking: boolean) => void;
}

export function ScanPrompts({ prompts, answers, valid, asking, onAnswer, onAsking }: Props) {
  const { t } = useTranslation();
  if (asking)
    return (
      <div className="ink-scan-prompts" data-testid="scan-prompts">
        <PromptForm prompts={prompts} answers={answers} disabled={false} onInput={onAnswer} />
        <button
          type="button"
          className="ink-btn is-primary"
          disabled={!valid}
          onClick={() => onAsking(false)}
          data-testid="scan-prompts-start"
        >
          {t("editor.scan.prompts.start")}
        </button>
      </div>
    );
  if (prompts.length === 0 || !valid) return null;
  return (
    <div className="ink-scan-row" data-testid="scan-answers">
      <p className="ink-scan-note">
        {t("editor.scan.prompts.summary", {
          answers: prompts.map((p) => `${p.text || p.name}: ${valid.get(p.name) ?? ""}`).join(" · "),
        })}
      </p>
      <button
        type="button"
        className="ink-btn"
        onClick={() => onAsking(true)}
        data-testid="scan-prompts-change"
      >
        {t("editor.scan.prompts.change")}
      </button>
    </div>
  );
}
