// The top bar's Print button (opens the print dialog; the save runs beside it).
import { useTranslation } from "react-i18next";
import { rememberOpener } from "./opener";

export function PrintButton({ onPrint, busy }: { readonly onPrint: () => void; readonly busy?: boolean }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="ink-btn ink-topbar-print"
      onClick={(e) => {
        rememberOpener(e.currentTarget);
        onPrint();
      }}
      disabled={busy}
      title={t("print.dialog.open")}
      data-testid="print-open"
    >
      {t("print.dialog.title")}
    </button>
  );
}
