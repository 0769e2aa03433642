// A cloud template's versions (issue 40): every save kept, newest first, with who saved it, when and
// its note (editable); one is previewed beside the list (its cover and size), and any but the
// current one can be restored, which saves it again as the newest version (nothing is deleted).
// A draft (saved in a team folder that needs approval) is approved or rejected with a note here by
// an owner; two versions picked are compared side by side (VersionCompare).
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../../../editor/dialogs/Dialog";
import { ChoiceButtons } from "../../../editor/save/ModalShell";
import { TEMPLATE_VERSIONS_KEPT } from "../../../model/constants";
import { roleAllows } from "../../../model/teamRoles";
import type { TemplateSummary } from "../../api/templates";
import {
  restoreTemplateVersion,
  reviewTemplateVersion,
  setTemplateVersionNote,
  type TemplateVersion,
  templateVersions,
} from "../../api/templateVersions";
import { dateText } from "../../settings/dateText";
import { currentSpace } from "../../teams/space";
import { message } from "../../ui/message";
import { VersionCompare } from "./VersionCompare";
import { VersionNoteForm } from "./VersionNoteForm";
import { VersionPreview } from "./VersionPreview";
import { VersionReview } from "./VersionReview";
import "./versionBadge.css";

interface Props {
  readonly template: TemplateSummary;
  readonly onClose: () => void;
  /** after a restore: the template's list shows its new content */
  readonly onRestored: () => Promise<void>;
}

type State = { status: "loading" } | { status: "error" } | { status: "ready"; list: TemplateVersion[] };

export function VersionsDialog({ template, onClose, onRestored }: Props) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ status: "loading" });
  const [shown, setShown] = useState(0);
  const [editing, setEditing] = useState<{ number: number; note: string } | null>(null);
  const [busy, setBusy] = useState(false);
  /** the versions picked for the compare (at most two, the latest pick last) */
  const [picked, setPicked] = useState<number[]>([]);
  const [comparing, setComparing] = useState(false);
  const space = currentSpace();
  const canReview = !!space && roleAllows(space.role, "approve");

  const load = useCallback(async () => {
    try {
      const list = await templateVersions(template.id);
      setState({ status: "ready", list });
      setShown((n) => (list.some((v) => v.number === n) ? n : (list[0]?.number ?? 0)));
    } catch {
      setState({ status: "error" });
    }
  }, [template.id]);
  useEffect(() => {
    void load();
  }, [load]);

  async function restore(v: TemplateVersion) {
    setBusy(true);
    try {
      const now = await restoreTemplateVersion(template.id, v.number);
      message.success(t("app.versions.restored", { from: v.number, to: now }));
      await Promise.all([load(), onRestored()]);
    } catch {
      // the request client has shown the server's message
    } finally {
      setBusy(false);
    }
  }

  async function review(v: TemplateVersion, approve: boolean, note: string) {
    setBusy(true);
    try {
      await reviewTemplateVersion(template.id, v.number, approve, note);
      message.success(t(approve ? "app.approval.approved" : "app.approval.rejected", { number: v.number }));
      await load();
    } catch {
      // the request client has shown the server's message
    } finally {
      setBusy(false);
    }
  }

  function pick(n: number, on: boolean) {
    setComparing(false);
    setPicked((p) => (on ? [...p.filter((x) => x !== n), n].slice(-2) : p.filter((x) => x !== n)));
  }

  async function saveNote() {
    if (!editing) return;
    setBusy(true);
    try {
      await setTemplateVersionNote(template.id, editing.number, editing.note.trim());
      setEditing(null);
      await load();
    } catch {
      // the request client has shown the server's message
    } finally {
      setBusy(false);
    }
  }

  const list = state.status === "ready" ? state.list : [];
  const preview = list.find((v) => v.number === shown);
  const pair = picked.map((n) => list.find((v) => v.number === n)).filter((v): v is TemplateVersion => !!v);
  return (
    <Dialog
      title={t("app.versions.title", { name: template.name })}
      onClose={onClose}
      testId="versions-dialog"
      wide
      footer={
        <ChoiceButtons
          choices={[{ label: t("app.versions.close"), onSelect: onClose, testId: "versions-close" }]}
        />
      }
    >
      {state.status === "loading" && <p className="muted">{t("app.common.loading")}</p>}
      {state.status === "error" && (
        <p role="alert" className="error-note">
          {t("app.versions.loadFailed")}
        </p>
      )}
      {state.status === "ready" && (
        <div className="tpl-versions">
          <ol className="tpl-version-list" aria-label={t("app.versions.listLabel")}>
            {list.map((v) => (
              <VersionRow
                key={v.number}
                v={v}
                shown={v.number === shown}
                busy={busy}
                editing={editing?.number === v.number ? editing.note : null}
                onShow={() => setShown(v.number)}
                onRestore={() => void restore(v)}
                onEdit={(note) => setEditing(note === null ? null : { number: v.number, note })}
                onSaveNote={() => void saveNote()}
                picked={picked.includes(v.number)}
                onPick={(on) => pick(v.number, on)}
                review={
                  canReview && v.status !== "approved" ? (
                    <VersionReview v={v} busy={busy} onReview={(ok, note) => void review(v, ok, note)} />
                  ) : null
                }
              />
            ))}
          </ol>
          <div className="tpl-version-side">
            <button
              type="button"
              className="btn"
              disabled={pair.length !== 2}
              data-testid="versions-compare"
              onClick={() => setComparing(true)}
            >
              {t("app.compare.button")}
            </button>
            {comparing && pair.length === 2 ? (
              <VersionCompare a={pair[0]} b={pair[1]} />
            ) : (
              preview && <VersionPreview v={preview} />
            )}
          </div>
        </div>
      )}
      <p className="muted">
        {space ? t("app.versions.keptByTeam") : t("app.versions.kept", { count: TEMPLATE_VERSIONS_KEPT })}
      </p>
    </Dialog>
  );
}

