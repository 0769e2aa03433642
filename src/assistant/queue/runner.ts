// Prints one queued job on a network printer, page by page on one connection: before each page the
// printer's label counter (ZPL), then the page, then the printer's status (on connections of their
// own) until the page is confirmed (confirm.ts). A fault pauses the job at the last confirmed page
// and closes the connection; the job goes on from the next page when the printer says it is ready
// again or a person resumes it. A page left in doubt (a fault, a lost connection, a restart) is
// settled by the counter, or sent again and marked possibly repeated. A page's copies go as units
// of their own (copies.ts): a fault among them never prints a confirmed copy again. A job cancelled
// with its page still at a ZPL printer has that page dropped there (dropHeld).

import type { JobProgress, PauseReason } from "../../print/protocol/queue";
import { queryLabelCount, queryStatus } from "../../print/statusQuery";
import type { NetworkPrinter } from "../config";
import { RawConnection } from "../network";
import { RequestError } from "../protocol";
import { verdict } from "./confirm";
import { tsplPrintAgain, withCopies } from "./copies";
import type { JobRequest } from "./files";

/** ZPL's Cancel All: drops every label format in the printer's buffer, a batch being printed too.
 * (`~JX` would cancel only a format still arriving, not one the printer keeps at a fault.) */
const ZPL_CANCEL_ALL = "~JA";

export interface RunnerDeps {
  /** the printer as it is now (undefined: removed) */
  printer(name: string): NetworkPrinter | undefined;
  /** the job's pages from page `from` (0-based) on, the first carrying the job's header */
  pages(req: JobRequest, net: NetworkPrinter, from: number): AsyncGenerator<Uint8Array>;
  /** writes the job's progress and tells whoever waits on it */
  save(p: JobProgress): void;
  /** waits `ms`, or less when a job is resumed, paused or cancelled */
  sleep(ms: number): Promise<void>;
  /** how often a printer is asked while it prints one page, and while it has a fault */
  readonly pollMs: number;
  readonly faultPollMs: number;
  /** the queue is closing: stop where the job is, leaving its state as saved */
  stopped(): boolean;
  /** a line for the assistant's log */
  log?(line: string): void;
}

export class JobRunner {
  private pages: AsyncGenerator<Uint8Array> | null = null;
  /** the page being printed (`printed + 1`), sent copy by copy (copies.ts) */
  private page: Uint8Array | null = null;
  /** TSPL: the page whose image the printer holds from this connection (PRINT prints it again) */
  private imaged: Uint8Array | null = null;
  private conn: RawConnection | null = null;
  /** the printer did not answer a status query: pages are sent without confirmation */
  private silent = false;
  /** the printer did not tell its label counter: not asked again in this run */
  private noCounter = false;

  constructor(
    private readonly req: JobRequest,
    private readonly p: JobProgress,
    private readonly deps: RunnerDeps,
  ) {}

  /** Runs until the job is done, cancelled, paused by a person, or failed. */
  async run(): Promise<void> {
    const { p, req } = this;
    const net = this.deps.printer(req.printer);
    if (!net) return this.fail(new RequestError("print.assistant.unknownPrinter", { name: req.printer }));
    this.set({ state: "printing", reason: undefined });
    try {
      if (p.inFlight && !(await this.settle(net))) return;
      while (p.printed < req.total) {
        if (p.state !== "printing" || this.deps.stopped()) return;
        this.pages ??= this.deps.pages(req, net, p.printed);
        if (!this.page) {
          const next = await this.pages.next();
          if (next.done) break;
          this.page = next.value;
        }
        const page = this.page;
        // one unit: ZPL all the copies still to print, TSPL one copy (copies.ts)
        const copies = this.copies();
        const units = net.language === "ZPL" ? copies - (p.copiesDone ?? 0) : 1;
        const bytes =
          copies === 1
            ? page
            : this.imaged === page
              ? tsplPrintAgain()
              : withCopies(page, net.language, units);
        const counter = await this.counter(net);
        this.set({ inFlight: { label: p.printed + 1, counter, sent: false, copies: units } });
        try {
          this.conn ??= await RawConnection.open(net.host, net.port);
          await this.conn.write(bytes);
          if (p.inFlight) p.inFlight.sent = true;
          if (net.language === "TSPL") this.imaged = page;
        } catch {
          if (!(await this.waitFault(net, "connectionLost")) || !(await this.settle(net))) return;
          continue;
        }
        if (!(await this.confirm(net))) return;
      }
      await this.close();
      this.set({ state: "done", inFlight: undefined, reason: undefined });
    } catch (e) {
      this.fail(e);
    } finally {
      await this.close();
    }
  }

