// Sends the queued webhook deliveries (services/webhooks.ts): woken when a delivery is queued, and
// on a timer for retries (at the next one due; at least every 30 s, for deliveries another process
// queued). Each delivery is claimed with a lease, so several processes never send one twice at a
// time. Headers: X-Inkless-Event, X-Inkless-Delivery, X-Inkless-Timestamp (Unix seconds) and
// X-Inkless-Signature (`sha256=` HMAC of `<timestamp>.<body>`, webhooks/post.ts).
import type { Queryable } from "../db";
import { claimDue, nextDueMs, recordTry } from "../services/webhooks";
import { postWebhook, signWebhook } from "./post";
import { type HostLookup, parseWebhookUrl } from "./url";

const IDLE_MS = 30_000;

export interface WebhookSenderConfig {
  testHosts: readonly string[];
  /** The first retry's wait; each next one is 4 times longer. */
  retryMs: number;
  ownOrigins: readonly string[];
  /** the host name lookup (tests inject one); node:dns's when absent */
  resolve?: HostLookup;
}

const senders = new WeakMap<object, WebhookSender>();

/** Wakes the sender of this database (a delivery was queued). */
export function wakeWebhooks(db: Queryable): void {
  senders.get(db)?.wake();
}

export class WebhookSender {
  private running: Promise<void> = Promise.resolve();
  private pending = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly db: Queryable,
    private readonly cfg: WebhookSenderConfig,
    private readonly log: (line: string) => void,
  ) {
    senders.set(db, this);
    this.wake();
  }

  /** Runs a round soon (one at a time; a wake during a round runs one more after it). */
  wake(): void {
    if (this.stopped || this.pending) return;
    this.pending = true;
    this.running = this.running.then(async () => {
      this.pending = false;
      if (this.stopped) return;
      try {
        await this.round();
      } catch (e) {
        this.log(`[inkless] webhook deliveries failed: ${(e as Error).message}`);
      }
      await this.arm();
    });
  }

  private async round(): Promise<void> {
    for (;;) {
      const due = await claimDue(this.db);
      if (!due.length) return;
      await Promise.all(
        due.map(async (d) => {
          let error: string | null = null;
          try {
            if (!d.url || !d.secret) throw new Error("no webhook");
            const target = parseWebhookUrl(d.url, this.cfg.testHosts, this.cfg.ownOrigins);
            const ts = Math.floor(Date.now() / 1000);
            const status = await postWebhook(
              target,
              d.body,
              {
                "x-inkless-event": d.event,
                "x-inkless-delivery": d.id,
                "x-inkless-timestamp": String(ts),
                "x-inkless-signature": signWebhook(d.secret, ts, d.body),
              },
              undefined,
              this.cfg.resolve,
            );
            if (status < 200 || status > 299) error = `HTTP ${status}`;
          } catch (e) {
            error = (e as Error).message || String(e);
          }
          await recordTry(this.db, d, error, this.cfg.retryMs);
        }),
      );
    }
  }

  private async arm(): Promise<void> {
    if (this.stopped) return;
    const ms = await nextDueMs(this.db).catch(() => null);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), Math.min(IDLE_MS, Math.max(10, ms ?? IDLE_MS)));
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
