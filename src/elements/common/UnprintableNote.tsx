// Never a silent box (issue 35): a text element whose own text holds characters no shipped font
// draws says so in its panel, with the characters and their code points, while it is being edited.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LabelElement } from "../../model/types";
import { describeChars, getFontRegistry } from "../../render";
import { elementStyles, elementText } from "../../render/coverage";

export function UnprintableNote({ el }: { readonly el: LabelElement }) {
  const { t } = useTranslation();
  const [missing, setMissing] = useState("");
  useEffect(() => {
    let alive = true;
    // loads the fallback faces the text needs (as the canvas does), then answers what is left
    getFontRegistry()
      .ensureCoverage(elementStyles(el), elementText(el))
      .then(
        (chars) => alive && setMissing(chars.join("")),
        () => undefined,
      );
    return () => {
      alive = false;
    };
  }, [el]);
  if (!missing) return null;
  return (
    <p className="ink-panel-note" role="alert" data-testid="panel-unprintable">
      {t("elements.text.unprintable", { chars: describeChars(missing) })}
    </p>
  );
}