  /**
   * The job was cancelled with a page in flight on a ZPL printer (paused at a fault, the printer
   * keeping the page: ^JZY): the printer would print it once the fault clears. `~JA` drops it;
   * then the label counter says how many of its copies had come out before the fault, so the job
   * counts exactly the labels printed. A printer out of reach keeps its page (said in the log).
   */
  async dropHeld(): Promise<void> {
    const f = this.p.inFlight;
    const net = this.deps.printer(this.req.printer);
    if (!f || net?.language !== "ZPL") return;
    try {
      const conn = await RawConnection.open(net.host, net.port);
      await conn.write(Buffer.from(ZPL_CANCEL_ALL, "latin1"));
      await conn.end();
    } catch (e) {
      this.deps.log?.(`print queue: could not clear ${net.name}'s buffer (${(e as Error).message ?? e})`);
    }
    const now =
      f.counter === null ? null : await queryLabelCount(net.host, net.port, net.language).catch(() => null);
    const sent = f.copies ?? this.copies() - (this.p.copiesDone ?? 0);
    const came = f.counter === null || now === null ? 0 : Math.max(0, Math.min(sent, now - f.counter));
    if (came > 0) this.unitPrinted(came);
    else this.set({ inFlight: undefined });
  }

  private set(patch: Partial<JobProgress>): void {
    Object.assign(this.p, patch);
    for (const k of Object.keys(patch) as (keyof JobProgress)[]) if (patch[k] === undefined) delete this.p[k];
    this.deps.save(this.p);
  }

  /** how many times each page prints (the job's copies) */
  private copies(): number {
    return Math.max(1, Math.floor(this.req.copies) || 1);
  }

  /** `n` copies of the page in flight came out: the page is printed once all its copies are. */
  private unitPrinted(n: number, unconfirmed = false): void {
    const { p } = this;
    const done = (p.copiesDone ?? 0) + n;
    if (done < this.copies()) {
      this.set({ copiesDone: done, inFlight: undefined });
      return;
    }
    this.page = null;
    this.set({
      printed: p.printed + 1,
      unconfirmed: p.unconfirmed + (unconfirmed ? 1 : 0),
      copiesDone: undefined,
      inFlight: undefined,
    });
  }

  private fail(e: unknown): void {
    const error =
      e instanceof RequestError
        ? { key: e.key, vars: e.vars }
        : { key: "print.assistant.sendFailed", vars: { detail: String((e as Error)?.message ?? e) } };
    this.set({ state: "failed", error });
  }

  private async counter(net: NetworkPrinter): Promise<number | null> {
    if (this.noCounter) return null;
    const n = await queryLabelCount(net.host, net.port, net.language);
    if (n === null) this.noCounter = true;
    return n;
  }

  /** Ends the connection and forgets the pages drawn ahead: the next run starts with the job's
   * header again, from the first page not printed. */
  private async close(): Promise<void> {
    const [conn, pages] = [this.conn, this.pages];
    this.conn = null;
    this.pages = null;
    this.page = null;
    this.imaged = null;
    await conn?.end();
    await pages?.return(undefined);
  }

  private status(net: NetworkPrinter) {
    return queryStatus(net.host, net.port, net.language).then((s) => verdict(net.language, s));
  }

  /** Asks until the page just sent is confirmed; false: the job stops here. */
  private async confirm(net: NetworkPrinter): Promise<boolean> {
    const { p } = this;
    for (;;) {
      const v = this.silent ? ({ kind: "unknown" } as const) : await this.status(net);
      // a connection the printer closed may have lost the page: in doubt
      if (this.conn?.lost && v.kind !== "fault") {
        if (!(await this.waitFault(net, "connectionLost"))) return false;
        return this.settle(net);
      }
      if (v.kind === "printed") {
        // ~HS is answered at once, on its own connection, maybe before the page has even arrived:
        // with a label counter, the page is printed only once the counter has moved past it
        if (!(await this.cameOut(net))) {
          await this.deps.sleep(this.deps.pollMs);
          continue;
        }
        this.unitPrinted(p.inFlight?.copies ?? 1);
        return true;
      }
      if (v.kind === "unknown") {
        // a printer that does not say: counted as printed once sent, and said so in the record
        this.silent = true;
        this.unitPrinted(p.inFlight?.copies ?? 1, true);
        return true;
      }
      if (v.kind === "wait") {
        if (this.deps.stopped()) return false;
        await this.deps.sleep(this.deps.pollMs);
        continue;
      }
      if (!(await this.waitFault(net, v.reason))) return false;
      // a ZPL printer that kept the page prints it now: its counter tells when it came out;
      // without one it is confirmed as usual
      if (!v.held || p.inFlight?.counter != null) return this.settle(net);
    }
  }

