// d3-zoom wrapped in a small framework-free factory (after xyflow's XYPanZoom): it owns the pan/zoom
// gestures of the canvas element and reports viewports (label origin in screen px + zoom).
// Ctrl/Cmd+wheel zooms around the pointer, a plain wheel scrolls, a primary-button drag pans only when
// `canPan` allows it (canvas lock off, not on an element), the middle button always pans.
import { select } from "d3-selection";
import { type D3ZoomEvent, zoom as d3zoom, type ZoomBehavior, zoomIdentity, zoomTransform } from "d3-zoom";
import { PX_PER_MM, ZOOM_MAX } from "../../model/constants";
import { clampZoom, type Point, type Viewport, ZOOM_FLOOR, zoomAround } from "./geometry";

export interface PanZoomOptions {
  readonly element: HTMLElement;
  readonly onChange: (v: Viewport) => void;
  /** may a primary-button drag starting with this event pan the canvas? */
  readonly canPan: (event: MouseEvent) => boolean;
}

export interface PanZoomInstance {
  update(opts: Partial<Pick<PanZoomOptions, "onChange" | "canPan">>): void;
  getViewport(): Viewport;
  setViewport(v: Viewport): void;
  /** zooms keeping `anchor` (screen px inside the element; default its centre) in place */
  zoomTo(zoom: number, anchor?: Point): void;
  destroy(): void;
}

const WHEEL_ZOOM_SPEED = 0.002;

export function createPanZoom(options: PanZoomOptions): PanZoomInstance {
  let { onChange, canPan } = options;
  const el = options.element;
  const sel = select<Element, unknown>(el);
  const toViewport = (t: { x: number; y: number; k: number }): Viewport => ({
    x: t.x,
    y: t.y,
    zoom: t.k / PX_PER_MM,
  });

  const behaviour: ZoomBehavior<Element, unknown> = d3zoom<Element, unknown>()
    .scaleExtent([ZOOM_FLOOR * PX_PER_MM, ZOOM_MAX * PX_PER_MM])
    .clickDistance(3)
    .filter((event: MouseEvent | WheelEvent | TouchEvent) => {
      if (event.type === "wheel") return (event as WheelEvent).ctrlKey || (event as WheelEvent).metaKey;
      if (event.type === "dblclick") return false;
      if (event.type.startsWith("touch")) return (event as TouchEvent).touches.length >= 2;
      const m = event as MouseEvent;
      if (m.button === 1) return true;
      return m.button === 0 && !m.ctrlKey && !m.metaKey && canPan(m);
    })
    .wheelDelta(
      (event: WheelEvent) =>
        -event.deltaY * (event.deltaMode === 1 ? 0.05 : event.deltaMode ? 1 : WHEEL_ZOOM_SPEED),
    )
    .on("zoom", (event: D3ZoomEvent<Element, unknown>) => onChange(toViewport(event.transform)));
  sel.call(behaviour);

  // a plain wheel scrolls the canvas (Shift: sideways) instead of zooming
  const onWheel = (event: WheelEvent) => {
    if (event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const t = zoomTransform(el);
    const dx = event.shiftKey && event.deltaX === 0 ? event.deltaY : event.deltaX;
    const dy = event.shiftKey && event.deltaX === 0 ? 0 : event.deltaY;
    behaviour.translateBy(sel, -dx / t.k, -dy / t.k);
  };
  el.addEventListener("wheel", onWheel, { passive: false });

  const setViewport = (v: Viewport) => {
    const k = clampZoom(v.zoom) * PX_PER_MM;
    behaviour.transform(sel, zoomIdentity.translate(v.x, v.y).scale(k));
  };

  return {
    update(opts) {
      if (opts.onChange) onChange = opts.onChange;
      if (opts.canPan) canPan = opts.canPan;
    },
    getViewport: () => toViewport(zoomTransform(el)),
    setViewport,
    zoomTo(zoom, anchor) {
      const a = anchor ?? { x: el.clientWidth / 2, y: el.clientHeight / 2 };
      setViewport(zoomAround(toViewport(zoomTransform(el)), zoom, a));
    },
    destroy() {
      el.removeEventListener("wheel", onWheel);
      sel.on(".zoom", null);
    },
  };
}
