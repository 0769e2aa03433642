// Collects XState inspection events (createActor `inspect`) for the in-app inspector: the latest
// snapshot of every actor (by systemId, else its id) and a bounded event log. Works offline.
import type { InspectionEvent } from "xstate";
import { stateText, transitionId } from "./graph";
import { createVisitRecorder, harnessRecorder, type MachineVisits } from "./visits";

export interface ActorRow {
  readonly key: string;
  readonly state: string;
  /** the context as text, computed only when asked for (the editor's context holds the document) */
  context(): string;
  readonly status: string;
}

export interface LogRow {
  readonly n: number;
  readonly time: number;
  readonly from: string;
  readonly to: string;
  readonly type: string;
  /** the event as sent (for the exported log) */
  readonly event: unknown;
}

/** One actor's snapshot as the inspector keeps it (XState snapshots are immutable: kept by reference). */
export interface ActorMoment {
  readonly value: unknown;
  readonly context: unknown;
  readonly status: string;
}

/** Every actor's snapshot right after a logged event, and the transitions that event took. */
export interface Moment {
  readonly actors: ReadonlyMap<string, ActorMoment>;
  /** chart transition ids (graph.ts) taken by the event, by actor key */
  readonly transitions: ReadonlyMap<string, readonly string[]>;
}

const LOG_MAX = 300;
const STARTED_MAX = 100;

type Listener = () => void;

interface ActorLike {
  readonly id: string;
  readonly sessionId: string;
  readonly _parent?: unknown;
  readonly options?: { systemId?: string };
  readonly systemId?: string;
}

function keyOf(ref: unknown): string {
  const a = ref as ActorLike | undefined;
  if (!a) return "(outside)";
  return a.options?.systemId ?? a.systemId ?? a.id ?? a.sessionId;
}

/** JSON of a value with actor refs by key, functions and cycles named; `bounded`: long strings,
 * arrays and the whole text shortened (for reading), else complete (for a replay). */
function jsonOf(v0: unknown, bounded: boolean): string | undefined {
  const seen = new WeakSet<object>();
  try {
    const text: string | undefined = JSON.stringify(
      v0,
      (_k, v) => {
        if (v && typeof v === "object") {
          if ("sessionId" in v && "send" in v) return `<actor ${keyOf(v)}>`;
          if (seen.has(v)) return "<cycle>";
          seen.add(v);
          if (bounded && Array.isArray(v) && v.length > 20)
            return [...v.slice(0, 20), `… ${v.length - 20} more`];
        }
        if (bounded && typeof v === "string" && v.length > 120) return `${v.slice(0, 120)}…`;
        if (typeof v === "function") return "<function>";
        return v;
      },
      bounded ? 1 : undefined,
    );
    return bounded ? text?.slice(0, 4000) : text;
  } catch {
    return undefined;
  }
}

/** A readable, bounded view of a context: actor refs by key, long strings and arrays shortened. */
export function contextText(ctx: unknown): string {
  return jsonOf(ctx, true) ?? "(unreadable)";
}

/** A value as plain JSON data, complete (an event to replay): actors, functions and cycles named. */
export function plainData(v: unknown): unknown {
  const text = jsonOf(v, false);
  return text === undefined ? null : (JSON.parse(text) as unknown);
}

