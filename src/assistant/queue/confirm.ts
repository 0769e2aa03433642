// What a printer's answer means for the label the queue has just sent, per printer language
// (docs/printing.md "The print queue"):
// - ZPL: a label is confirmed when ~HS shows no label format waiting and no label left in its
//   batch; at a fault a Zebra keeps the label it was on and prints it once the fault clears (^JZY,
//   its default), which ~HS shows; the printer's life label counter settles a label left in doubt
//   (a fault, a lost connection, a restart).
// - TSPL: a label is confirmed when <ESC>!? says neither printing nor a fault; TSPL has no label
//   counter and no buffer count, so a label left in doubt is sent again and marked "possibly
//   repeated" (a printer set to reprint after a fault prints it twice).
import type { PrinterLanguage } from "../../print/job";
import type { PauseReason } from "../../print/protocol/queue";
import type { PrinterStatus } from "../../print/status";

/** The message key of a pause's reason (a printer's problem, or the queue's own). */
export const reasonKey = (r: PauseReason) =>
  r === "connectionLost" || r === "user" || r === "restarted"
    ? `print.queue.reason.${r}`
    : `print.problem.${r}`;

export type Verdict =
  | { readonly kind: "printed" }
  /** still printing (or about to): ask again */
  | { readonly kind: "wait" }
  /** the printer cannot print; `held`: it still has the label and prints it once the fault clears */
  | { readonly kind: "fault"; readonly reason: PauseReason; readonly held: boolean }
  /** the printer does not answer, or answers nonsense: the label cannot be confirmed */
  | { readonly kind: "unknown" };

export function verdict(language: PrinterLanguage, s: PrinterStatus): Verdict {
  const waiting = language === "ZPL" && ((s.buffered ?? 0) > 0 || (s.remaining ?? 0) > 0);
  switch (s.state) {
    case "offline":
      return { kind: "fault", reason: "connectionLost", held: false };
    case "problem":
      return { kind: "fault", reason: s.problems[0] ?? "error", held: waiting };
    case "printing":
      return { kind: "wait" };
    case "ready":
      return waiting ? { kind: "wait" } : { kind: "printed" };
    default:
      return { kind: "unknown" };
  }
}
