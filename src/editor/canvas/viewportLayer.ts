// Zoom and pan without drawing the label again each frame: the label is drawn for a "settled"
// viewport, and while the viewport moves, its layer is only scaled and shifted by a CSS transform
// (the compositor's job). Once the viewport has been still for SETTLE_MS the label is drawn for it,
// sharp again. The label is vector, so the transformed layer shows the same geometry, only
// resampled for those few frames (docs/canvas-performance.md).
import { useEffect, useState } from "react";
import type { Viewport } from "./geometry";

/** How long the viewport must rest before the label is drawn sharp for it. */
export const SETTLE_MS = 150;

const same = (a: Viewport, b: Viewport) => a.x === b.x && a.y === b.y && a.zoom === b.zoom;

/**
 * The CSS transform (origin top-left) that turns a layer drawn for viewport `drawn` into what
 * viewport `live` shows; "none" when they are the same.
 */
export function layerTransform(live: Viewport, drawn: Viewport): string {
  if (same(live, drawn)) return "none";
  const k = drawn.zoom > 0 ? live.zoom / drawn.zoom : 1;
  const tx = live.x - drawn.x * k;
  const ty = live.y - drawn.y * k;
  return k === 1 ? `translate(${tx}px, ${ty}px)` : `translate(${tx}px, ${ty}px) scale(${k})`;
}

/** `vp` once it has not changed for `ms` (the viewport the label is drawn for). */
export function useSettledViewport(vp: Viewport, ms = SETTLE_MS): Viewport {
  const [settled, setSettled] = useState(vp);
  useEffect(() => {
    if (same(vp, settled)) return;
    const t = setTimeout(() => setSettled(vp), ms);
    return () => clearTimeout(t);
  }, [vp, settled, ms]);
  return same(vp, settled) ? vp : settled;
}
