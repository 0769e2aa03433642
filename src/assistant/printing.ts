// Runs one outputPrintting request: parse the label XML, find the printer, stream the job to it.
// Jobs to the same printer run one after another so two labels never interleave on the wire.
import { recordCount } from "../data/index";
import { parseLabelFile } from "../model/file/index";
import { pngJob, printJob } from "../print/job";
import { pageSize } from "../print/pageSvg";
import { JOB_LIMITS, labelCount } from "../print/plan";
import type { FontRegistry } from "../render/fonts";
import type { AssistantConfig, NetworkPrinter } from "./config";
import { printPngPages } from "./cups";
import { OriginFonts } from "./fonts";
import { sendRaw } from "./network";
import { type Request, RequestError, tooMany } from "./protocol";
import { AssistantStore } from "./store";

export interface PrinterInfo {
  readonly name: string;
  readonly kind: "network" | "cups";
  readonly language?: string;
  readonly dpi?: number;
  readonly host?: string;
  readonly port?: number;
  readonly gap?: number;
  readonly mark?: "gap" | "black";
  readonly widthMm?: number;
  readonly heightMm?: number;
}

/** Socket errors that mean the printer is off, unplugged or at another address. */
const OFFLINE = new Set([
  "ECONNREFUSED",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** A network printer that could not take a job: a sentence the user can act on, never the socket's
 * own text ("connect ECONNREFUSED 127.0.0.1:9100") unless the cause is unknown. */
export function sendFailure(
  e: unknown,
  printer: Pick<NetworkPrinter, "name" | "host" | "port">,
): RequestError {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code === "string" && OFFLINE.has(code))
    return new RequestError("print.assistant.printerOffline", {
      name: printer.name,
      address: `${printer.host}:${printer.port}`,
    });
  return new RequestError("print.assistant.sendFailed", { detail: (e as Error)?.message ?? String(e) });
}

export interface PrintResult {
  readonly printer: string;
  readonly pages: number;
  readonly bytes: number;
}

type PrintRequest = Extract<Request, { cmd: "outputPrintting" }>;

export class PrintService {
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly originFonts = new OriginFonts();

  constructor(
    private readonly config: AssistantConfig,
    private readonly listCups: () => Promise<string[]>,
    private readonly fonts?: FontRegistry,
    /** the printers as they are now (added, renamed, removed from the app) */
    readonly store: AssistantStore = new AssistantStore(config),
  ) {}

  async printers(): Promise<PrinterInfo[]> {
    const net: PrinterInfo[] = this.store.printers.map((p) => ({ ...p, kind: "network" }));
    const cups = this.config.cups ? await this.listCups().catch(() => []) : [];
    const taken = new Set(net.map((p) => p.name));
    return [...net, ...cups.filter((n) => !taken.has(n)).map((name) => ({ name, kind: "cups" as const }))];
  }

  /** Queue the job behind earlier jobs for the same printer; `origin`: the web app that sent it
   * (its fonts are fetched from there when this assistant has none of its own). */
  print(req: PrintRequest, origin?: string): Promise<PrintResult> {
    const prev = this.queues.get(req.printer) ?? Promise.resolve();
    const next = prev.catch(() => undefined).then(() => this.run(req, origin));
    this.queues.set(req.printer, next);
    void next
      .finally(() => {
        if (this.queues.get(req.printer) === next) this.queues.delete(req.printer);
      })
      .catch(() => undefined);
    return next;
  }

  private async run(req: PrintRequest, origin?: string): Promise<PrintResult> {
    const parsed = parseLabelFile(req.xml, "label.tprt");
    if (!parsed.ok) throw new RequestError("print.assistant.badLabel");
    const doc = parsed.doc;
    const labels = req.records ? labelCount(req.records) : recordCount(doc, req.sheets);
    if (labels * req.copies > JOB_LIMITS.maxLabels) throw tooMany("labels");
    const common = {
      copies: req.copies,
      choices: req.records,
      sheets: req.sheets,
      background: req.background,
      fonts: this.fonts ?? this.originFonts.for(origin),
    };
    const net: NetworkPrinter | undefined = this.store.printers.find((p) => p.name === req.printer);
    let pages = 0;
    if (net) {
      const job = printJob(doc, {
        ...common,
        language: net.language,
        dpi: net.dpi,
        gap: net.gap,
        mark: net.mark,
      });
      // TSPL sends its SIZE/GAP header as a chunk of its own; every other chunk is one page
      let header = net.language === "TSPL";
      const counted = async function* () {
        for await (const chunk of job) {
          if (header) header = false;
          else pages++;
          yield chunk;
        }
      };
      try {
        const bytes = await sendRaw(net.host, net.port, counted());
        return { printer: net.name, pages, bytes };
      } catch (e) {
        if (e instanceof RequestError) throw e;
        throw sendFailure(e, net);
      }
    }
    const cups = this.config.cups ? await this.listCups().catch(() => []) : [];
    if (!cups.includes(req.printer))
      throw new RequestError("print.assistant.unknownPrinter", { name: req.printer });
    const size = pageSize(doc);
    try {
      pages = await printPngPages(req.printer, pngJob(doc, common), {
        widthMm: size.width,
        heightMm: size.height,
        copies: req.copies,
      });
    } catch (e) {
      throw new RequestError("print.assistant.sendFailed", { detail: (e as Error).message ?? String(e) });
    }
    return { printer: req.printer, pages, bytes: 0 };
  }
}
