// Uploads of the cloud pages: the drop zone (drag and drop, or a button choosing several files) and
// the list of files on their way up, one progress bar each; a failed one stays listed with its
// reason until dismissed, and never holds up the others.
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFilePicker } from "../../ui/useFilePicker";

interface DropProps {
  /** what the zone says (and its accessible name) */
  readonly text: string;
  /** the file input's accept list, e.g. ".png,.jpg" */
  readonly accept: string;
  readonly onFiles: (files: File[]) => void;
}

export function DropZone({ text, accept, onFiles }: DropProps) {
  const { t } = useTranslation();
  const [dragging, setDragging] = useState(false);
  const picker = useFilePicker({
    accept,
    label: t("app.cloud.upload"),
    testId: "cloud-upload-input",
    multiple: true,
    onFiles,
  });
  return (
    <section
      className={`cloud-drop${dragging ? " is-dragging" : ""}`}
      data-testid="cloud-drop"
      aria-label={text}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        onFiles([...e.dataTransfer.files]);
      }}
    >
      <p>{text}</p>
      <button type="button" className="btn btn-primary" onClick={picker.open}>
        {t("app.cloud.upload")}
      </button>
      {picker.input}
    </section>
  );
}

export interface Upload {
  readonly id: number;
  readonly name: string;
  readonly progress: number;
  /** why it failed (translated), or null while it is going up */
  readonly error: string | null;
}

export interface Uploads {
  readonly list: readonly Upload[];
  /** lists the files (progress 0) and answers their ids, in order */
  readonly start: (names: readonly string[]) => number[];
  readonly progress: (id: number, progress: number) => void;
  readonly done: (id: number) => void;
  readonly fail: (id: number, error: string) => void;
  readonly dismiss: (id: number) => void;
}

export function useUploads(): Uploads {
  const [list, setList] = useState<Upload[]>([]);
  const next = useRef(0);
  const patch = useCallback(
    (id: number, p: Partial<Upload>) => setList((u) => u.map((x) => (x.id === id ? { ...x, ...p } : x))),
    [],
  );
  const drop = useCallback((id: number) => setList((u) => u.filter((x) => x.id !== id)), []);
  return {
    list,
    start: (names) => {
      const added = names.map((name) => ({ id: next.current++, name, progress: 0, error: null }));
      setList((u) => [...u, ...added]);
      return added.map((a) => a.id);
    },
    progress: (id, progress) => patch(id, { progress }),
    done: drop,
    fail: (id, error) => patch(id, { error }),
    dismiss: drop,
  };
}

export function UploadList({ uploads }: { uploads: Uploads }) {
  const { t } = useTranslation();
  if (uploads.list.length === 0) return null;
  return (
    <ul className="cloud-uploads" aria-label={t("app.cloud.uploads")}>
      {uploads.list.map((u) => (
        <li key={u.id}>
          <span>{u.name}</span>
          {u.error !== null ? (
            <>
              <span role="alert" className="error-note" data-testid="cloud-upload-failed">
                {u.error}
              </span>
              <button
                type="button"
                className="btn btn-ghost cloud-icon-btn"
                aria-label={t("app.cloud.dismissNamed", { name: u.name })}
                onClick={() => uploads.dismiss(u.id)}
              >
                ×
              </button>
            </>
          ) : (
            <progress max={1} value={u.progress} aria-label={t("app.cloud.uploading", { name: u.name })} />
          )}
        </li>
      ))}
    </ul>
  );
}
