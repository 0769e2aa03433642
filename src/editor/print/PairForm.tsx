// Pairing this page with the print assistant: the user types the code the assistant shows; on
// success the assistant trusts this page's origin from then on (src/assistant/pairing.ts).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { message } from "../../app/ui/message";
import { TIP } from "../../i18n/tips";
import { type AssistantClient, AssistantError } from "./assistantClient";
import "./print.css";

export function PairForm({ client, onPaired }: { client: AssistantClient; onPaired: () => void }) {
  const { t, i18n } = useTranslation();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="ink-pair"
      data-testid="assistant-pair"
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        client.pair(code, i18n.language).then(
          () => {
            setBusy(false);
            setCode("");
            message.success(t("print.pair.done"));
            onPaired();
          },
          (err) => {
            setBusy(false);
            message.error(
              err instanceof AssistantError && err.code !== 0 ? err.message : t(TIP.assistantUnreachable),
            );
          },
        );
      }}
    >
      <p className="ink-print-note" role="status">
        {t("print.pair.text")}
      </p>
      <input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={7}
        aria-label={t("print.pair.code")}
        placeholder="000000"
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/[^\d ]/g, ""))}
      />
      <button type="submit" disabled={busy || code.replace(/\s/g, "").length !== 6}>
        {t("print.pair.submit")}
      </button>
    </form>
  );
}
