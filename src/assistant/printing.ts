// Runs one outputPrintting request: parse the label XML, find the printer, and print. A network
// printer's job goes through the durable print queue (queue/: page by page, each confirmed, paused
// at a fault); a system queue's (CUPS, Windows) is handed to its spooler, jobs to the same queue
// one after another so two labels never interleave.
import { recordCount } from "../data/index";
import { parseLabelFile } from "../model/file/index";
import { pngJob } from "../print/job";
import { pageSize } from "../print/pageSvg";
import { cellsPerPage, JOB_LIMITS, labelCount, pageCount, printedOf } from "../print/plan";
import type { PrinterInfo } from "../print/protocol/printers";
import type { JobProgress } from "../print/protocol/queue";
import { calibrationCommand, printerSettingsOf } from "../print/settings";
import { type PrinterStatus, refusesJobs, statusKeys } from "../print/status";
import { queryStatus } from "../print/statusQuery";
import type { FontRegistry } from "../render/fonts";
import type { AssistantConfig, NetworkPrinter } from "./config";
import { printPngPages, systemSpooler } from "./cups";
import { OriginFonts } from "./fonts";
import { sendRaw } from "./network";
import { type Request, RequestError, tooMany } from "./protocol";
import { reasonKey } from "./queue/confirm";
import { PrintQueue, type QueueOptions } from "./queue/index";
import { AssistantStore } from "./store";

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
  /** pages printed (a network printer's: confirmed by it, or sent when it cannot confirm) */
  readonly pages: number;
  /** network printers: labels printed (each page's labels × copies), the queue's job, and the pages it could not
   * confirm or may have printed twice (docs/printing.md "The print queue") */
  readonly labels?: number;
  readonly job?: string;
  readonly unconfirmed?: number;
  readonly repeated?: readonly number[];
}

export type PrintRequest = Extract<Request, { cmd: "outputPrintting" }>;

export class PrintService {
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly originFonts = new OriginFonts();
  /** printers that never answer a status query (host:port:language) */
  private readonly silent = new Set<string>();
  /** network printers' jobs */
  readonly queue: PrintQueue;

  constructor(
    private readonly config: AssistantConfig,
    private readonly listCups: () => Promise<string[]>,
    private readonly fonts?: FontRegistry,
    /** the printers as they are now (added, renamed, removed from the app) */
    readonly store: AssistantStore = new AssistantStore(config),
    /** a system queue's state (CUPS, Windows spooler) */
    private readonly spoolerStatus: (queue: string) => Promise<PrinterStatus> = (q) =>
      systemSpooler().status(q),
    /** the queue's folder (null: in memory) and how often it asks printers */
    queueOptions: Pick<QueueOptions, "dir" | "log" | "pollMs" | "faultPollMs"> = { dir: null },
  ) {
    this.queue = new PrintQueue({
      ...queueOptions,
      printer: (name) => this.store.printers.find((p) => p.name === name),
      fonts: (origin) => this.fonts ?? this.originFonts.for(origin),
    });
  }

  /** Stops the print queue's workers (the assistant is closing). */
  close(): Promise<void> {
    return this.queue.close();
  }

  /** A printer's state: asked over its raw port (network), or from the system's spooler. */
  async status(name: string): Promise<PrinterStatus> {
    const net = this.store.printers.find((p) => p.name === name);
    if (net) return queryStatus(net.host, net.port, net.language);
    const cups = this.config.cups ? await this.listCups().catch(() => []) : [];
    if (!cups.includes(name)) throw new RequestError("print.assistant.unknownPrinter", { name });
    return this.spoolerStatus(name);
  }

  /** Makes a network printer measure its labels again (gap, black mark). */
  async calibrate(name: string): Promise<void> {
    const net = this.store.printers.find((p) => p.name === name);
    if (!net) throw new RequestError("print.assistant.unknownPrinter", { name });
    await this.refuseIfCannotPrint(net);
    const bytes = new TextEncoder().encode(calibrationCommand(net.language, net.settings?.media));
    try {
      await sendRaw(
        net.host,
        net.port,
        (async function* () {
          yield bytes;
        })(),
      );
    } catch (e) {
      throw sendFailure(e, net);
    }
  }

  /** Nothing is sent to a printer that says it cannot print; the reason in the user's language.
   * A printer that did not answer once is not asked again before jobs (it would cost every job the
   * wait) until the assistant restarts or the printer is changed. */
  private async refuseIfCannotPrint(net: NetworkPrinter): Promise<void> {
    const key = `${net.host}:${net.port}:${net.language}`;
    if (this.silent.has(key)) return;
    const s = await queryStatus(net.host, net.port, net.language);
    if (s.state === "noAnswer") this.silent.add(key);
    if (s.state === "offline")
      throw new RequestError("print.assistant.printerOffline", {
        name: net.name,
        address: `${net.host}:${net.port}`,
      });
    if (refusesJobs(s))
      throw new RequestError("print.status.refused", {
        printer: net.name,
        reasonKeys: statusKeys(s).join(","),
      });
  }

