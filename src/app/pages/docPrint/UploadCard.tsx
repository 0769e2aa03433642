// The upload card of /pdfPrint: choosing a file, the limits, a read error, the open document's name
// and page count, and its page thumbnails.
import { useTranslation } from "react-i18next";
import { ACCEPT, MAX_DOC_BYTES, MAX_DOC_PAGES } from "../../../docprint/limits";
import { useFilePicker } from "../../ui/useFilePicker";
import type { OpenDocument } from "./useDocument";

interface Props {
  readonly doc: OpenDocument | null;
  readonly loadError: string;
  readonly thumbs: readonly string[];
  readonly onFile: (file: File) => void;
}

export function UploadCard({ doc, loadError, thumbs, onFile }: Props) {
  const { t } = useTranslation();
  const picker = useFilePicker({
    accept: ACCEPT,
    label: t("docprint.upload.choose"),
    testId: "docprint-file",
    onFiles: ([f]) => onFile(f),
  });
  return (
    <section className="card docprint-upload" aria-labelledby="docprint-upload-title">
      <h2 id="docprint-upload-title">{t("docprint.upload.title")}</h2>
      <button type="button" className="btn btn-primary" onClick={picker.open}>
        {t("docprint.upload.choose")}
      </button>
      {picker.input}
      <p className="muted">
        {t("docprint.upload.limits", { mb: MAX_DOC_BYTES / 1048576, pages: MAX_DOC_PAGES })}
      </p>
      {loadError ? (
        <p className="field-error" role="alert">
          {loadError}
        </p>
      ) : null}
      {doc ? (
        <p data-testid="docprint-doc">
          {t("docprint.upload.loaded", { name: doc.name, count: doc.pages.pageCount })}
        </p>
      ) : null}
      {thumbs.length ? (
        <ol className="docprint-thumbs" aria-label={t("docprint.thumbs")}>
          {thumbs.map((src, i) => (
            <li key={src.slice(-32) + String(i)}>
              <img src={src} alt={t("docprint.preview.page", { page: i + 1 })} />
              <span>{i + 1}</span>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
