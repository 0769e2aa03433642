// Shown while a lazily loaded page (the editor) downloads.
import { useTranslation } from "react-i18next";

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="progressbar" aria-label={t("app.common.loading")}>
      <div className="spinner" />
    </div>
  );
}
