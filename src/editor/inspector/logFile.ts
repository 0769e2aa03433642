// The inspector's session log as a file a QA engineer hands to a developer: each event with its
// payload, time, sender and receiver, and a hash of every actor's snapshot right after it, so a replay
// can say where it first differs. Payloads and contexts go through contextText (bounded, no cycles).
import { contextText, type LogRow, type Moment } from "./sink";

export const LOG_FILE_VERSION = 1;

export interface LogFileEvent {
  readonly n: number;
  readonly time: number;
  readonly from: string;
  readonly to: string;
  readonly event: unknown;
  /** actor key → state value after the event */
  readonly states: Readonly<Record<string, unknown>>;
  /** actor key → FNV-1a hash of its state and context after the event */
  readonly hashes: Readonly<Record<string, string>>;
}

export interface LogFile {
  readonly app: "inkless-inspector";
  readonly version: typeof LOG_FILE_VERSION;
  readonly exportedAt: string;
  readonly events: readonly LogFileEvent[];
}

/** FNV-1a (32 bit) of a string, as 8 hex digits: small, stable, enough to spot a difference. */
export function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

/** The hash of one actor's snapshot (state value and context). */
export function snapshotHash(value: unknown, context: unknown): string {
  return fnv1a(`${contextText(value)}|${contextText(context)}`);
}

/** A payload as plain JSON (functions and actors named, long values shortened); its text if cut short. */
function readable(v: unknown): unknown {
  const text = contextText(v);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function buildLogFile(
  rows: readonly LogRow[],
  momentOf: (row: LogRow) => Moment,
  now = new Date(),
): LogFile {
  return {
    app: "inkless-inspector",
    version: LOG_FILE_VERSION,
    exportedAt: now.toISOString(),
    events: rows.map((r) => {
      const m = momentOf(r);
      const states: Record<string, unknown> = {};
      const hashes: Record<string, string> = {};
      for (const [key, a] of m.actors) {
        states[key] = a.value;
        hashes[key] = snapshotHash(a.value, a.context);
      }
      return { n: r.n, time: r.time, from: r.from, to: r.to, event: readable(r.event), states, hashes };
    }),
  };
}
