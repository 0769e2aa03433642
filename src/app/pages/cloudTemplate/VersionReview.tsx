// An owner's review of a version that is not approved (issue 40): approve it, or reject a draft with
// a note the designer reads in the versions list.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TemplateVersion } from "../../api/templateVersions";

interface Props {
  readonly v: TemplateVersion;
  readonly busy: boolean;
  readonly onReview: (approve: boolean, note: string) => void;
}

export function VersionReview({ v, busy, onReview }: Props) {
  const { t } = useTranslation();
  const [note, setNote] = useState<string | null>(null);
  return (
    <div className="tpl-version-review">
      <button
        type="button"
        className="btn btn-primary"
        disabled={busy}
        aria-label={t("app.approval.approveNamed", { number: v.number })}
        data-testid="version-approve"
        onClick={() => onReview(true, "")}
      >
        {t("app.approval.approve")}
      </button>
      {v.status === "draft" && note === null && (
        <button
          type="button"
          className="btn"
          disabled={busy}
          aria-label={t("app.approval.rejectNamed", { number: v.number })}
          data-testid="version-reject"
          onClick={() => setNote("")}
        >
          {t("app.approval.reject")}
        </button>
      )}
      {note !== null && (
        <form
          className="tpl-version-note"
          onSubmit={(e) => {
            e.preventDefault();
            onReview(false, note.trim());
          }}
        >
          <label className="ink-field">
            <span>{t("app.approval.rejectNote")}</span>
            <input
              value={note}
              maxLength={200}
              data-testid="version-reject-note"
              onChange={(e) => setNote(e.target.value)}
            />
          </label>
          <button type="submit" className="btn" disabled={busy} data-testid="version-reject-confirm">
            {t("app.approval.reject")}
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => setNote(null)}>
            {t("editor.dialog.cancel")}
          </button>
        </form>
      )}
    </div>
  );
}
