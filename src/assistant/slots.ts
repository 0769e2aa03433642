// Connection slots: at most `total` at once, and at most `perKey` for one key (a page's origin), so
// one page cannot take them all. A key marked exempt (the app's own origins) is held to its own cap
// only, so foreign pages filling the total never lock it out.
export class Slots {
  private count = 0;
  private readonly used = new Map<string, number>();

  constructor(
    private readonly total: number,
    private readonly perKey: number,
  ) {}

  /** Takes a slot; answers its release (safe to call twice), or null when none is free. */
  take(key: string, exempt = false): (() => void) | null {
    const mine = this.used.get(key) ?? 0;
    if (mine >= this.perKey || (!exempt && this.count >= this.total)) return null;
    this.used.set(key, mine + 1);
    this.count++;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.count--;
      const left = (this.used.get(key) ?? 1) - 1;
      if (left > 0) this.used.set(key, left);
      else this.used.delete(key);
    };
  }
}
