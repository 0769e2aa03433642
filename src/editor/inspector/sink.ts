// Collects XState inspection events (createActor `inspect`) for the in-app inspector: the latest
// snapshot of every actor (by systemId, else its id) and a bounded event log. Works offline.
import type { InspectionEvent } from "xstate";

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

function stateText(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** A readable, bounded view of a context: actor refs by key, long strings and arrays shortened. */
export function contextText(ctx: unknown): string {
  const seen = new WeakSet<object>();
  try {
    return JSON.stringify(
      ctx,
      (_k, v) => {
        if (v && typeof v === "object") {
          if ("sessionId" in v && "send" in v) return `<actor ${keyOf(v)}>`;
          if (seen.has(v)) return "<cycle>";
          seen.add(v);
          if (Array.isArray(v) && v.length > 20) return [...v.slice(0, 20), `… ${v.length - 20} more`];
        }
        if (typeof v === "string" && v.length > 120) return `${v.slice(0, 120)}…`;
        if (typeof v === "function") return "<function>";
        return v;
      },
      1,
    ).slice(0, 4000);
  } catch {
    return "(unreadable)";
  }
}

function createSink() {
  const actors = new Map<string, ActorRow>();
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
      if (ev.type === "@xstate.actor") {
        started.set(ev.actorRef.sessionId, ev);
        if (started.size > STARTED_MAX) started.delete(started.keys().next().value as string);
      }
      if (ev.type === "@xstate.snapshot") {
        const snap = ev.snapshot as { value?: unknown; context?: unknown; status?: string };
        actors.set(keyOf(ev.actorRef), {
          key: keyOf(ev.actorRef),
          state: stateText(snap.value ?? "(no states)"),
          context: () => contextText(snap.context),
          status: snap.status ?? "",
        });
        emit();
      } else if (ev.type === "@xstate.event") {
        log.push({
          n: ++n,
          time: Date.now(),
          from: ev.sourceRef ? keyOf(ev.sourceRef) : "(outside)",
          to: keyOf(ev.actorRef),
          type: ev.event.type,
        });
        if (log.length > LOG_MAX) log = log.slice(-LOG_MAX);
        emit();
      }
    },
    actors: (): readonly ActorRow[] => [...actors.values()],
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
