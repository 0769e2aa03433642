// Never a silent box on the canvas (issue 35): an element whose text holds characters no shipped
// font draws gets a red dashed outline and a red corner whose title and accessible name list the
// characters with their code points. Drawn in screen pixels above the label (never in its SVG, so
// never exported or printed), following the viewport like the selection overlay.
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { elementBox } from "../../model/geometry";
import type { LabelDocument } from "../../model/types";
import { describeChars } from "../../render";
import { rectToScreen, type Viewport } from "./geometry";
import { useMissingGlyphs } from "./useMissingGlyphs";

export const UnprintableMarks = memo(function UnprintableMarks({
  doc,
  values,
  drawn,
  transform,
}: {
  readonly doc: LabelDocument;
  readonly values?: ReadonlyMap<string, string>;
  /** the viewport the label is drawn for */
  readonly drawn: Viewport;
  /** the live viewport's CSS transform of it (while zooming or panning) */
  readonly transform: string;
}) {
  const { t } = useTranslation();
  const missing = useMissingGlyphs(doc, values);
  if (missing.size === 0) return null;
  return (
    <div className="ink-unprintable-layer" style={{ transform }} data-testid="unprintable-layer">
      {doc.elements.map((el) => {
        const chars = missing.get(el.Id);
        if (!chars) return null;
        const r = rectToScreen(drawn, elementBox(el));
        const label = t("editor.canvas.unprintable", { chars: describeChars(chars) });
        return (
          <div
            key={el.Id}
            className="ink-unprintable"
            data-testid="unprintable-mark"
            data-for={el.Id}
            style={{ left: r.x - 2, top: r.y - 2, width: r.width + 4, height: r.height + 4 }}
          >
            <span className="ink-unprintable-corner" role="img" aria-label={label} title={label} />
          </div>
        );
      })}
    </div>
  );
});
