// The assistant's log under a flood: a page left open can send thousands of wrong pairing codes or
// refused connections a second, and a line for each filled the terminal and the disk (~700 KB/s).
// Lines of one kind (`key`: the origin and the answer) are written once per window; the rest are
// counted and the count is written with the next line of that kind.

/** Log lines of one kind written at most once per window. */
export const LOG_WINDOW_MS = 10_000;
/** Kinds remembered at once (keys are attacker-chosen origins); the oldest are dropped past it. */
const MAX_KINDS = 256;

export function throttledLog(
  log: (line: string) => void,
  now: () => number = Date.now,
  windowMs = LOG_WINDOW_MS,
): (key: string, line: string) => void {
  const kinds = new Map<string, { at: number; hidden: number }>();
  return (key, line) => {
    const t = now();
    const k = kinds.get(key);
    if (k && t - k.at < windowMs) {
      k.hidden++;
      return;
    }
    const hidden = k?.hidden ?? 0;
    kinds.delete(key);
    kinds.set(key, { at: t, hidden: 0 });
    if (kinds.size > MAX_KINDS) kinds.delete(kinds.keys().next().value as string);
    log(hidden > 0 ? `${line} (and ${hidden} more like it since the last such line)` : line);
  };
}
