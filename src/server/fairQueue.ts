// A fair queue for the server's heavy shared work (picture recognition, office conversions,
// spreadsheet imports; docs/security.md "Fair queues"): at most `concurrency` jobs run at once, the
// next job to start is taken from the users in turn (round-robin, not first come first served), and
// one user may hold at most `perUser` jobs (running and waiting) and run at most `perUserRunning` at
// once. Past a user's cap, or past `queue` waiting jobs in all, the job is refused at once with a
// translated ApiError, never left to wait behind someone else's pile.
import { ApiError, Code } from "./http/envelope";

export interface FairQueueOptions {
  /** jobs running at once, all users together */
  readonly concurrency: number;
  /** one user's jobs running or waiting at most (more: "you already have N jobs") */
  readonly perUser: number;
  /** one user's jobs running at once at most (default 1) */
  readonly perUserRunning?: number;
  /** jobs waiting at most, all users together (more: "the server is busy") */
  readonly queue: number;
}

interface Waiting {
  readonly start: () => void;
}

interface UserState {
  running: number;
  readonly waiting: Waiting[];
  /** when this user's last job started (a count of starts; 0: never), for the turn order */
  served: number;
}

export class FairQueue {
  private running = 0;
  private waitingCount = 0;
  private starts = 0;
  /** users with jobs running or waiting */
  private readonly users = new Map<string, UserState>();

  constructor(private readonly opts: FairQueueOptions) {}

  /** Jobs running now, and waiting. */
  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waitingCount };
  }

  /**
   * Runs `job` for `user` when its turn comes; its result or error is the answer. Throws at once
   * (ApiError "server.error.tooManyJobs" with `n`, or "server.error.queueFull") when refused.
   */
  run<T>(user: string, job: () => Promise<T>): Promise<T> {
    const state = this.users.get(user) ?? { running: 0, waiting: [], served: 0 };
    const mine = state.running + state.waiting.length;
    if (mine >= this.opts.perUser)
      return Promise.reject(new ApiError(Code.failed, "server.error.tooManyJobs", { n: mine }));
    if (this.waitingCount >= this.opts.queue && !this.mayStart(state))
      return Promise.reject(new ApiError(Code.failed, "server.error.queueFull"));
    this.users.set(user, state);
    return new Promise<T>((resolve, reject) => {
      state.waiting.push({
        start: () => {
          Promise.resolve()
            .then(job)
            .then(resolve, reject)
            .finally(() => {
              this.running--;
              state.running--;
              if (state.running === 0 && state.waiting.length === 0) this.users.delete(user);
              this.pump();
            });
        },
      });
      this.waitingCount++;
      this.pump();
    });
  }

  private mayStart(state: UserState): boolean {
    return this.running < this.opts.concurrency && state.running < (this.opts.perUserRunning ?? 1);
  }

  /** Starts jobs while there is room: each time from the user served longest ago (never: first). */
  private pump(): void {
    while (this.running < this.opts.concurrency) {
      let next: UserState | null = null;
      for (const state of this.users.values())
        if (state.waiting.length && this.mayStart(state) && (!next || state.served < next.served))
          next = state;
      if (!next) return;
      const job = next.waiting.shift() as Waiting;
      this.waitingCount--;
      this.running++;
      next.running++;
      next.served = ++this.starts;
      job.start();
    }
  }
}
