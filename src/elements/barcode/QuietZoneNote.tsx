// The panel's note when the label's edge cuts into a barcode's quiet zone (quietZone.ts).
import { useTranslation } from "react-i18next";
import { useEditorSelector } from "../../editor/state/context";
import type { BarcodeElement } from "../../model/types";
import { type QuietCut, quietZoneCut } from "./quietZone";

/** The sentence for a cut zone (the panel and the print dialog say the same). */
export function quietCutText(
  cut: QuietCut,
  t: (key: string, vars?: Record<string, unknown>) => string,
): string {
  return t(`editor.code.quietCut.${cut.end}`, { have: cut.haveMm.toFixed(1), need: cut.needMm.toFixed(1) });
}

export function QuietZoneNote({ el, value }: { readonly el: BarcodeElement; readonly value: string }) {
  const { t } = useTranslation();
  const attrs = useEditorSelector((s) => s.doc.attrs);
  const cut = attrs ? quietZoneCut(el, attrs, value) : null;
  if (!cut) return null;
  return (
    <p className="ink-panel-note" role="status" data-testid="panel-code-quiet">
      {quietCutText(cut, t)}
    </p>
  );
}
