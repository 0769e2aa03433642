// What the editor shows in a window too narrow for it (below 768 px, issues 23 and 34): a notice, a
// read-only preview of the label as drawn on the canvas for the shown record (LabelPreview),
// and the record stepper. Print and the save menu (exports) stay in the top bar above it.
import { useTranslation } from "react-i18next";
import type { LabelDocument } from "../../model/types";
import { RecordStepper } from "../data/RecordStepper";
import { LabelPreview } from "./LabelPreview";
import "./narrow.css";

export function NarrowPreview({ doc }: { readonly doc: LabelDocument }) {
  const { t } = useTranslation();
  return (
    <main className="ink-narrow" data-testid="narrow-view">
      <p className="ink-narrow-notice" role="status" data-testid="narrow-notice">
        {t("editor.narrow.notice")}
      </p>
      <LabelPreview doc={doc} label={t("editor.narrow.preview")} testId="narrow-preview" />
      <RecordStepper />
    </main>
  );
}
