// Lays a statechart out with ELK (elkjs, as Stately's own tools do): nested states as boxes inside
// their parents, transitions as routed arrows with their labels. elkjs is large (~1.6 MB): it is
// loaded here only, and this module only when the inspector draws a diagram.
import type { ElkExtendedEdge, ElkNode } from "elkjs/lib/elk-api";
import type { Point } from "../../model/geometry";
import type { Chart, ChartState } from "./graph";

export interface PlacedState {
  readonly state: ChartState;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** events handled here without leaving the state (actions only), listed inside the box */
  readonly internal: readonly string[];
}

export interface PlacedTransition {
  /** the chart transition's id, with the target's index for a transition with several targets */
  readonly id: string;
  readonly transitionId: string;
  readonly points: readonly Point[];
  readonly label: string;
  readonly labelAt: Point;
}

export interface ChartLayout {
  readonly width: number;
  readonly height: number;
  readonly states: readonly PlacedState[];
  readonly transitions: readonly PlacedTransition[];
}

const CHAR_PX = 6.6; // 11 px monospace-ish text
const LINE_PX = 14;
const TITLE_PX = 22;

const textWidth = (s: string) => Math.ceil(s.length * CHAR_PX) + 8;

/** The arrow's label: the event, and its guard in brackets. */
export function transitionLabel(t: { readonly event: string; readonly guard?: string }): string {
  return t.guard ? `${t.event} [${t.guard}]` : t.event;
}

let elkPromise: Promise<{ layout(g: ElkNode): Promise<ElkNode> }> | null = null;
function elk() {
  elkPromise ??= import("elkjs/lib/elk.bundled.js").then((m) => new m.default());
  return elkPromise;
}

export async function layoutChart(chart: Chart): Promise<ChartLayout> {
  const internal = new Map<string, string[]>();
  for (const t of chart.transitions)
    if (t.targets.length === 0)
      internal.set(t.source, [...(internal.get(t.source) ?? []), transitionLabel(t)]);
  const children = new Map<string, ChartState[]>();
  for (const s of chart.states) if (s.parent) children.set(s.parent, [...(children.get(s.parent) ?? []), s]);

  const node = (s: ChartState): ElkNode => {
    const kids = children.get(s.id) ?? [];
    const lines = internal.get(s.id) ?? [];
    const width = Math.max(textWidth(s.key || s.id), ...lines.map(textWidth), 60);
    const leafHeight = TITLE_PX + lines.length * LINE_PX + 8;
    // (ELK fails on keys present with an undefined value: leave them out)
    if (!kids.length) return { id: s.id, width, height: leafHeight };
    return {
      id: s.id,
      layoutOptions: {
        "elk.padding": `[top=${TITLE_PX + lines.length * LINE_PX + 8},left=12,bottom=12,right=12]`,
        "elk.nodeSize.constraints": "MINIMUM_SIZE",
        "elk.nodeSize.minimum": `(${width + 24},${leafHeight})`,
        // parallel regions side by side, sequential states top to bottom
        "elk.direction": s.kind === "parallel" ? "RIGHT" : "DOWN",
      },
      children: kids.map(node),
    };
  };

  const edges: ElkExtendedEdge[] = [];
  const edgeInfo = new Map<string, { transitionId: string; label: string }>();
  for (const t of chart.transitions)
    t.targets.forEach((target, i) => {
      const id = `${t.id}#${i}`;
      const label = transitionLabel(t);
      edgeInfo.set(id, { transitionId: t.id, label });
      edges.push({
        id,
        sources: [t.source],
        targets: [target],
        labels: [{ text: label, width: textWidth(label), height: LINE_PX }],
      });
    });

  const root = chart.states.find((s) => !s.parent);
  if (!root) return { width: 0, height: 0, states: [], transitions: [] };
  const graph: ElkNode = {
    id: "__graph",
    layoutOptions: {
      "elk.algorithm": "layered",
      "elk.direction": "DOWN",
      "elk.hierarchyHandling": "INCLUDE_CHILDREN",
      "elk.edgeRouting": "ORTHOGONAL",
      "elk.layered.spacing.nodeNodeBetweenLayers": "36",
      "elk.spacing.nodeNode": "24",
      "elk.spacing.edgeLabel": "2",
      "elk.edgeLabels.inline": "false",
    },
    children: [node(root)],
    edges,
  };
  const out = await (await elk()).layout(graph);

  // ELK gives positions relative to the parent (nodes) and to the edge's container (edges)
  const placed: PlacedState[] = [];
  const origin = new Map<string, Point>([["__graph", { x: 0, y: 0 }]]);
  const byId = new Map(chart.states.map((s) => [s.id, s]));
  const place = (n: ElkNode, at: Point) => {
    const x = at.x + (n.x ?? 0);
    const y = at.y + (n.y ?? 0);
    origin.set(n.id, { x, y });
    const s = byId.get(n.id);
    if (s)
      placed.push({
        state: s,
        x,
        y,
        width: n.width ?? 0,
        height: n.height ?? 0,
        internal: internal.get(s.id) ?? [],
      });
    for (const c of n.children ?? []) place(c, { x, y });
  };
  for (const c of out.children ?? []) place(c, { x: 0, y: 0 });

  const transitions: PlacedTransition[] = [];
  for (const e of (out.edges ?? []) as (ElkExtendedEdge & { container?: string })[]) {
    const info = edgeInfo.get(e.id);
    const section = e.sections?.[0];
    if (!info || !section) continue;
    const o = origin.get(e.container ?? "__graph") ?? { x: 0, y: 0 };
    const shift = (p: { x: number; y: number }) => ({ x: o.x + p.x, y: o.y + p.y });
    const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map(shift);
    const l = e.labels?.[0];
    const labelAt = l ? shift({ x: l.x ?? 0, y: l.y ?? 0 }) : points[Math.floor(points.length / 2)];
    transitions.push({ id: e.id, transitionId: info.transitionId, points, label: info.label, labelAt });
  }
  return { width: out.width ?? 0, height: out.height ?? 0, states: placed, transitions };
}