function createSink() {
  const actors = new Map<string, ActorRow>();
  // for diagrams and time travel: each actor's logic and latest snapshot, and each event's moment.
  // XState handles an event and everything it causes (children's events, eventless moves) in one
  // synchronous burst: the events of a burst are closed together on the next microtask, with the
  // snapshots as the burst left them and every transition taken in it.
  const logics = new Map<string, unknown>();
  // for replay: each actor's ref and start input; for coverage: the states and transitions each
  // actor went through this session
  const refs = new Map<string, { send(e: unknown): void; getSnapshot(): unknown }>();
  const inputs = new Map<string, unknown>();
  const session = createVisitRecorder({ key: (ref) => keyOf(ref) });
  // the test run's visits, by machine, when an e2e spec asks the page for them
  const suite = harnessRecorder();
  let latest = new Map<string, ActorMoment>();
  let taken = new Map<string, string[]>();
  const moments = new WeakMap<LogRow, Moment>();
  let burst: LogRow[] = [];
  let lastTaken: ReadonlyMap<string, readonly string[]> = new Map();
  const closeBurst = () => {
    const m: Moment = { actors: latest, transitions: taken };
    lastTaken = taken;
    for (const r of burst) moments.set(r, m);
    burst = [];
    taken = new Map();
    emit();
  };
  let log: LogRow[] = [];
  let n = 0;
  let version = 0;
  const listeners = new Set<Listener>();
  let scheduled = false;
  const emit = () => {
    version++;
    if (scheduled) return;
    scheduled = true;
    // batch: a drag produces many events per frame
    queueMicrotask(() => {
      scheduled = false;
      for (const l of listeners) l();
    });
  };
  let forward: ((ev: InspectionEvent) => void) | null = null;
  // actor starts, kept so an inspector attached later still learns every running actor
  const started = new Map<string, InspectionEvent>();
  return {
    /** also send every event to another inspector (the Stately web inspector); it is first told
     * about the actors already running (the editor's machines start before it connects) */
    forwardTo(f: ((ev: InspectionEvent) => void) | null) {
      forward = f;
      if (f) for (const ev of started.values()) f(ev);
    },
    inspect(ev: InspectionEvent) {
      forward?.(ev);
      session.inspect(ev);
      suite?.inspect(ev);
      if (ev.type === "@xstate.actor") {
        const key = keyOf(ev.actorRef);
        logics.set(key, (ev.actorRef as { logic?: unknown }).logic);
        refs.set(key, ev.actorRef);
        inputs.set(key, (ev.actorRef as { options?: { input?: unknown } }).options?.input);
        started.set(ev.actorRef.sessionId, ev);
        if (started.size > STARTED_MAX) started.delete(started.keys().next().value as string);
      }
      if (ev.type === "@xstate.snapshot") {
        const snap = ev.snapshot as { value?: unknown; context?: unknown; status?: string };
        const key = keyOf(ev.actorRef);
        actors.set(key, {
          key,
          state: stateText(snap.value ?? "(no states)"),
          context: () => contextText(snap.context),
          status: snap.status ?? "",
        });
        // a new map per change: the moment of an earlier event keeps the one it had
        latest = new Map(latest).set(key, {
          value: snap.value,
          context: snap.context,
          status: snap.status ?? "",
        });
        emit();
      } else if (ev.type === "@xstate.microstep") {
        const key = keyOf(ev.actorRef);
        const ids = ev._transitions.map(transitionId).filter((id): id is string => id !== null);
        // (moves outside an event, such as a start's eventless ones, belong to no event)
        if (ids.length && burst.length) taken = new Map(taken).set(key, [...(taken.get(key) ?? []), ...ids]);
      } else if (ev.type === "@xstate.event") {
        if (burst.length === 0) queueMicrotask(closeBurst);
        const row: LogRow = {
          n: ++n,
          time: Date.now(),
          from: ev.sourceRef ? keyOf(ev.sourceRef) : "(outside)",
          to: keyOf(ev.actorRef),
          type: ev.event.type,
          event: ev.event,
        };
        burst.push(row);
        log.push(row);
        if (log.length > LOG_MAX) log = log.slice(-LOG_MAX);
        emit();
      }
    },
    actors: (): readonly ActorRow[] => [...actors.values()],
    /** the logic (machine) of an actor, for its diagram */
    logic: (key: string): unknown => logics.get(key),
    /** the running actor of a key (the latest started), to replay events into */
    ref: (key: string) => refs.get(key),
    /** the input an actor was started with */
    input: (key: string): unknown => inputs.get(key),
    /** the chart state and transition ids an actor went through this session (a copy) */
    visited: (key: string): MachineVisits => {
      const v = session.visits.get(key);
      return { states: new Set(v?.states), transitions: new Set(v?.transitions) };
    },
    /** every actor's snapshot right after a logged event (the latest ones for the newest event) */
    moment(row: LogRow): Moment {
      return moments.get(row) ?? { actors: latest, transitions: taken };
    },
    /** the live snapshots, with the transitions of the latest event */
    live: (): Moment => ({ actors: latest, transitions: burst.length ? taken : lastTaken }),
    log: (): readonly LogRow[] => log,
    version: () => version,
    clear() {
      log = [];
      emit();
    },
    subscribe(l: Listener) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

export const inspectorSink = createSink();
