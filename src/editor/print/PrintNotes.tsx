// What to know before printing: what the kinds say (e.g. barcodes whose quiet zone the label's edge
// cuts, for the first record's values) and a printer set up for other labels than this page.
import { useSelector } from "@xstate/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { createResolver, type Sheets } from "../../data/index";
import type { MeasureUnit } from "../../model/constants";
import type { LabelDocument } from "../../model/types";
import { pageSize } from "../../print/pageSvg";
import { stockMismatch } from "../../print/stock";
import { kindUiOf, useElementsUiIfAny } from "../kinds";
import { printLength } from "./printLength";
import type { PrintActor } from "./usePrintActor";

interface Props {
  readonly actor: PrintActor;
  readonly doc: LabelDocument;
  readonly sheets: Sheets;
  readonly unit: MeasureUnit;
}

export function PrintNotes({ actor, doc, sheets, unit }: Props) {
  const { t } = useTranslation();
  const device = useSelector(actor, (s) => s.context.device);
  const size = pageSize(doc);
  const mismatch = stockMismatch(device?.stock, size);
  const elementsUi = useElementsUiIfAny();
  const notes = useMemo(() => {
    if (!elementsUi) return [];
    const values = createResolver(doc, sheets, new Date())(0);
    return doc.elements.flatMap((el) => {
      const note = kindUiOf(elementsUi, el.Type)?.printNote?.(el, doc.attrs, values.get(el.Id), t);
      return note ? [note] : [];
    });
  }, [doc, sheets, elementsUi, t]);
  const fmt = (v: number) => printLength(v, unit);
  return (
    <>
      {notes.length > 0 && (
        <p className="ink-print-note" role="status" data-testid="print-quiet">
          {notes[0]}
        </p>
      )}
      {mismatch && (
        <p className="ink-print-note" role="status" data-testid="print-stock">
          {t("print.dialog.stockMismatch", {
            printer: device?.name ?? "",
            stock: `${fmt(mismatch.widthMm)} × ${fmt(mismatch.heightMm)} ${unit}`,
            label: `${fmt(size.width)} × ${fmt(size.height)} ${unit}`,
          })}
        </p>
      )}
    </>
  );
}
