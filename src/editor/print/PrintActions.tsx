// The end of the print dialog: why the last job failed, then Cancel and Confirm (Print at the print
// station). A big job is confirmed first (docs/security.md: print caps).
import { useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { answersValid } from "../../../machines/printDialog.machine";
import { CONFIRM_LABELS, jobCopies, labelCount, type RecordChoice } from "../../print/plan";
import { printFailureText } from "./printFailure";
import type { PrintActor } from "./usePrintActor";

interface Props {
  readonly actor: PrintActor;
  readonly choices: readonly RecordChoice[];
  readonly station: boolean;
}

export function PrintActions({ actor, choices, station }: Props) {
  const { t } = useTranslation();
  const state = useSelector(actor, (s) => s);
  const ctx = state.context;
  const busy = state.matches({ open: "printing" });
  return (
    <>
      {ctx.failure !== null && (
        <div className="ink-print-failure" role="alert" data-testid="print-failure">
          <strong>{t("print.dialog.failedTitle")}</strong>
          <p>{printFailureText(ctx.failure, t)}</p>
        </div>
      )}
      <div className="ink-print-actions">
        <button type="button" onClick={() => actor.send({ type: "close" })} disabled={busy}>
          {t("print.dialog.cancel")}
        </button>
        <button
          type="button"
          className="is-primary"
          onClick={() => {
            const labels = labelCount(choices) * jobCopies(ctx.copies);
            if (labels > CONFIRM_LABELS && !window.confirm(t("print.dialog.confirmMany", { count: labels })))
              return;
            actor.send({ type: "confirm" });
          }}
          disabled={busy || !state.matches({ open: "ready" }) || !answersValid(ctx)}
          data-testid="print-confirm"
        >
          {t(station ? "print.dialog.print" : "print.dialog.confirm")}
        </button>
      </div>
    </>
  );
}
