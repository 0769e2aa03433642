// What machines went through: the ids of the states they were in and of the transitions they took
// (machineChart's ids), recorded from XState inspection events. The inspector counts a session's
// visits by actor; the test suite counts them by machine (its root id) and writes them to a file
// (visitsFile.ts) that the coverage report and the inspector compare with each machine's graph
// (coverage.ts). In the e2e specs, pages send theirs to the spec (harnessRecorder).
import type { InspectionEvent } from "xstate";
import { activeStateIds, type Chart, machineChart, stateText, transitionId } from "./graph";

export interface MachineVisits {
  readonly states: Set<string>;
  readonly transitions: Set<string>;
}

/** Visits by key (an actor's key in a session, a machine's root id in the test suite). */
export type Visits = Map<string, MachineVisits>;

export type VisitKind = keyof MachineVisits;

export interface VisitRecorderOptions {
  /** what a visit is counted for; default: the machine's root id */
  readonly key?: (actorRef: unknown, machineId: string) => string;
  /** told the first time a key visits a state or takes a transition */
  readonly onNew?: (key: string, kind: VisitKind, id: string) => void;
}

export interface VisitRecorder {
  /** an XState `inspect` callback */
  inspect(ev: InspectionEvent): void;
  readonly visits: Visits;
}

function visitsOf(visits: Visits, key: string): MachineVisits {
  let v = visits.get(key);
  if (!v) {
    v = { states: new Set(), transitions: new Set() };
    visits.set(key, v);
  }
  return v;
}

export function createVisitRecorder(opts: VisitRecorderOptions = {}): VisitRecorder {
  const visits: Visits = new Map();
  // the chart of each machine (null for other logic), and the state values already counted: a
  // snapshot costs a lookup, its state ids are worked out once per new value
  const charts = new WeakMap<object, Chart | null>();
  const values = new Map<string, Set<string>>();
  const chartOf = (ref: unknown): Chart | null => {
    const logic = (ref as { logic?: unknown } | null)?.logic;
    if (!logic || typeof logic !== "object") return null;
    let c = charts.get(logic);
    if (c === undefined) {
      c = machineChart(logic);
      charts.set(logic, c);
    }
    return c;
  };
  const add = (key: string, kind: VisitKind, id: string) => {
    const set = visitsOf(visits, key)[kind];
    if (set.has(id)) return;
    set.add(id);
    opts.onNew?.(key, kind, id);
  };
  return {
    visits,
    inspect(ev) {
      if (ev.type !== "@xstate.snapshot" && ev.type !== "@xstate.microstep") return;
      const chart = chartOf(ev.actorRef);
      if (!chart) return;
      const key = opts.key ? opts.key(ev.actorRef, chart.id) : chart.id;
      if (ev.type === "@xstate.microstep")
        for (const t of ev._transitions) {
          const id = transitionId(t);
          if (id) add(key, "transitions", id);
          // its source was active: a start's eventless move leaves a state no snapshot shows
          const source = (t as { source?: { id?: unknown } }).source?.id;
          if (typeof source === "string" && source !== chart.id) add(key, "states", source);
        }
      // (a microstep's snapshot too: a state left by an eventless move in the same step is in none
      // of the actor's snapshots)
      const value = (ev.snapshot as { value?: unknown }).value;
      const text = stateText(value);
      let seen = values.get(key);
      if (!seen) {
        seen = new Set();
        values.set(key, seen);
      }
      if (seen.has(text)) return;
      seen.add(text);
      for (const id of activeStateIds(chart, value)) add(key, "states", id);
    },
  };
}

/** Adds `more` into `into` (a union). */
export function mergeVisits(into: Visits, more: Visits): Visits {
  for (const [key, v] of more) {
    const to = visitsOf(into, key);
    for (const id of v.states) to.states.add(id);
    for (const id of v.transitions) to.transitions.add(id);
  }
  return into;
}

/** The function e2e/support exposes to every page when the test run records machine coverage. */
export const HARNESS_BINDING = "__inklessMachineVisits";

/** One batch a page reports: [machine id, kind, state or transition id]. */
export type VisitBatch = readonly (readonly [string, VisitKind, string])[];

/** Adds a page's batch to `visits`; bad input is skipped. */
export function addVisitBatch(visits: Visits, batch: unknown): void {
  if (!Array.isArray(batch)) return;
  for (const item of batch) {
    if (!Array.isArray(item)) continue;
    const [key, kind, id] = item as unknown[];
    if (typeof key === "string" && (kind === "states" || kind === "transitions") && typeof id === "string")
      visitsOf(visits, key)[kind].add(id);
  }
}

/**
 * A recorder that sends what is new to the e2e harness (once per microtask), or null when the page
 * runs outside a recording test run: then nothing is recorded.
 */
export function harnessRecorder(scope: Record<string, unknown> = globalThis as Record<string, unknown>) {
  const send = scope[HARNESS_BINDING];
  if (typeof send !== "function") return null;
  let batch: [string, VisitKind, string][] = [];
  return createVisitRecorder({
    onNew(key, kind, id) {
      if (batch.length === 0)
        queueMicrotask(() => {
          const out = batch;
          batch = [];
          // (a page closing while its last batch is on the way: the spec has what came before)
          Promise.resolve(send(out)).catch(() => {});
        });
      batch.push([key, kind, id]);
    },
  });
}
