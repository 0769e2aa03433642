// Pairing this page with the print assistant: the user types the code the assistant shows, then
// allows this page in the assistant's window (it asks "<origin> asks to print: allow? [y/N]"; an
// assistant started with --no-confirm asks nothing, as its pairing status says, and so does the box); on
// success the assistant trusts this page's origin from then on (src/assistant/pairing.ts).
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { type AssistantClient, AssistantError } from "../../app/printing/assistantClient";
import { message } from "../../app/ui/message";
import { TIP } from "../../i18n/tips";
import { normalPairCode, PAIR_CODE_LENGTH, typedPairCode } from "../../print/protocol/pairCode";
import "./print.css";

export function PairForm({ client, onPaired }: { client: AssistantClient; onPaired: () => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const complete = normalPairCode(code).length === PAIR_CODE_LENGTH;
  // whether the assistant asks its person after the code (not with --no-confirm); null: not known yet
  const [asks, setAsks] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    client.pairingStatus().then((s) => {
      if (live) setAsks(s?.confirm ?? true);
    });
    return () => {
      live = false;
    };
  }, [client]);
  return (
    <form
      className="ink-pair"
      data-testid="assistant-pair"
      aria-busy={busy}
      onSubmit={(e) => {
        e.preventDefault();
        if (!complete || busy) return;
        setBusy(true);
        client.pair(normalPairCode(code), i18n.language).then(
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
      <div className="ink-pair-row">
        <label className="ink-pair-label" htmlFor={id}>
          {t("print.pair.code")}
        </label>
        <input
          id={id}
          className="ink-pair-code"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="ABCD-EFGH"
          value={code}
          disabled={busy}
          onChange={(e) => setCode(typedPairCode(e.target.value))}
        />
        <button type="submit" className="ink-pair-submit" disabled={busy || !complete}>
          {t("print.pair.submit")}
        </button>
      </div>
      <p className="ink-pair-confirm" aria-live="polite">
        {asks === null
          ? null
          : !asks
            ? t(busy ? "print.pair.pairing" : "print.pair.byCode")
            : busy
              ? t("print.pair.waiting")
              : t("print.pair.confirm", {
                  question: t("assistant.console.confirm", { origin: window.location.origin }),
                })}
      </p>
    </form>
  );
}
