// One job of the virtual ZPL printer: the bytes a sender wrote, after what earlier jobs stored
// (memory.ts) → labels (src/zpl, each as many times
// as its ^PQ asks) → the chosen printer through the assistant's own print path, or one PDF in the
// folder. Every failure is an Error whose message is a sentence for the log; nothing is thrown past it.
import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { writePdfOf } from "../../export/pdf/document";
import { nodeDecoder } from "../../export/pdf/images";
import { translate } from "../../i18n/messages";
import { serializeTprt } from "../../model/file/index";
import { fitsText } from "../../model/kinds/caps";
import type { LabelDocument } from "../../model/types";
import { getFontRegistry } from "../../render";
import type { FontRegistry } from "../../render/fonts";
import { copiesOf, printedLabels, readZpl, unknownList, ZplError } from "../../zpl";
import type { PrintService } from "../printing";
import { RequestError } from "../protocol";
import { storesOnly, type ZplMemory } from "./memory";
import type { ZplPrinterSettings } from "./settings";

export interface ZplJobResult {
  /** labels printed or pages saved */
  readonly labels: number;
  /** the PDF written (folder mode) */
  readonly file?: string;
  /** commands read but not drawn, as one line ("" when none) */
  readonly unknown: string;
}

/** Texts drawn without their font would be missing from the label: refused, with why. */
function refuseWithoutFonts(docs: readonly LabelDocument[], fonts: FontRegistry, origin?: string) {
  for (const el of docs.flatMap((d) => d.elements))
    if (fitsText(el) && !fonts.isLoaded(el.FontFamily, el.Bold))
      throw new Error(
        `the font ${el.FontFamily} could not be loaded (from this computer${origin ? ` or ${origin}` : ""}): nothing printed`,
      );
}

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);

export async function runZplJob(
  bytes: Uint8Array,
  settings: ZplPrinterSettings,
  deps: {
    service?: PrintService;
    fonts?: FontRegistry;
    /** the web app whose fonts the print path fetches when this computer has none */
    origin?: string;
    jobNumber: number;
    now?: Date;
    /** the stored formats, graphics and fonts of earlier jobs, read before this one's */
    memory?: ZplMemory;
  },
): Promise<ZplJobResult> {
  try {
    const input = deps.memory ? deps.memory.withKept(bytes) : bytes;
    deps.memory?.remember(bytes);
    // a job that only stores (an ERP's template, sent once) prints nothing, and that is no error
    if (deps.memory && storesOnly(bytes)) return { labels: 0, unknown: "" };
    const read = await readZpl(input, { dpi: settings.dpi, name: "zpl" }, deps.fonts);
    const docs = printedLabels(read);
    refuseWithoutFonts(read.docs, deps.fonts ?? getFontRegistry(), deps.origin);
    const unknown = unknownList(read.unknown);
    if (settings.printer) {
      if (!deps.service) throw new Error("no print service");
      // one request per format, its ^PQ as the copies (a format with ^SN or ^SF: one per copy,
      // each its own count): the print path queues them in order
      for (const [i, format] of read.docs.entries())
        for (const { doc, copies } of copiesOf(format, read.copies[i] ?? 1, read.masked[i]))
          await deps.service.print(
            {
              cmd: "outputPrintting",
              lang: "en",
              printer: settings.printer,
              xml: serializeTprt(doc),
              copies,
              sheets: new Map(),
            },
            deps.origin,
          );
      return { labels: docs.length, unknown };
    }
    const folder = settings.folder as string;
    await mkdir(folder, { recursive: true });
    const pdf = await writePdfOf(docs, {
      decoder: nodeDecoder,
      pageMode: "label",
      fonts: deps.fonts,
      now: deps.now,
    });
    const file = join(folder, `zpl-${stamp(deps.now ?? new Date())}-${deps.jobNumber}.pdf`);
    // written whole under another name first: a folder watcher never sees half a PDF
    await writeFile(`${file}.part`, pdf.chunks);
    await rename(`${file}.part`, file);
    return { labels: pdf.count, file, unknown };
  } catch (e) {
    if (e instanceof ZplError) throw new Error(translate(e.key, e.vars, "en"));
    if (e instanceof RequestError) throw new Error(e.text("en"));
    throw e;
  }
}
