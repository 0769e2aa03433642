// A machine's statechart as plain data, read at run time from the machine's own definition (its root
// state node), so a changed machine is drawn right without a build step: states (nested, parallel,
// final, history) and transitions labelled with their event and guard. Pure; drawn by Statechart.tsx.

export type StateKind = "atomic" | "compound" | "parallel" | "final" | "history";

export interface ChartState {
  /** the state node's id, e.g. "printDialog.open.ready" */
  readonly id: string;
  readonly key: string;
  /** the keys from the root, dot-joined ("open.ready"; "" for the root): how snapshot values name it */
  readonly path: string;
  readonly kind: StateKind;
  /** the parent's id; undefined for the root */
  readonly parent?: string;
  /** marked as the initial child of its parent */
  readonly initial: boolean;
}

export interface ChartTransition {
  /** `${source}:${event}:${index}`, stable for a definition */
  readonly id: string;
  readonly source: string;
  /** the target state ids; empty for a targetless (self, actions-only) transition */
  readonly targets: readonly string[];
  /** the event type; "always" for eventless ones; delayed ones read "after 500ms" */
  readonly event: string;
  readonly guard?: string;
}

export interface Chart {
  readonly id: string;
  readonly states: readonly ChartState[];
  readonly transitions: readonly ChartTransition[];
}

/** The parts of an XState v5 state node this reads (StateNode is not exported as a stable type). */
interface NodeLike {
  readonly id: string;
  readonly key: string;
  readonly type: StateKind;
  readonly states: Record<string, NodeLike>;
  readonly initial?: { readonly target?: readonly NodeLike[] };
  readonly transitions: Map<string, readonly TransitionLike[]>;
  readonly always?: readonly TransitionLike[];
}

interface TransitionLike {
  readonly eventType: string;
  readonly target?: readonly NodeLike[];
  readonly guard?: unknown;
}

/** The machine-like object of an actor (its `logic`); null when the logic is not a state machine. */
export function rootOf(logic: unknown): NodeLike | null {
  const root = (logic as { root?: unknown } | null)?.root as NodeLike | undefined;
  return root && typeof root.id === "string" && root.states && root.transitions instanceof Map ? root : null;
}

export function guardName(g: unknown): string | undefined {
  if (!g) return undefined;
  if (typeof g === "string") return g;
  if (typeof g === "function") return g.name || "guard";
  const t = (g as { type?: unknown }).type;
  return typeof t === "string" ? t : "guard";
}

/** "xstate.after.500.m.open" → "after 500ms", a named delay "after previewDelay"; others as they are. */
export function eventLabel(eventType: string): string {
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return /^\d+$/.test(after[1]) ? `after ${after[1]}ms` : `after ${after[1]}`;
  return eventType;
}

/** The statechart of a machine (the `logic` of a machine actor), or null for other logic. */
export function machineChart(logic: unknown): Chart | null {
  const root = rootOf(logic);
  if (!root) return null;
  const states: ChartState[] = [];
  const transitions: ChartTransition[] = [];
  const walk = (node: NodeLike, parent: NodeLike | undefined, path: string) => {
    const initialIds = new Set((parent?.initial?.target ?? []).map((n) => n.id));
    states.push({
      id: node.id,
      key: node.key,
      path,
      kind: node.type,
      parent: parent?.id,
      initial: parent?.type === "compound" && initialIds.has(node.id),
    });
    const add = (event: string, list: readonly TransitionLike[]) =>
      list.forEach((t, i) => {
        transitions.push({
          id: `${node.id}:${event}:${i}`,
          source: node.id,
          targets: (t.target ?? []).map((n) => n.id),
          event: eventLabel(event),
          guard: guardName(t.guard),
        });
      });
    for (const [event, list] of node.transitions) add(event, list);
    if (node.always?.length) add("always", node.always);
    for (const child of Object.values(node.states))
      walk(child, node, path ? `${path}.${child.key}` : child.key);
  };
  walk(root, undefined, "");
  return { id: root.id, states, transitions };
}

/**
 * The ids of the active states of a snapshot value ("idle", or { open: "ready" }, or parallel
 * { a: "x", b: { c: "y" } }), ancestors and the root included.
 */
export function activeStateIds(chart: Chart, value: unknown): Set<string> {
  const byPath = new Map(chart.states.map((s) => [s.path, s.id]));
  const paths = [""];
  const walk = (prefix: string, v: unknown) => {
    const at = (k: string) => (prefix ? `${prefix}.${k}` : k);
    if (typeof v === "string") paths.push(at(v));
    else if (v && typeof v === "object")
      for (const [k, sub] of Object.entries(v)) {
        paths.push(at(k));
        walk(at(k), sub);
      }
  };
  walk("", value);
  const out = new Set<string>();
  for (const p of paths) {
    const id = byPath.get(p);
    if (id) out.add(id);
  }
  return out;
}

/** A snapshot's state value as one line ("ready", or {"open":"ready"}). */
export function stateText(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

interface TakenTransition {
  readonly eventType?: string;
  readonly source?: {
    readonly id: string;
    readonly transitions?: Map<string, readonly unknown[]>;
    readonly always?: readonly unknown[];
  };
}

/** The chart id (machineChart) of a transition XState took (a microstep's `_transitions`). */
export function transitionId(t: unknown): string | null {
  const tr = t as TakenTransition;
  const src = tr.source;
  if (!src) return null;
  const always = src.always?.indexOf(t) ?? -1;
  if (always >= 0) return `${src.id}:always:${always}`;
  const list = tr.eventType ? src.transitions?.get(tr.eventType) : undefined;
  const i = list?.indexOf(t) ?? -1;
  return i >= 0 ? `${src.id}:${tr.eventType}:${i}` : null;
}
