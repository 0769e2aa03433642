// Listeners of notification channels inside one process: the engines feed it (PostgreSQL from its
// LISTEN connection, PGlite directly from notify) and it calls each channel's functions.

/** Channel names are SQL identifiers we choose: lower-case letters, digits and underscores. */
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
export function checkChannel(channel: string): string {
  if (!CHANNEL.test(channel)) throw new Error(`bad notification channel: ${channel}`);
  return channel;
}

export class Channels {
  private readonly fns = new Map<string, Set<(payload: string) => void>>();

  /** Adds `fn`; answers true when it is the channel's first listener (start listening then). */
  add(channel: string, fn: (payload: string) => void): boolean {
    const set = this.fns.get(checkChannel(channel)) ?? new Set();
    set.add(fn);
    this.fns.set(channel, set);
    return set.size === 1;
  }

  /** Removes `fn`; answers true when the channel has no listener left (stop listening then). */
  remove(channel: string, fn: (payload: string) => void): boolean {
    const set = this.fns.get(channel);
    if (!set?.delete(fn) || set.size) return false;
    this.fns.delete(channel);
    return true;
  }

  /** The channels that have a listener. */
  names(): string[] {
    return [...this.fns.keys()];
  }

  /** Calls the channel's listeners; one that throws does not keep the others from hearing it. */
  deliver(channel: string, payload: string, log: (e: unknown) => void = () => {}): void {
    for (const fn of [...(this.fns.get(channel) ?? [])]) {
      try {
        fn(payload);
      } catch (e) {
        log(e);
      }
    }
  }
}
