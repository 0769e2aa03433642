// A short note about a version, typed in place: the version's own note, or an owner's reason for
// rejecting a draft. Submit sends it; Cancel closes the form.
import { useTranslation } from "react-i18next";
import { VERSION_NOTE_MAX } from "../../../model/constants";

interface Props {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly onSubmit: () => void;
  readonly onCancel: () => void;
  readonly submitText: string;
  readonly busy: boolean;
  readonly primary?: boolean;
  /** data-testids of the input and the submit button */
  readonly inputTestId: string;
  readonly submitTestId: string;
}

export function VersionNoteForm(p: Props) {
  const { t } = useTranslation();
  return (
    <form
      className="tpl-version-note"
      onSubmit={(e) => {
        e.preventDefault();
        p.onSubmit();
      }}
    >
      <label className="ink-field">
        <span>{p.label}</span>
        <input
          value={p.value}
          maxLength={VERSION_NOTE_MAX}
          data-testid={p.inputTestId}
          onChange={(e) => p.onChange(e.target.value)}
        />
      </label>
      <button
        type="submit"
        className={p.primary ? "btn btn-primary" : "btn"}
        disabled={p.busy}
        data-testid={p.submitTestId}
      >
        {p.submitText}
      </button>
      <button type="button" className="btn btn-ghost" onClick={p.onCancel}>
        {t("editor.dialog.cancel")}
      </button>
    </form>
  );
}