  async printers(): Promise<PrinterInfo[]> {
    const net: PrinterInfo[] = this.store.printers.map((p) => ({ ...p, kind: "network" }));
    const cups = this.config.cups ? await this.listCups().catch(() => []) : [];
    const taken = new Set(net.map((p) => p.name));
    return [...net, ...cups.filter((n) => !taken.has(n)).map((name) => ({ name, kind: "cups" as const }))];
  }

  /** Queue the job behind earlier jobs for the same printer; `origin`: the web app that sent it
   * (its fonts are fetched from there when this assistant has none of its own). */
  print(req: PrintRequest, origin?: string): Promise<PrintResult> {
    if (this.store.printers.some((p) => p.name === req.printer)) return this.run(req, origin);
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

  /** Checks a job for a network printer and adds it to the durable print queue (not waiting for it:
   * the hot folder follows it, `print` waits). Unknown printer, bad label, too many labels, settings
   * out of range or a printer that says it cannot print: refused, nothing queued. `key`: the job's
   * id in the queue (a print API job's: src/assistant/cloudQueue.ts). */
  async enqueue(req: PrintRequest, origin?: string, key?: string): Promise<JobProgress> {
    // a job delivered again (its key queued already) is answered as it stands, never queued twice
    const known = key === undefined ? undefined : this.queue.job(key);
    if (known) return known;
    const net = this.store.printers.find((p) => p.name === req.printer);
    if (!net) throw new RequestError("print.assistant.unknownPrinter", { name: req.printer });
    const parsed = parseLabelFile(req.xml, "label.tprt");
    if (!parsed.ok) throw new RequestError("print.assistant.badLabel");
    const doc = parsed.doc;
    const labels = req.records ? labelCount(req.records) : recordCount(doc, req.sheets);
    if (labels * req.copies > JOB_LIMITS.maxLabels) throw tooMany("labels");
    // darkness and speed for this job: refused when outside the printer's ranges, never sent
    const own = printerSettingsOf(req.jobSettings ?? {}, net.language);
    if (own.problems.length)
      throw new RequestError("print.settings.bad", { setting: own.problems[0].setting });
    await this.refuseIfCannotPrint(net);
    return this.queue.add(
      {
        printer: net.name,
        ...(origin ? { origin } : {}),
        lang: req.lang,
        xml: req.xml,
        copies: req.copies,
        ...(req.records ? { records: req.records } : {}),
        sheets: Object.fromEntries(req.sheets),
        ...(req.counters ? { counters: Object.fromEntries(req.counters) } : {}),
        ...(req.background !== undefined ? { background: req.background } : {}),
        ...(req.jobSettings ? { jobSettings: req.jobSettings } : {}),
        now: new Date().toISOString(),
        total: pageCount(labels, cellsPerPage(doc.attrs.columns, doc.attrs.rows)),
        labels,
        perPage: cellsPerPage(doc.attrs.columns, doc.attrs.rows),
      },
      key,
    );
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
      counters: req.counters,
      background: req.background,
      fonts: this.fonts ?? this.originFonts.for(origin),
    };
    const net: NetworkPrinter | undefined = this.store.printers.find((p) => p.name === req.printer);
    let pages = 0;
    if (net) {
      const job = await this.enqueue(req, origin);
      const perPage = cellsPerPage(doc.attrs.columns, doc.attrs.rows);
      return outcome(await this.queue.settled(job.id), { labels, perPage, copies: req.copies });
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
    return { printer: req.printer, pages };
  }
}

/** A queued job's end as the print request's answer: what it printed, or why it stopped (a paused
 * job waits in the queue and goes on by itself when the printer is ready). The queue counts pages;
 * the answer counts labels: a page holds `perPage` of them (a sheet's cells) and prints `copies`
 * times, and a fault can stop it part-way (printedOf). */
function outcome(p: JobProgress, job: { labels: number; perPage: number; copies: number }): PrintResult {
  const printed = printedOf(job, p).labels;
  const total = job.labels * job.copies;
  if (p.state === "done")
    return {
      printer: p.printer,
      pages: p.printed,
      labels: printed,
      job: p.id,
      unconfirmed: p.unconfirmed,
      repeated: p.repeated,
    };
  if (p.state === "paused")
    throw new RequestError("print.queue.paused", {
      printer: p.printer,
      reasonKeys: reasonKey(p.reason ?? "user"),
      printed,
      total,
      // the queue's job, which the app watches until it ends (its counter numbers)
      job: p.id,
    });
  // a job stopped part-way names its queue job too: the app records the labels it printed
  if (p.state === "failed" && p.error) throw new RequestError(p.error.key, { ...p.error.vars, job: p.id });
  throw new RequestError("print.queue.cancelled", { printer: p.printer, printed, total, job: p.id });
}
