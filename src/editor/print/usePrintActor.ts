// The print dialog's machine with its services: the page preview, sending the job (then remembering
// the printer and writing the print record), the driver printers through the local print assistant
// and the cloud devices. The services read the dialog's latest document, records and sheets from
// `live`, so a machine started once sees what the dialog shows now.
import { useActorRef } from "@xstate/react";
import type { RefObject } from "react";
import { useTranslation } from "react-i18next";
import { type ActorRefFrom, fromPromise } from "xstate";
import {
  type DriverList,
  type PreviewOutput,
  type PrintDevice,
  type PrintDialogContext,
  type PrintOutcome,
  type PrintRequest,
  printDialogMachine,
} from "../../../machines/printDialog.machine";
import { interfaceApi } from "../../app/api/client";
import { session } from "../../app/auth/session";
import { type AssistantClient, assistantLink, queuedJobOf } from "../../app/printing/assistantClient";
import { loadCloudDevices } from "../../app/printing/cloudPrint";
import type { UsageLabel } from "../../app/printing/printRecord";
import { userSettings } from "../../app/settings/userSettings";
import { createResolver, type Sheets, withPromptAnswers } from "../../data/index";
import type { LabelDocument } from "../../model/types";
import { pageSvg } from "../../print/pageSvg";
import { type RecordChoice, recordsOfPage } from "../../print/plan";
import { printerSettingsOf } from "../../print/settings";
import { stockOf } from "../../print/stock";
import { prepareRender, recordChars } from "../../render/index";
import type { WorkbookStore } from "../data/store";
import { inspected } from "../inspector/actorOptions";
import { answeredDoc } from "./answeredDoc";
import { rememberPrinter } from "./lastPrinter";
import { sheetsForPrint } from "./liveData";
import { recordLabelPrint, recordQueuedLabelPrint } from "./printedPicture";
import { printQueryParams } from "./queryParams";
import { BROWSER_DEVICE_ID, printerOfRequest, sendPrintJob } from "./sendJob";

export type PrintActor = ActorRefFrom<typeof printDialogMachine>;

export const BROWSER_DEVICE: PrintDevice = { id: BROWSER_DEVICE_ID, name: "" };

/** The browser's own print is chosen (or nothing yet among the driver printers). */
export const onBrowserPrint = (ctx: Pick<PrintDialogContext, "printType" | "device">): boolean =>
  ctx.printType === 1 && (ctx.device === null || ctx.device.id === BROWSER_DEVICE_ID);

/** What a save beside the dialog gave: the printed document with the saved identity, the usage label. */
export interface SavedLabel {
  name(doc: LabelDocument): LabelDocument;
  readonly usage: UsageLabel;
}

/** What the dialog shows now: the services read it when they run. */
export interface LivePrint {
  readonly doc: LabelDocument;
  readonly choices: readonly RecordChoice[];
  readonly sheets: Sheets;
}

interface Options {
  readonly live: RefObject<LivePrint>;
  readonly perPage: number;
  readonly store: WorkbookStore | undefined;
  readonly client: AssistantClient;
  readonly saving: Promise<SavedLabel> | undefined;
}

export function usePrintActor({ live, perPage, store, client, saving }: Options): PrintActor {
  const { t, i18n } = useTranslation();
  return useActorRef(
    printDialogMachine.provide({
      actors: {
        renderPreview: fromPromise(
          async ({
            input,
          }: {
            input: { page: number; answers: ReadonlyMap<string, string>; device: PrintDevice | null };
          }): Promise<PreviewOutput> => {
            const { choices: c, sheets: s } = live.current;
            // the preview shows the answers typed so far (the defaults until then)
            const d = withPromptAnswers(live.current.doc, input.answers);
            const resolve = createResolver(d, s, new Date());
            const records = recordsOfPage(c, perPage, input.page);
            await prepareRender(d, { target: "print", chars: recordChars(records, resolve) });
            // a label printer's preview: what it gets, its own commands drawn from what is sent
            const device = input.device;
            if (device?.language) {
              const { labelPrinterPreview } = await import("./labelPrinterPreview");
              return labelPrinterPreview(d, records, s, resolve, { ...device, language: device.language });
            }
            // a preview: tables inside their dashed red outline (spec §9), which the printer never gets
            return pageSvg(d, records, resolve, { target: "print", tableOutline: true });
          },
        ),
        submit: fromPromise(async ({ input }: { input: PrintRequest }): Promise<PrintOutcome> => {
          const { choices: c, sheets: shown } = live.current;
          // live sources are read again just before sending; prompts answered, formulas checked
          const s = await sheetsForPrint(
            store,
            live.current.doc,
            shown,
            printQueryParams(live.current.doc, input.answers),
          );
          const d = answeredDoc(live.current.doc, input.answers, c, s);
          // history and use counts (spec calls 21–24); their answers are not shown. The record
          // names the saved version; a job the assistant's queue stopped part-way is recorded when
          // it ends there, with the labels it printed (queuedRecord.ts)
          const userId = session.user()?.userid;
          const record = (queued?: { job: string; printer: string }) => {
            if (!userId) return;
            void Promise.resolve(saving).then((saved) => {
              const doc = saved ? saved.name(d) : d;
              const job = {
                userId,
                copies: input.copies,
                choices: c,
                sheets: s,
                background: input.printBackground,
                ...printerOfRequest(input),
              };
              return queued
                ? recordQueuedLabelPrint(interfaceApi, client, doc, job, queued)
                : recordLabelPrint(interfaceApi, doc, job);
            });
          };
          try {
            await sendPrintJob({ doc: d, choices: c, sheets: s, lang: i18n.language, client }, input);
          } catch (err) {
            const queued = queuedJobOf(err);
            if (queued) record({ job: queued, printer: input.device.id });
            throw err;
          }
          rememberPrinter({
            printType: input.printType,
            device: input.device,
            printBackground: input.printBackground,
          });
          record();
          // the browser only opens its own print dialog, which the user may still cancel
          return input.printType === 1 && input.device.id === BROWSER_DEVICE_ID ? "browserDialog" : "sent";
        }),
        loadDrivers: fromPromise(async (): Promise<DriverList> => {
          const browser = { ...BROWSER_DEVICE, name: t("print.dialog.browser") };
          const { link, printers } = await assistantLink(client, i18n.language);
          const devices = printers.map((p) => ({
            id: p.name,
            name: p.name,
            stock: stockOf(p),
            ...(p.kind === "network" && (p.language === "TSPL" || p.language === "ZPL")
              ? {
                  language: p.language as "TSPL" | "ZPL",
                  own: printerSettingsOf(p.settings, p.language as "TSPL" | "ZPL").settings,
                  ...(p.dpi ? { dpi: p.dpi } : {}),
                }
              : {}),
          }));
          // the printer of the user's print settings when it is there, else the first one found
          const own = devices.find((d) => d.id === userSettings.get().printer);
          return {
            devices: [browser, ...devices],
            preferred: own?.id ?? devices[0]?.id ?? BROWSER_DEVICE.id,
            assistant: link,
          };
        }),
        loadCloud: fromPromise((): Promise<readonly PrintDevice[]> => loadCloudDevices(interfaceApi)),
      },
    }),
    inspected("printDialog"),
  );
}
