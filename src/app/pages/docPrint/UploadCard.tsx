// The upload card of /pdfPrint: choosing a file, the limits, a read error, the open document's name
// and page count, and its page thumbnails.
import { useTranslation } from "react-i18next";
import { ACCEPT, MAX_DOC_BYTES, MAX_DOC_PAGES } from "../../../docprint/limits";
import type { OpenDocument } from "./useDocument";

interface Props {
  readonly doc: OpenDocument | null;
  readonly loadError: string;
  readonly thumbs: readonly string[];
  readonly onFile: (file: File) => void;
}

export function UploadCard({ doc, loadError, thumbs, onFile }: Props) {
  const { t } = useTranslation();
  return (
    <section className="card docprint-upload" aria-labelledby="docprint-upload-title">
      <h2 id="docprint-upload-title">{t("docprint.upload.title")}</h2>
      <label className="btn btn-primary docprint-file">
        {t("docprint.upload.choose")}
        <input
          type="file"
          accept={ACCEPT}
          data-testid="docprint-file"
          className="visually-hidden"
          onChange={(e) => {
            const f = e.currentTarget.files?.[0];
            e.currentTarget.value = "";
            if (f) onFile(f);
          }}
        />
      </label>
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
