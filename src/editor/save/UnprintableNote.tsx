// The export flow's note naming the characters no installed font draws (issue 35), with their code
// points (describeChars), announced when it appears.
import { useTranslation } from "react-i18next";
import { describeChars } from "../../render";

export function UnprintableNote({ chars }: { readonly chars: string }) {
  const { t } = useTranslation();
  return (
    <p className="ink-export-note" role="alert" data-testid="export-unprintable">
      {t("editor.export.unprintable", { chars: describeChars(chars) })}
    </p>
  );
}
