// The loading overlay of the request client (spec §7). It fades in after a short delay (CSS), so
// fast calls do not flash it, but it blocks clicks from the first moment. `SpinnerOverlay` is the
// same overlay for other waits (`instant`: visible at once, e.g. a dialog whose code is coming).
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { loading } from "./loading";

export function SpinnerOverlay({
  testId,
  instant = false,
}: {
  readonly testId: string;
  readonly instant?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div
      className={instant ? "loading-overlay is-now" : "loading-overlay"}
      role="progressbar"
      aria-label={t("app.common.loading")}
      data-testid={testId}
    >
      <div className="spinner" />
    </div>
  );
}

export function LoadingOverlay() {
  const busy = useSyncExternalStore(loading.subscribe, loading.busy);
  return busy ? <SpinnerOverlay testId="loading" /> : null;
}
