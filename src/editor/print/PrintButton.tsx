// The top bar's Print button (saves first, then opens the print dialog).
import { useTranslation } from "react-i18next";

export function PrintButton({ onPrint, busy }: { readonly onPrint: () => void; readonly busy?: boolean }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="ink-topbar-print"
      onClick={onPrint}
      disabled={busy}
      title={t("print.dialog.open")}
      data-testid="print-open"
    >
      {t("print.dialog.title")}
    </button>
  );
}
