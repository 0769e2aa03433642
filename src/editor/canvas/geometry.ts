// Pure viewport maths shared by the canvas, rulers, overlays and tests. A viewport is the screen
// position (px) of the label's top-left corner and the zoom, where zoom 1 shows PX_PER_MM px per mm.

import { PX_PER_MM, ZOOM_BUTTON_STOPS, ZOOM_INITIAL_FIT, ZOOM_MAX, ZOOM_STEP } from "../../model/constants";
import type { Point } from "../../model/geometry";

export interface Viewport {
  readonly x: number;
  readonly y: number;
  readonly zoom: number;
}

export type { Point };

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Lowest zoom the buttons and wheel reach (the slider itself starts at ZOOM_MIN). */
export const ZOOM_FLOOR = ZOOM_STEP;

export function clampZoom(z: number): number {
  if (!Number.isFinite(z)) return 1;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_FLOOR, Math.round(z * 100) / 100));
}

/**
 * The zoom the zoom-in (+1) / zoom-out (-1) button goes to from `z`: the next stop of
 * ZOOM_BUTTON_STOPS strictly above / below it (from any zoom, e.g. 0.63 → 0.75 or 0.5). Past the
 * last stop zoom in stays at ZOOM_MAX; zoom out stays at the first stop (1 %).
 */
export function zoomButtonStep(z: number, direction: 1 | -1): number {
  const cur = Number.isFinite(z) ? Math.round(z * 100) / 100 : 1;
  if (direction > 0) return ZOOM_BUTTON_STOPS.find((s) => s > cur) ?? ZOOM_MAX;
  const below = ZOOM_BUTTON_STOPS.filter((s) => s < cur);
  return below.length > 0 ? below[below.length - 1] : ZOOM_BUTTON_STOPS[0];
}

/** Screen pixels per millimetre at a viewport. */
export function scaleOf(v: Viewport): number {
  return v.zoom * PX_PER_MM;
}

export function docToScreen(v: Viewport, p: Point): Point {
  const s = scaleOf(v);
  return { x: v.x + p.x * s, y: v.y + p.y * s };
}

export function screenToDoc(v: Viewport, p: Point): Point {
  const s = scaleOf(v);
  return { x: (p.x - v.x) / s, y: (p.y - v.y) / s };
}

export function rectToScreen(v: Viewport, r: Rect): Rect {
  const s = scaleOf(v);
  return { x: v.x + r.x * s, y: v.y + r.y * s, width: r.width * s, height: r.height * s };
}

/**
 * The viewport that shows the whole label centred in an area, the label taking `fit` (0.6, spec §9)
 * of the area's limiting side.
 */
export function fitViewport(
  labelW: number,
  labelH: number,
  areaW: number,
  areaH: number,
  fit = ZOOM_INITIAL_FIT,
): Viewport {
  const w = Math.max(labelW, 0.001) * PX_PER_MM;
  const h = Math.max(labelH, 0.001) * PX_PER_MM;
  const zoom = clampZoom(Math.min((areaW * fit) / w, (areaH * fit) / h));
  const s = zoom * PX_PER_MM;
  return { zoom, x: (areaW - labelW * s) / 2, y: (areaH - labelH * s) / 2 };
}

/** Zooms to `zoom` keeping the document point under screen point `anchor` in place. */
export function zoomAround(v: Viewport, zoom: number, anchor: Point): Viewport {
  const z = clampZoom(zoom);
  const d = screenToDoc(v, anchor);
  const s = z * PX_PER_MM;
  return { zoom: z, x: anchor.x - d.x * s, y: anchor.y - d.y * s };
}

/** Normalises a rectangle given by two corners. */
export function rectFromPoints(a: Point, b: Point): Rect {
  return {
    x: Math.min(a.x, b.x),
    y: Math.min(a.y, b.y),
    width: Math.abs(a.x - b.x),
    height: Math.abs(a.y - b.y),
  };
}

export function rectsIntersect(a: Rect, b: Rect): boolean {
  return a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;
}
