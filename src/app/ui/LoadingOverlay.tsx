// The loading overlay of the request client (spec §7). It fades in after a short delay (CSS), so
// fast calls do not flash it, but it blocks clicks from the first moment.
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { loading } from "./loading";

export function LoadingOverlay() {
  const { t } = useTranslation();
  const busy = useSyncExternalStore(loading.subscribe, loading.busy);
  if (!busy) return null;
  return (
    <div
      className="loading-overlay"
      role="progressbar"
      aria-label={t("app.common.loading")}
      data-testid="loading"
    >
      <div className="spinner" />
    </div>
  );
}
