// The print queue's commands over the assistant's WebSocket (manage.ts) and from the CLI:
// queueList { printer? } → { jobs, damaged }; queuePause / queueResume / queueCancel / queueRetry /
// queueDismiss { job } → the job; queueClear { printer? } → { removed }. Every field is checked; anything else is refused with a translated message.
import { translate } from "../../i18n/messages";
import type { Language } from "../../model/constants";
import { printedOf } from "../../print/plan";
import type { JobProgress, QueueCommand, QueueEntry } from "../../print/protocol/queue";
import { RequestError } from "../protocol";
import { reasonKey } from "./confirm";
import { isJobId } from "./files";
import type { PrintQueue } from "./index";

export function entryOf(
  p: JobProgress,
  lang: Language,
  counts?: { labels: number; perPage: number; copies: number },
): QueueEntry {
  const { inFlight: _, ...shown } = p;
  return {
    ...shown,
    ...(counts
      ? { labelsPrinted: printedOf(counts, p).labels, labelsTotal: counts.labels * counts.copies }
      : {}),
    stateText: translate(`print.queue.state.${p.state}`, {}, lang),
    ...(p.reason ? { reasonText: translate(reasonKey(p.reason), {}, lang) } : {}),
    ...(p.error ? { errorText: translate(p.error.key, p.error.vars, lang) } : {}),
  };
}

function jobOf(v: unknown): string {
  if (!isJobId(v)) throw new RequestError("print.queue.badJob");
  return v;
}

export function queueCommand(
  queue: PrintQueue,
  cmd: QueueCommand,
  o: Record<string, unknown>,
  lang: Language,
): unknown {
  if (cmd === "queueList") {
    if (o.printer !== undefined && (typeof o.printer !== "string" || o.printer.length > 200))
      throw new RequestError("print.assistant.badMessage");
    return {
      jobs: queue.list(o.printer as string | undefined).map((p) => entryOf(p, lang, queue.counts(p.id))),
      damaged: queue.damaged,
    };
  }
  if (cmd === "queueClear") {
    if (o.printer !== undefined && (typeof o.printer !== "string" || o.printer.length > 200))
      throw new RequestError("print.assistant.badMessage");
    return { removed: queue.clearFinished(o.printer as string | undefined) };
  }
  const id = jobOf(o.job);
  if (cmd === "queueDismiss") {
    const counts = queue.counts(id);
    return entryOf(queue.dismiss(id), lang, counts);
  }
  const p =
    cmd === "queuePause"
      ? queue.pause(id)
      : cmd === "queueResume"
        ? queue.resume(id)
        : cmd === "queueCancel"
          ? queue.cancel(id)
          : queue.retry(id);
  return entryOf(p, lang, queue.counts(id));
}