  /** Whether the page in flight came out by the printer's label counter (true without a counter). */
  private async cameOut(net: NetworkPrinter): Promise<boolean> {
    const before = this.p.inFlight?.counter;
    if (before == null || this.noCounter) return true;
    const now = await queryLabelCount(net.host, net.port, net.language);
    if (now === null) return true;
    const sent = this.p.inFlight?.copies ?? this.copies() - (this.p.copiesDone ?? 0);
    return now - before >= Math.max(1, sent);
  }

  /**
   * The page in flight is in doubt: wait until the printer finished what it holds, then its label
   * counter says whether the page came out; without a counter it is sent again, marked as possibly
   * repeated (unless none of it was sent). false: the job stops here.
   */
  private async settle(net: NetworkPrinter): Promise<boolean> {
    const { p } = this;
    const first = p.inFlight;
    if (!first) return true;
    await this.close();
    for (;;) {
      if (this.deps.stopped()) return false;
      const v = await this.status(net);
      if (v.kind === "wait") await this.deps.sleep(this.deps.pollMs);
      else if (v.kind === "fault") {
        if (!(await this.waitFault(net, v.reason))) return false;
      } else break;
    }
    // read again: a fault's pause may have counted copies that came out (countCopiesOut)
    const f = p.inFlight ?? first;
    const now = f.counter === null ? null : await queryLabelCount(net.host, net.port, net.language);
    if (f.counter !== null && now !== null) {
      // the copies that came out count; the rest is sent again (^PQ rest): each copy exactly once
      // (a state saved before copies were counted one by one sent all of them)
      const sent = f.copies ?? this.copies() - (p.copiesDone ?? 0);
      const came = Math.max(0, Math.min(sent, now - f.counter));
      if (came > 0) this.unitPrinted(came);
      else this.set({ inFlight: undefined });
    } else
      this.set({
        repeated: f.sent && !p.repeated.includes(f.label) ? [...p.repeated, f.label] : p.repeated,
        inFlight: undefined,
      });
    return true;
  }

  /**
   * Pauses the job for a fault (closing its connection) and waits: true when the printer is ready
   * again or a person resumed the job, false when it was cancelled or a person paused it (it waits
   * for Resume).
   */
  private async waitFault(net: NetworkPrinter, reason: PauseReason): Promise<boolean> {
    const { p } = this;
    // a person who cancelled or paused the job while the printer was being asked has the last word
    if (this.stoppedByHand()) {
      await this.close();
      return false;
    }
    await this.countCopiesOut(net);
    this.set({ state: "paused", reason });
    await this.close();
    for (;;) {
      await this.deps.sleep(this.deps.faultPollMs);
      if (this.deps.stopped()) return false;
      if (this.stoppedByHand()) return false;
      if (p.state !== "paused") break;
      const v = await this.status(net);
      // a person may have paused or cancelled the job while the printer was being asked: their
      // word stands (the printer's answer must not turn a pause by hand back into a fault's)
      if (this.stoppedByHand()) return false;
      if (v.kind !== "fault") break;
      if (v.reason !== p.reason) this.set({ reason: v.reason });
    }
    this.set({ state: "printing", reason: undefined });
    return true;
  }

  /**
   * At a fault in the middle of a page's copies (ZPL `^PQ n`), the copies the label counter says
   * came out count now, so the pause (its answer, the queue list) says what the printer printed. At
   * least one copy stays in flight, its counter moved on by those counted: settle, cameOut and
   * dropHeld then count only the rest, each copy once.
   */
  private async countCopiesOut(net: NetworkPrinter): Promise<void> {
    const f = this.p.inFlight;
    if (!f?.sent || f.counter === null || this.noCounter) return;
    const sent = f.copies ?? this.copies() - (this.p.copiesDone ?? 0);
    if (sent < 2) return;
    const now = await queryLabelCount(net.host, net.port, net.language).catch(() => null);
    if (now === null) return;
    const came = Math.max(0, Math.min(sent - 1, now - f.counter));
    if (came === 0) return;
    this.set({
      copiesDone: (this.p.copiesDone ?? 0) + came,
      inFlight: { ...f, counter: f.counter + came, copies: sent - came },
    });
  }

  /** A person cancelled the job or paused it (read afresh: it changes while the printer is asked). */
  private stoppedByHand(): boolean {
    const { state, reason } = this.p;
    return state === "cancelled" || (state === "paused" && reason === "user");
  }
}
