// What the editor shows in a window too narrow for it (below 768 px, issues 23 and 34): a notice, a
// read-only preview of the label as drawn on the canvas for the shown record (the same LabelLayer),
// and the record stepper. Print and the save menu (exports) stay in the top bar above it.
import { useTranslation } from "react-i18next";
import type { LabelDocument } from "../../model/types";
import { LabelLayer } from "../canvas/LabelLayer";
import { useRecordValues } from "../data/context";
import { RecordStepper } from "../data/RecordStepper";
import "./narrow.css";

export function NarrowPreview({ doc }: { readonly doc: LabelDocument }) {
  const { t } = useTranslation();
  const values = useRecordValues(doc);
  const { width, height } = doc.attrs;
  return (
    <main className="ink-narrow" data-testid="narrow-view">
      <p className="ink-narrow-notice" role="status" data-testid="narrow-notice">
        {t("editor.narrow.notice")}
      </p>
      <figure
        className="ink-narrow-preview"
        role="img"
        aria-label={t("editor.narrow.preview")}
        data-testid="narrow-preview"
      >
        <svg
          viewBox={`0 0 ${width} ${height}`}
          preserveAspectRatio="xMidYMid meet"
          aria-hidden="true"
          style={{ aspectRatio: `${width} / ${height}` }}
        >
          <rect width={width} height={height} fill="#fff" />
          <LabelLayer doc={doc} values={values} />
        </svg>
      </figure>
      <RecordStepper />
    </main>
  );
}
