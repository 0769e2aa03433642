// The scan machine with its print service: one record to the last used printer, with the session's
// prompt answers, then its print record. The service reads the panel's latest label, sheets and
// answers from `live`.
import { useActorRef } from "@xstate/react";
import type { RefObject } from "react";
import { useTranslation } from "react-i18next";
import { type ActorRefFrom, fromPromise } from "xstate";
import { withIdentity } from "../../../machines/saveFlow.machine";
import { type ScanPrintRequest, scanMachine } from "../../../machines/scan.machine";
import { interfaceApi } from "../../app/api/client";
import type { CloudLabel } from "../../app/api/cloudSave";
import { session } from "../../app/auth/session";
import { type AssistantClient, queuedJobOf } from "../../app/printing/assistantClient";
import type { Sheets } from "../../data/index";
import type { LabelDocument } from "../../model/types";
import { inspected } from "../inspector/actorOptions";
import { answeredDoc } from "../print/answeredDoc";
import { readLastPrinter } from "../print/lastPrinter";
import { recordLabelPrint, recordQueuedLabelPrint } from "../print/printedPicture";
import { printFailureText } from "../print/printFailure";
import { printerOfRequest, sendPrintJob } from "../print/sendJob";

export type ScanActor = ActorRefFrom<typeof scanMachine>;

/** What the panel shows now: the service reads it when it prints. */
export interface LiveScan {
  readonly doc: LabelDocument;
  readonly sheets: Sheets;
  readonly cloud: CloudLabel;
  /** the checked prompt answers (null: not all given yet) */
  readonly answers: ReadonlyMap<string, string> | null;
}

export function useScanActor(live: RefObject<LiveScan>, client: AssistantClient): ScanActor {
  const { t, i18n } = useTranslation();
  return useActorRef(
    scanMachine.provide({
      actors: {
        print: fromPromise(async ({ input }: { input: ScanPrintRequest }) => {
          const target = readLastPrinter();
          if (!target) throw new Error(t("editor.scan.noPrinter"));
          const { sheets: s, answers: given } = live.current;
          if (!given) throw new Error(t("editor.scan.prompts.invalid"));
          const choices = [{ record: input.record, copies: 1 }];
          let d = withIdentity(live.current.doc, live.current.cloud);
          const userId = session.user()?.userid;
          const job = {
            userId: userId ?? "",
            copies: input.copies,
            choices,
            sheets: s,
            background: target.printBackground,
            ...printerOfRequest(target),
          };
          try {
            d = answeredDoc(d, given, choices, s);
            await sendPrintJob(
              { doc: d, choices, sheets: s, lang: i18n.language, client },
              { ...target, copies: input.copies, jobSettings: {} },
            );
          } catch (e) {
            // a job the assistant's queue stopped part-way is recorded when it ends there
            const queued = queuedJobOf(e);
            if (queued && userId)
              void recordQueuedLabelPrint(interfaceApi, client, d, job, {
                job: queued,
                printer: target.device.id,
              });
            // the scan's message says why, in the user's language (never an internal text)
            throw new Error(printFailureText(e, t));
          }
          if (userId) void recordLabelPrint(interfaceApi, d, job);
        }),
      },
    }),
    inspected("scan", { printOnScan: false, copies: 1 }),
  );
}
