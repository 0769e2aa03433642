// One machine drawn as a statechart: states as boxes (nested and parallel), transitions as arrows
// labelled with their event and guard, the active states highlighted and the transitions the shown
// event took marked. Laid out by ELK (layout.ts) from the machine's own definition; pan and zoom with
// d3-zoom. Loaded lazily with its layout engine, only when the inspector shows a diagram.
import { select } from "d3-selection";
import { type ZoomBehavior, zoom, zoomIdentity } from "d3-zoom";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Chart } from "./graph";
import { type ChartLayout, layoutChart } from "./layout";

/** The arrowheads: a transition's, and one the shown event took. */
const MARKERS = [
  ["ink-sc-arrow", "#94a3b8"],
  ["ink-sc-arrow-taken", "#f59e0b"],
] as const;

interface StatechartProps {
  readonly chart: Chart;
  readonly active: ReadonlySet<string>;
  /** chart transition ids taken by the shown event */
  readonly taken: ReadonlySet<string>;
  /** what the machine went through this session: the rest is drawn faint (coverage) */
  readonly visited?: { readonly states: ReadonlySet<string>; readonly transitions: ReadonlySet<string> };
}

export default function Statechart({ chart, active, taken, visited }: StatechartProps) {
  const { t } = useTranslation();
  const [layout, setLayout] = useState<ChartLayout | null>(null);
  const [failed, setFailed] = useState(false);
  const svgRef = useRef<SVGSVGElement>(null);
  const [view, setView] = useState("translate(0,0) scale(1)");
  const zoomRef = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);

  useEffect(() => {
    let live = true;
    setLayout(null);
    setFailed(false);
    layoutChart(chart)
      .then((l) => live && setLayout(l))
      .catch((err: unknown) => {
        console.error("statechart layout failed", err);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [chart]);

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg || !layout) return;
    const z = zoom<SVGSVGElement, unknown>()
      .scaleExtent([0.2, 4])
      .on("zoom", (e) => setView(e.transform.toString()));
    zoomRef.current = z;
    const sel = select(svg);
    sel.call(z);
    // fit the chart into the view
    const w = svg.clientWidth || 520;
    const h = svg.clientHeight || 320;
    const k = Math.min(1, w / Math.max(1, layout.width + 16), h / Math.max(1, layout.height + 16));
    sel.call(z.transform, zoomIdentity.translate(8, 8).scale(k));
    return () => {
      sel.on(".zoom", null);
    };
  }, [layout]);

  const depth = useMemo(() => {
    const parent = new Map(chart.states.map((s) => [s.id, s.parent]));
    const d = (id: string | undefined): number => (id ? 1 + d(parent.get(id)) : 0);
    return new Map(chart.states.map((s) => [s.id, d(s.parent)]));
  }, [chart]);

  if (failed) return <p role="alert">{t("editor.inspector.diagramFailed")}</p>;
  if (!layout) return <p aria-busy="true">{t("editor.inspector.diagramLoading")}</p>;
  const states = [...layout.states].sort(
    (a, b) => (depth.get(a.state.id) ?? 0) - (depth.get(b.state.id) ?? 0),
  );
  return (
    <svg
      ref={svgRef}
      className="ink-statechart"
      role="img"
      aria-label={t("editor.inspector.diagramOf", { machine: chart.id })}
      data-testid="statechart"
    >
      <defs>
        {MARKERS.map(([id, fill]) => (
          <marker
            key={id}
            id={id}
            viewBox="0 0 8 8"
            refX="7"
            refY="4"
            markerWidth="7"
            markerHeight="7"
            orient="auto"
          >
            <path d="M0,0 L8,4 L0,8 z" fill={fill} />
          </marker>
        ))}
      </defs>
      <g transform={view}>
        {states.map((s) => {
          const on = active.has(s.state.id);
          const seen = !visited || on || visited.states.has(s.state.id);
          return (
            <g
              key={s.state.id}
              data-state-id={s.state.id}
              data-active={on ? "true" : undefined}
              data-visited={seen ? "true" : "false"}
              className={`ink-sc-state${on ? " ink-sc-active" : ""}${s.state.kind === "final" ? " ink-sc-final" : ""}${seen ? "" : " ink-sc-unvisited"}`}
            >
              <rect
                x={s.x}
                y={s.y}
                width={s.width}
                height={s.height}
                rx={6}
                strokeDasharray={s.state.kind === "parallel" ? "5 3" : undefined}
              />
              <text x={s.x + 8} y={s.y + 15} className="ink-sc-title">
                {s.state.initial ? "→ " : ""}
                {s.state.key || s.state.id}
              </text>
              {s.internal.map((line, i) => (
                <text key={line} x={s.x + 8} y={s.y + 29 + i * 14} className="ink-sc-internal">
                  {line}
                </text>
              ))}
            </g>
          );
        })}
        {layout.transitions.map((tr) => {
          const on = taken.has(tr.transitionId);
          const seen = !visited || on || visited.transitions.has(tr.transitionId);
          return (
            <g
              key={tr.id}
              className={`ink-sc-transition${on ? " ink-sc-taken" : ""}${seen ? "" : " ink-sc-unvisited"}`}
              data-transition-id={tr.transitionId}
              data-taken={on ? "true" : undefined}
              data-visited={seen ? "true" : "false"}
            >
              <polyline
                points={tr.points.map((p) => `${p.x},${p.y}`).join(" ")}
                markerEnd={on ? "url(#ink-sc-arrow-taken)" : "url(#ink-sc-arrow)"}
              />
              <text x={tr.labelAt.x} y={tr.labelAt.y + 11}>
                {tr.label}
              </text>
            </g>
          );
        })}
      </g>
    </svg>
  );
}
