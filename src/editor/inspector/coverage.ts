// Coverage of a machine: its full set of states and transitions from `xstate/graph`, compared with
// the ones a session or the test suite visited (visits.ts). Used by the inspector (loaded with the
// diagram) and by the report of `npm test` (scripts/machine-coverage.ts). Pure.
import { getStateNodes, toDirectedGraph } from "xstate/graph";
import { eventLabel, guardName, rootOf, transitionId } from "./graph";
import type { MachineVisits } from "./visits";

interface NodeLike {
  readonly id: string;
  readonly path: readonly string[];
  readonly always?: readonly TransitionLike[];
}

interface TransitionLike {
  readonly eventType: string;
  readonly source: NodeLike;
  readonly target?: readonly NodeLike[];
  readonly guard?: unknown;
}

interface DirectedGraphLike {
  readonly stateNode: NodeLike;
  readonly children: readonly DirectedGraphLike[];
  readonly edges: readonly { readonly transition: TransitionLike }[];
}

export interface UniverseState {
  readonly id: string;
  /** the keys from the root, dot-joined ("open.ready") */
  readonly path: string;
}

export interface UniverseTransition {
  /** machineChart's id: `${source}:${event}:${index}` */
  readonly id: string;
  /** the source state's path ("" for the root) */
  readonly from: string;
  /** the target states' paths; empty when the transition stays in its state */
  readonly to: readonly string[];
  /** readable: "print.confirm", "after 500ms", "always" */
  readonly event: string;
  readonly guard?: string;
}

/** Every state (the root aside: it is always in) and every transition of a machine. */
export interface Universe {
  readonly machine: string;
  readonly states: readonly UniverseState[];
  readonly transitions: readonly UniverseTransition[];
}

/** The full set of a machine's states and transitions (xstate/graph); null for other logic. */
export function machineUniverse(machine: unknown): Universe | null {
  const root = rootOf(machine);
  if (!root) return null;
  const graph = toDirectedGraph(root as never) as unknown as DirectedGraphLike;
  const nodes = getStateNodes(root as never) as unknown as NodeLike[];
  const transitions = new Map<string, UniverseTransition>();
  const add = (t: TransitionLike, id: string | null) => {
    if (!id || transitions.has(id)) return;
    transitions.set(id, {
      id,
      from: t.source.path.join("."),
      to: (t.target ?? []).map((n) => n.path.join(".")),
      event: eventLabel(t.eventType ?? "always"),
      guard: guardName(t.guard),
    });
  };
  const walk = (g: DirectedGraphLike) => {
    // (an edge per target: a transition to parallel regions has several)
    for (const e of g.edges) add(e.transition, transitionId(e.transition));
    // toDirectedGraph leaves out eventless transitions: they are taken like the others
    (g.stateNode.always ?? []).forEach((t, i) => {
      add({ ...t, eventType: "always" }, `${g.stateNode.id}:always:${i}`);
    });
    for (const c of g.children) walk(c);
  };
  walk(graph);
  return {
    machine: graph.stateNode.id,
    states: nodes.map((n) => ({ id: n.id, path: n.path.join(".") })),
    transitions: [...transitions.values()],
  };
}

export interface CoverageReport {
  readonly machine: string;
  readonly states: { readonly reached: number; readonly total: number };
  readonly transitions: { readonly reached: number; readonly total: number };
  /** reached states and transitions of all, in whole percent rounded down (100 only when complete) */
  readonly percent: number;
  readonly unreachedStates: readonly UniverseState[];
  readonly unreachedTransitions: readonly UniverseTransition[];
}

/** What of a machine's full set `visits` reached (nothing when undefined). */
export function compareCoverage(u: Universe, visits: MachineVisits | undefined): CoverageReport {
  const unreachedStates = u.states.filter((s) => !visits?.states.has(s.id));
  const unreachedTransitions = u.transitions.filter((t) => !visits?.transitions.has(t.id));
  const total = u.states.length + u.transitions.length;
  const reached = total - unreachedStates.length - unreachedTransitions.length;
  return {
    machine: u.machine,
    states: { reached: u.states.length - unreachedStates.length, total: u.states.length },
    transitions: {
      reached: u.transitions.length - unreachedTransitions.length,
      total: u.transitions.length,
    },
    percent: total === 0 ? 100 : Math.floor((100 * reached) / total),
    unreachedStates,
    unreachedTransitions,
  };
}

/** A transition as one line: `print.confirm [canPrint]: open.ready → printing`; `words` name the
 * root and a transition that stays in its state (the inspector's are translated). */
export function transitionText(
  t: UniverseTransition,
  words: { readonly root: string; readonly stays: string } = { root: "(root)", stays: "(stays)" },
): string {
  const guard = t.guard ? ` [${t.guard}]` : "";
  const to = t.to.length ? t.to.map((p) => p || words.root).join(", ") : words.stays;
  return `${t.event}${guard}: ${t.from || words.root} → ${to}`;
}
