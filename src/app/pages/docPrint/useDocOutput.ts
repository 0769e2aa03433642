// Printing and saving the cut labels of /pdfPrint: each box drawn again at the printer's dpi, one
// label per box, through the print assistant, the browser or a cloud device, or as a label-size PDF;
// a print is noted in the print history.
import { useTranslation } from "react-i18next";
import type { LabelSize, ToneMode } from "../../../docprint/compose";
import { CUT_DPI } from "../../../docprint/limits";
import { grayPages } from "../../../docprint/load";
import {
  labelsPdfBlob,
  type OutputJob,
  printInBrowser,
  printToAssistant,
  printToCloud,
  recordDocumentPrint,
} from "../../../docprint/output";
import { printedLabels } from "../../../docprint/pageCut";
import { browserRegions } from "../../../docprint/regionClient";
import { printFailureText } from "../../../editor/print/printFailure";
import { TIP } from "../../../i18n/tips";
import { clamp } from "../../../model/bounds";
import { interfaceApi } from "../../api/client";
import { session } from "../../auth/session";
import { message } from "../../ui/message";
import type { CutPage } from "./useCutPages";
import type { OpenDocument } from "./useDocument";
import type { usePrintTargets } from "./usePrintTargets";

const FONT_BASE = `${import.meta.env?.BASE_URL ?? "/label/"}fonts/`;

interface Options {
  readonly doc: OpenDocument | null;
  readonly cut: readonly CutPage[] | null;
  readonly labelTotal: number;
  readonly size: LabelSize;
  readonly tone: ToneMode;
  readonly copies: string;
  readonly targets: Pick<ReturnType<typeof usePrintTargets>, "client" | "chosen">;
  readonly setBusy: (busy: boolean) => void;
  readonly setProgress: (text: string) => void;
}

export function useDocOutput(o: Options) {
  const { t, i18n } = useTranslation();
  const { doc, cut, labelTotal, size, tone, setBusy, setProgress } = o;

  function job(dpi: number): OutputJob {
    const pages = cut ?? [];
    const source = doc?.pages;
    async function* labels() {
      if (!source) return;
      // each box drawn alone at the printer's dpi (the paper around the labels is not drawn) and made a
      // label on a worker while the next boxes are drawn
      const regions = browserRegions();
      try {
        yield* printedLabels(grayPages(source), pages, { pageDpi: dpi, dpi, label: size, tone }, regions);
      } finally {
        regions.close();
      }
    }
    return {
      labels: labels(),
      dpi,
      size,
      name: doc?.name ?? "",
      copies: clamp("Quantity", Number(o.copies), 1),
      onLabel: (n) => setProgress(t("docprint.progress.label", { label: n, count: labelTotal })),
    };
  }

  async function print() {
    if (!cut || !labelTotal) return;
    const to = o.targets.chosen();
    setBusy(true);
    try {
      let n = 0;
      if (to.kind === "assistant") {
        const j = job(to.printer.dpi ?? CUT_DPI);
        n = await printToAssistant(o.targets.client, to.printer.name, j, i18n.language);
      } else if (to.kind === "cloud") {
        n = await printToCloud(interfaceApi, session.user()?.userid ?? "", to.device, job(CUT_DPI));
      } else n = await printInBrowser(job(CUT_DPI), FONT_BASE);
      // the browser only opened its own print dialog, which the user may still cancel
      if (to.kind === "assistant" || to.kind === "cloud") message.success(t(TIP.printSent));
      else message.info(t("print.browser.sent"));
      const userId = session.user()?.userid;
      const printer =
        to.kind === "assistant"
          ? { printerKind: "driver" as const, printer: to.printer.name }
          : to.kind === "cloud"
            ? { printerKind: "cloud" as const, printer: to.device.name }
            : { printerKind: "browser" as const, printer: "" };
      if (userId) void recordDocumentPrint(interfaceApi, userId, job(CUT_DPI), n, printer);
    } catch (e) {
      message.error(printFailureText(e, t));
    } finally {
      setProgress("");
      setBusy(false);
    }
  }

  async function savePdf() {
    if (!cut || !labelTotal) return;
    setBusy(true);
    try {
      const blob = await labelsPdfBlob(job(CUT_DPI));
      const a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = `${doc?.name || "labels"}.pdf`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    } finally {
      setProgress("");
      setBusy(false);
    }
  }

  return { print, savePdf };
}
