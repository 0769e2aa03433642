// The inspector's session log as a file a QA engineer hands to a developer: each event with its
// payload (complete, to be sent again), time, sender and receiver, and a hash of every actor's
// snapshot right after it, so a replay can say where it first differs.
import { contextText, type LogRow, type Moment, plainData } from "./sink";

export const LOG_FILE_VERSION = 2;

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
  /**
   * Events handled in one synchronous run (an event and all it caused, or several sent in one go)
   * share a number, and their states are those at the end of that run (absent in version 1 files).
   */
  readonly burst?: number;
}

/** What a replay needs to know of an actor: its machine's id and the input it started with. */
export interface LogFileActor {
  /** the machine's root id (machines/<id>.machine.ts exports <id>Machine); null for other logic */
  readonly machine: string | null;
  readonly input?: unknown;
}

export interface LogFile {
  readonly app: "inkless-inspector";
  readonly version: typeof LOG_FILE_VERSION;
  readonly exportedAt: string;
  /** actor key → its machine and input (absent in version 1 files) */
  readonly actors?: Readonly<Record<string, LogFileActor>>;
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

export function buildLogFile(
  rows: readonly LogRow[],
  momentOf: (row: LogRow) => Moment,
  actorOf: (key: string) => { logic: unknown; input: unknown } = () => ({ logic: null, input: undefined }),
  now = new Date(),
): LogFile {
  const actors: Record<string, LogFileActor> = {};
  const bursts = new Map<Moment, number>();
  for (const r of rows)
    for (const key of [r.from, r.to]) {
      if (key in actors || key === "(outside)") continue;
      const { logic, input } = actorOf(key);
      const id = (logic as { id?: unknown } | null)?.id;
      actors[key] = {
        machine: typeof id === "string" ? id : null,
        ...(input === undefined ? {} : { input: plainData(input) }),
      };
    }
  return {
    app: "inkless-inspector",
    version: LOG_FILE_VERSION,
    exportedAt: now.toISOString(),
    actors,
    events: rows.map((r) => {
      const m = momentOf(r);
      if (!bursts.has(m)) bursts.set(m, bursts.size + 1);
      const states: Record<string, unknown> = {};
      const hashes: Record<string, string> = {};
      for (const [key, a] of m.actors) {
        states[key] = a.value;
        hashes[key] = snapshotHash(a.value, a.context);
      }
      return {
        n: r.n,
        time: r.time,
        from: r.from,
        to: r.to,
        event: plainData(r.event),
        states,
        hashes,
        burst: bursts.get(m),
      };
    }),
  };
}
