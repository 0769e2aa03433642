// ?inspect=stately: forwards the editor's inspection events to the Stately web inspector
// (@statelyai/inspect, loaded only when asked for). It opens https://stately.ai/inspect in another
// window; offline that window stays empty and the editor carries on as usual.
import type { createBrowserInspector } from "@statelyai/inspect";
import type { InspectionEvent } from "xstate";
import { inspectorSink } from "./sink";

/** The part of an @statelyai/inspect inspector the editor uses. */
export type StatelyInspector = Pick<
  ReturnType<typeof createBrowserInspector>,
  "actor" | "event" | "snapshot"
> & {
  stop?(): void;
};

const DEPTH = 10;
const MAX_ITEMS = 1000;

/**
 * A plain, bounded copy of an inspection event for postMessage. The package's own serialiser
 * (fast-safe-stringify with a depth limit) writes into the objects it walks and throws on the
 * editor's frozen document and history; this one only reads. Actor refs become their ids.
 */
export function toPlain(v: unknown, depth = DEPTH, seen = new WeakSet<object>()): unknown {
  if (typeof v === "function" || typeof v === "symbol") return undefined;
  if (typeof v === "bigint") return String(v);
  if (v === null || typeof v !== "object") return v;
  if (seen.has(v)) return "[Circular]";
  if (depth <= 0) return "[...]";
  const o = v as Record<string, unknown>;
  if ("sessionId" in o && typeof o.send === "function") return { id: o.id, sessionId: o.sessionId };
  if (typeof o.toJSON === "function") {
    let json: unknown;
    try {
      json = o.toJSON();
    } catch {
      return "[unreadable]";
    }
    if (json !== v) return toPlain(json, depth, seen);
  }
  seen.add(v);
  let out: unknown;
  if (Array.isArray(v)) out = v.slice(0, MAX_ITEMS).map((x) => toPlain(x, depth - 1, seen) ?? null);
  else {
    const copy: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(o)) {
      const p = toPlain(x, depth - 1, seen);
      if (p !== undefined) copy[k] = p;
    }
    out = copy;
  }
  // shared (not circular) values may appear again elsewhere
  seen.delete(v);
  return out;
}

/** Options for createBrowserInspector: start at once, serialise without touching the events. */
export function statelyOptions() {
  return {
    autoStart: true,
    serialize: <E>(ev: E): E => toPlain(ev) as E,
  };
}

/**
 * Hands one XState inspection event to the inspector at once. Not through the package's
 * `inspect.next`: that waits for requestIdleCallback, which a browser may not run for the editor
 * while the inspector window is in front (the events would stay queued until the editor is used
 * again, or for ever).
 */
export function sendTo(inspector: StatelyInspector, ev: InspectionEvent): void {
  if (ev.type === "@xstate.actor") {
    const parent = (ev.actorRef as { _parent?: { sessionId: string } })._parent;
    inspector.actor(ev.actorRef as Parameters<StatelyInspector["actor"]>[0], ev.actorRef.getSnapshot(), {
      rootId: ev.rootId,
      parentId: parent?.sessionId,
    });
  } else if (ev.type === "@xstate.event") inspector.event(ev.actorRef, ev.event, { source: ev.sourceRef });
  else if (ev.type === "@xstate.snapshot") inspector.snapshot(ev.actorRef, ev.snapshot, { event: ev.event });
}

/** Sends the sink's events (first the actors already running) to the inspector; returns a detach. */
export function attachInspector(inspector: StatelyInspector): () => void {
  inspectorSink.forwardTo((ev) => {
    try {
      sendTo(inspector, ev);
    } catch (err) {
      // an event the inspector cannot take must not break the editor
      console.error("Stately inspector refused an event", err);
    }
  });
  return () => {
    inspectorSink.forwardTo(null);
    inspector.stop?.();
  };
}

/** What the inspector window posts to its opener when it has loaded (and again when it is reloaded). */
const CONNECTED = "@statelyai.connected";

/**
 * Attaches the inspector when its window says it is connected, and again on every later "connected"
 * (a reloaded inspector). Not before: until then the package only keeps the last 200 events, so a
 * window slow to load (a busy machine, a slow network) would miss the actors started at the
 * beginning. On each connection the sink first replays the running actors, then forwards live.
 */
export function attachWhenConnected(
  inspector: StatelyInspector,
  win: Pick<Window, "addEventListener" | "removeEventListener">,
): () => void {
  let detach: (() => void) | null = null;
  const onMessage = (e: MessageEvent) => {
    if ((e.data as { type?: unknown } | null)?.type === CONNECTED) detach = attachInspector(inspector);
  };
  win.addEventListener("message", onMessage);
  return () => {
    win.removeEventListener("message", onMessage);
    if (detach) detach();
    else inspector.stop?.();
  };
}

/** Loads @statelyai/inspect, opens its browser inspector and attaches it once it is connected. */
export async function connectStately(): Promise<() => void> {
  const { createBrowserInspector } = await import("@statelyai/inspect");
  return attachWhenConnected(createBrowserInspector(statelyOptions()), window);
}
