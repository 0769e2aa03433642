// A network printer's print queue on the My printer page (the assistant's queue, issue 37): the jobs
// not yet printed, each with its state (and why it is paused), the labels printed of the job's, and
// Pause / Resume / Cancel / Retry / Remove as its state allows; "Clear finished" removes the
// printer's cancelled (and done) jobs from the assistant's queue. Asked again every second while shown.
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AssistantClient } from "../../app/printing/assistantClient";
import { dateText } from "../../app/settings/dateText";
import type { QueueEntry } from "../../print/protocol/queue";
import { STATUS_POLL_MS } from "./usePrinterStatus";
import "./print.css";

type Action = "queuePause" | "queueResume" | "queueCancel" | "queueRetry" | "queueDismiss";

/** What a person may do with a job (the assistant refuses the rest): a job paused by a fault may
 * also be paused by hand, so that it waits for Resume once the printer is ready. */
function actions(j: QueueEntry): readonly Action[] {
  if (j.state === "queued" || j.state === "printing") return ["queuePause", "queueCancel"];
  if (j.state === "paused")
    return j.reason === "user"
      ? ["queueResume", "queueCancel"]
      : ["queuePause", "queueResume", "queueCancel"];
  if (j.state === "failed") return ["queueRetry", "queueCancel"];
  return j.state === "cancelled" ? ["queueRetry", "queueDismiss"] : [];
}

export function PrinterQueue({ client, printer }: { client: AssistantClient; printer: string }) {
  const { t, i18n } = useTranslation();
  const [jobs, setJobs] = useState<QueueEntry[] | null>(null);
  const [error, setError] = useState("");
  const lang = i18n.language;

  const load = useCallback(async () => {
    try {
      const data = (await client.command("queueList", { printer, lang })) as { jobs?: QueueEntry[] };
      setJobs(Array.isArray(data?.jobs) ? data.jobs.filter((j) => j.state !== "done") : []);
    } catch {
      // an assistant without a queue, or gone: nothing to show
      setJobs(null);
    }
  }, [client, printer, lang]);

  useEffect(() => {
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      await load();
      if (!stop) timer = setTimeout(ask, STATUS_POLL_MS);
    };
    void ask();
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [load]);

  const act = async (cmd: Action | "queueClear", args: Record<string, unknown>) => {
    setError("");
    try {
      await client.command(cmd, { ...args, lang });
    } catch (e) {
      setError((e as Error).message);
    }
    await load();
  };

  if (!jobs?.length && !error) return null;
  return (
    <section
      className="ink-print-queue"
      aria-label={t("print.queue.title", { printer })}
      data-testid="print-queue"
    >
      <ul>
        {(jobs ?? []).map((j) => {
          const state = j.reasonText ? `${j.stateText} (${j.reasonText})` : j.stateText;
          const name = t("print.queue.jobName", {
            printer,
            time: dateText(lang, j.createdAt, "dateTime"),
          });
          return (
            <li key={j.id} data-testid="print-queue-job" data-state={j.state}>
              <span>
                {t("print.queue.row", {
                  state,
                  printed: j.labelsPrinted ?? j.printed,
                  total: j.labelsTotal ?? j.total,
                })}
                {j.repeated.length > 0 &&
                  ` · ${t("print.queue.repeated", { labels: j.repeated.join(", ") })}`}
                {j.errorText && ` · ${j.errorText}`}
              </span>
              {actions(j).map((a) => (
                <button
                  key={a}
                  type="button"
                  className="btn btn-ghost"
                  aria-label={`${t(`print.queue.${a}`)}: ${name}`}
                  onClick={() => void act(a, { job: j.id })}
                >
                  {t(`print.queue.${a}`)}
                </button>
              ))}
            </li>
          );
        })}
      </ul>
      {jobs?.some((j) => j.state === "cancelled") && (
        <button
          type="button"
          className="btn btn-ghost"
          aria-label={t("print.queue.clearFinishedLabel", { printer })}
          onClick={() => void act("queueClear", { printer })}
        >
          {t("print.queue.clearFinished")}
        </button>
      )}
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
