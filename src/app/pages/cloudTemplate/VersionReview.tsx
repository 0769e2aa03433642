// An owner's review of a version that is not approved (issue 40): approve it, or reject a draft with
// a note the designer reads in the versions list.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TemplateVersion } from "../../api/templateVersions";
import { VersionNoteForm } from "./VersionNoteForm";

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
        <VersionNoteForm
          label={t("app.approval.rejectNote")}
          value={note}
          onChange={setNote}
          onSubmit={() => onReview(false, note.trim())}
          onCancel={() => setNote(null)}
          submitText={t("app.approval.reject")}
          busy={busy}
          inputTestId="version-reject-note"
          submitTestId="version-reject-confirm"
        />
      )}
    </div>
  );
}
