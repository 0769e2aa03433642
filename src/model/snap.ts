// Snapping a moving box to guide lines within 5 units: the label's edges and middle (red, canvas
// guides) and other elements' edges and centres (orange, object guides).
import { CANVAS_GUIDE_COLOR, OBJECT_GUIDE_COLOR, SNAP_DISTANCE } from "./constants";
import { type Box, type Point, unitsToMm } from "./geometry";

export interface Guide {
  /** "x": a vertical line at x = at; "y": a horizontal line at y = at (mm) */
  readonly axis: "x" | "y";
  readonly at: number;
  readonly kind: "canvas" | "object";
  readonly color: string;
}

export interface SnapResult {
  /** the delta to apply, after snapping (mm) */
  readonly dx: number;
  readonly dy: number;
  readonly guides: readonly Guide[];
}

export interface SnapTargets {
  /** label size in mm */
  readonly canvas: { readonly width: number; readonly height: number };
  /** boxes of the elements that are not moving */
  readonly others: readonly Box[];
}

interface Line {
  readonly at: number;
  readonly kind: "canvas" | "object";
}

const EPS = 1e-6;

function targetLines(t: SnapTargets, axis: "x" | "y"): Line[] {
  const size = axis === "x" ? t.canvas.width : t.canvas.height;
  const lines: Line[] = [
    { at: 0, kind: "canvas" },
    { at: size / 2, kind: "canvas" },
    { at: size, kind: "canvas" },
  ];
  for (const b of t.others) {
    const s = axis === "x" ? b.x : b.y;
    const l = axis === "x" ? b.width : b.height;
    lines.push({ at: s, kind: "object" }, { at: s + l / 2, kind: "object" }, { at: s + l, kind: "object" });
  }
  return lines;
}

function own(b: Box, axis: "x" | "y"): number[] {
  const s = axis === "x" ? b.x : b.y;
  const l = axis === "x" ? b.width : b.height;
  return [s, s + l / 2, s + l];
}

function snapAxis(
  moved: Box,
  lines: readonly Line[],
  axis: "x" | "y",
  threshold: number,
): { d: number; guides: Guide[] } {
  const mine = own(moved, axis);
  let best: { d: number; kind: Line["kind"] } | null = null;
  for (const line of lines) {
    for (const v of mine) {
      const d = line.at - v;
      if (Math.abs(d) > threshold) continue;
      // closer wins; on a tie the canvas guide wins
      if (
        !best ||
        Math.abs(d) < Math.abs(best.d) - EPS ||
        (Math.abs(Math.abs(d) - Math.abs(best.d)) <= EPS && line.kind === "canvas" && best.kind !== "canvas")
      ) {
        best = { d, kind: line.kind };
      }
    }
  }
  if (!best) return { d: 0, guides: [] };
  const after = mine.map((v) => v + (best as { d: number }).d);
  const guides: Guide[] = [];
  const seen = new Set<string>();
  for (const line of lines) {
    if (!after.some((v) => Math.abs(v - line.at) <= EPS)) continue;
    const key = `${line.kind}:${line.at.toFixed(6)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    guides.push({
      axis,
      at: line.at,
      kind: line.kind,
      color: line.kind === "canvas" ? CANVAS_GUIDE_COLOR : OBJECT_GUIDE_COLOR,
    });
  }
  return { d: best.d, guides };
}

/** A snapper with the target lines computed once (a drag's targets do not change while it lasts). */
export function createSnapper(
  targets: SnapTargets,
): (box: Box, delta: Point, threshold?: number) => SnapResult {
  const xs = targetLines(targets, "x");
  const ys = targetLines(targets, "y");
  return (box, delta, threshold = unitsToMm(SNAP_DISTANCE)) => {
    const moved = { ...box, x: box.x + delta.x, y: box.y + delta.y };
    const sx = snapAxis(moved, xs, "x", threshold);
    const sy = snapAxis(moved, ys, "y", threshold);
    return { dx: delta.x + sx.d, dy: delta.y + sy.d, guides: [...sx.guides, ...sy.guides] };
  };
}

/**
 * Snaps a move: `box` is the moving selection's box at pointer-down, `delta` the raw pointer delta
 * (mm). `threshold` is in mm; by default 5 units at zoom 1 (pass SNAP_DISTANCE / PX_PER_MM / zoom
 * to keep 5 screen pixels at any zoom).
 */
export function snapMove(
  box: Box,
  delta: Point,
  targets: SnapTargets,
  threshold = unitsToMm(SNAP_DISTANCE),
): SnapResult {
  const moved = { ...box, x: box.x + delta.x, y: box.y + delta.y };
  const sx = snapAxis(moved, targetLines(targets, "x"), "x", threshold);
  const sy = snapAxis(moved, targetLines(targets, "y"), "y", threshold);
  return { dx: delta.x + sx.d, dy: delta.y + sy.d, guides: [...sx.guides, ...sy.guides] };
}
