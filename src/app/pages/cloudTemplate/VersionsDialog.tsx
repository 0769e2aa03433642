// A cloud template's versions (issue 40): every save kept, newest first, with who saved it, when and
// its note (editable); one is previewed beside the list (its cover and size), and any but the
// current one can be restored, which saves it again as the newest version (nothing is deleted).
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../../../editor/dialogs/Dialog";
import { ChoiceButtons } from "../../../editor/save/ModalShell";
import { TEMPLATE_VERSIONS_KEPT } from "../../../model/constants";
import type { TemplateSummary } from "../../api/templates";
import {
  restoreTemplateVersion,
  setTemplateVersionNote,
  type TemplateVersion,
  templateVersions,
} from "../../api/templateVersions";
import { dateText } from "../../settings/dateText";
import { sizeText } from "../../settings/sizeText";
import { useUnit } from "../../settings/userSettings";
import { message } from "../../ui/message";
import { Thumb } from "../RecentLabels";

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
              />
            ))}
          </ol>
          {preview && <VersionPreview v={preview} />}
        </div>
      )}
      <p className="muted">{t("app.versions.kept", { count: TEMPLATE_VERSIONS_KEPT })}</p>
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
}

function VersionRow({ v, shown, busy, editing, onShow, onRestore, onEdit, onSaveNote }: RowProps) {
  const { t, i18n } = useTranslation();
  const label = t("app.versions.number", { number: v.number });
  return (
    <li className={`tpl-version${shown ? " is-shown" : ""}`} data-testid="template-version">
      <div className="tpl-version-head">
        <strong>{label}</strong>
        {v.current && <span className="tpl-version-badge">{t("app.versions.current")}</span>}
        <span className="muted">
          {dateText(i18n.language, v.time, "dateTime")}
          {v.author ? ` · ${v.author}` : ""}
        </span>
      </div>
      {v.restoredFrom > 0 && (
        <p className="muted">{t("app.versions.restoredFrom", { number: v.restoredFrom })}</p>
      )}
      {editing === null ? (
        v.note && <p data-testid="version-note">{v.note}</p>
      ) : (
        <form
          className="tpl-version-note"
          onSubmit={(e) => {
            e.preventDefault();
            onSaveNote();
          }}
        >
          <label className="ink-field">
            <span>{t("app.versions.note")}</span>
            <input
              value={editing}
              maxLength={200}
              data-testid="version-note-input"
              onChange={(e) => onEdit(e.target.value)}
            />
          </label>
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="version-note-save">
            {t("app.versions.saveNote")}
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => onEdit(null)}>
            {t("editor.dialog.cancel")}
          </button>
        </form>
      )}
      <div className="tpl-version-actions">
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

/** The shown version's cover (or a blank of its shape) and label size. */
function VersionPreview({ v }: { v: TemplateVersion }) {
  const { t } = useTranslation();
  const unit = useUnit();
  return (
    <figure className="tpl-version-preview" data-testid="version-preview-pane">
      <div className="label-thumb">
        {v.image ? (
          <img src={v.image} alt={t("app.versions.previewAlt", { number: v.number })} />
        ) : (
          <Thumb
            t={{ ...v, id: "", name: "", file: v.file, classId: "", updated: v.time }}
            box={[240, 180]}
          />
        )}
      </div>
      <figcaption>
        {t("app.versions.number", { number: v.number })} · {sizeText(t, v.width, v.height, unit)}
      </figcaption>
    </figure>
  );
}
