// A finger held still on the canvas opens the context menu, as a right click does (touch screens
// have no right button). Capturing listeners on the canvas element: d3-drag and d3-zoom stop the
// touch events at their target, after these have seen them.
import { LONG_PRESS_MOVE_PX, LONG_PRESS_MS } from "../../model/constants";

export interface LongPressOptions {
  readonly element: HTMLElement;
  /** the press lasted: client coordinates and the touched element */
  readonly onLongPress: (clientX: number, clientY: number, target: Element | null) => void;
}

export function createLongPress({ element, onLongPress }: LongPressOptions): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let at = { x: 0, y: 0 };
  const stop = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const onStart = (e: TouchEvent) => {
    stop();
    if (e.touches.length !== 1) return; // two fingers pinch
    const t = e.touches[0];
    const target = e.target as Element | null;
    at = { x: t.clientX, y: t.clientY };
    timer = setTimeout(() => {
      timer = null;
      onLongPress(at.x, at.y, target);
    }, LONG_PRESS_MS);
  };
  const onMove = (e: TouchEvent) => {
    const t = e.touches[0];
    if (t && Math.hypot(t.clientX - at.x, t.clientY - at.y) > LONG_PRESS_MOVE_PX) stop();
  };
  const opts = { capture: true, passive: true } as const;
  element.addEventListener("touchstart", onStart, opts);
  element.addEventListener("touchmove", onMove, opts);
  element.addEventListener("touchend", stop, opts);
  element.addEventListener("touchcancel", stop, opts);
  return () => {
    stop();
    element.removeEventListener("touchstart", onStart, opts);
    element.removeEventListener("touchmove", onMove, opts);
    element.removeEventListener("touchend", stop, opts);
    element.removeEventListener("touchcancel", stop, opts);
  };
}
