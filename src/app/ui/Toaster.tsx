// Shows the messages of the message service in the top centre; errors are announced to screen readers.
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { message } from "./message";

export function Toaster() {
  const { t } = useTranslation();
  const messages = useSyncExternalStore(message.subscribe, message.current);
  return (
    <div className="toaster" aria-live="polite">
      {messages.map((m) => (
        <div key={m.id} className={`toast toast-${m.kind}`} role={m.kind === "error" ? "alert" : "status"}>
          <span className="toast-text">{m.text}</span>
          <button
            type="button"
            className="toast-close"
            aria-label={t("app.common.close")}
            onClick={() => message.dismiss(m.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
