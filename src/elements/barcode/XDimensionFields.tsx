// The X-dimension of a code in the panel (docs/barcodes.md "X-dimension"): shown and typed in the
// user's unit (mm or inch) and in dots of the label's target resolution; the box follows what is typed. Linear codes also take
// their height. A tip says when the code cannot be printed well at the target resolution.
import { useTranslation } from "react-i18next";
import { dotsForMm } from "../../codes/xdim";
import { LengthField } from "../../editor/panels/LengthField";
import { NumberField } from "../../editor/panels/NumberField";
import { useEditorSelector } from "../../editor/state/context";
import { type CodeElement, useCodeElement } from "./panelParts";
import { xDimension, xPatch } from "./xdim";

/** More dots than this per module is never a printable barcode on a label. */
const MAX_DOTS = 60;

export function XDimensionFields({ el, value }: { readonly el: CodeElement; readonly value: string }) {
  const { t } = useTranslation();
  const attrs = useEditorSelector((s) => s.doc.attrs);
  const { current, apply } = useCodeElement(el.Id);
  const x = xDimension(el, value, attrs);
  const setDots = (dots: number) => {
    const cur = current();
    if (!cur || !Number.isFinite(dots)) return;
    const p = xPatch(cur, value, Math.min(MAX_DOTS, Math.max(1, Math.round(dots))), attrs);
    if (p) apply(p);
  };
  return (
    <>
      {x && (
        <div className="ink-field-row">
          <LengthField
            labelKey="editor.code.xDimension"
            value={x.mm}
            mmDecimals={3}
            onCommit={(mm) => setDots(dotsForMm(mm, x.dpi))}
            testId="panel-code-x-mm"
          />
          <NumberField
            label={t("editor.code.xDots", { dpi: x.dpi })}
            value={x.dots}
            decimals={0}
            step={1}
            onCommit={setDots}
            testId="panel-code-x-dots"
          />
        </div>
      )}
      {el.Type === "Barcode" && (
        <LengthField
          labelKey="editor.code.height"
          value={el.Height}
          onCommit={(h) => apply({ Height: h })}
          testId="panel-code-height"
        />
      )}
      {x?.issue && (
        <p className="ink-panel-note" role="status" data-testid="panel-code-x-tip">
          {t(x.issue.key, x.issue.vars)}
        </p>
      )}
    </>
  );
}