interface RowProps {
  readonly v: TemplateVersion;
  readonly shown: boolean;
  readonly busy: boolean;
  /** the note being typed, or null when it is not being edited */
  readonly editing: string | null;
  readonly onShow: () => void;
  readonly onRestore: () => void;
  readonly onEdit: (note: string | null) => void;
  readonly onSaveNote: () => void;
  /** chosen for the compare */
  readonly picked: boolean;
  readonly onPick: (on: boolean) => void;
  /** an owner's approve / reject controls for a version not approved yet */
  readonly review: ReactNode;
}

function VersionRow(p: RowProps) {
  const { v, shown, busy, editing, onShow, onRestore, onEdit, onSaveNote } = p;
  const { t, i18n } = useTranslation();
  const label = t("app.versions.number", { number: v.number });
  return (
    <li className={`tpl-version${shown ? " is-shown" : ""}`} data-testid="template-version">
      <div className="tpl-version-head">
        <strong>{label}</strong>
        {v.current && <span className="tpl-version-badge">{t("app.versions.current")}</span>}
        {v.status !== "approved" && (
          <span className={`tpl-version-badge is-${v.status}`} data-testid="version-status">
            {t(`app.approval.status.${v.status}`)}
          </span>
        )}
        <span className="muted">
          {dateText(i18n.language, v.time, "dateTime")}
          {v.author ? ` · ${v.author}` : ""}
        </span>
      </div>
      {v.status === "rejected" && v.reviewNote && (
        <p className="muted" data-testid="version-review-note">
          {t("app.approval.rejectedNote", { name: v.reviewer, note: v.reviewNote })}
        </p>
      )}
      {v.restoredFrom > 0 && (
        <p className="muted">{t("app.versions.restoredFrom", { number: v.restoredFrom })}</p>
      )}
      {editing === null ? (
        v.note && <p data-testid="version-note">{v.note}</p>
      ) : (
        <VersionNoteForm
          label={t("app.versions.note")}
          value={editing}
          onChange={onEdit}
          onSubmit={onSaveNote}
          onCancel={() => onEdit(null)}
          submitText={t("app.versions.saveNote")}
          busy={busy}
          primary
          inputTestId="version-note-input"
          submitTestId="version-note-save"
        />
      )}
      {p.review}
      <div className="tpl-version-actions">
        <label className="tpl-version-pick">
          <input
            type="checkbox"
            checked={p.picked}
            aria-label={t("app.compare.pick", { number: v.number })}
            data-testid="version-compare-pick"
            onChange={(e) => p.onPick(e.target.checked)}
          />{" "}
          {t("app.compare.pickShort")}
        </label>
        <button
          type="button"
          className="btn btn-ghost"
          aria-pressed={shown}
          aria-label={t("app.versions.previewNamed", { number: v.number })}
          data-testid="version-preview"
          onClick={onShow}
        >
          {t("app.versions.preview")}
        </button>
        {editing === null && (
          <button
            type="button"
            className="btn btn-ghost"
            aria-label={t("app.versions.noteNamed", { number: v.number })}
            data-testid="version-note-edit"
            onClick={() => onEdit(v.note)}
          >
            {t("app.versions.editNote")}
          </button>
        )}
        {!v.current && (
          <button
            type="button"
            className="btn"
            disabled={busy}
            aria-label={t("app.versions.restoreNamed", { number: v.number })}
            data-testid="version-restore"
            onClick={onRestore}
          >
            {t("app.versions.restore")}
          </button>
        )}
      </div>
    </li>
  );
}
