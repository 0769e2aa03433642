// Interaction overlays drawn in screen pixels above the label: selection boxes, resize handles, snap
// guides and the selection frame. They live in their own layer and never reach the label SVG.
import { memo } from "react";
import { ANCHOR_SIZE, CANVAS_GUIDE_COLOR, OBJECT_GUIDE_COLOR } from "../../model/constants";
import type { Rect } from "./geometry";

export interface OverlayBox {
  readonly id: string;
  readonly rect: Rect;
  readonly locked: boolean;
}

export interface OverlayHandle {
  readonly id: string;
  /** the element the handle resizes */
  readonly elementId: string;
  readonly x: number;
  readonly y: number;
  readonly cursor: string;
}

export interface OverlayGuide {
  /** "x": a vertical line at screen x; "y": a horizontal line at screen y */
  readonly axis: "x" | "y";
  readonly pos: number;
  readonly kind: "canvas" | "object";
}

interface OverlayProps {
  readonly boxes: readonly OverlayBox[];
  readonly handles: readonly OverlayHandle[];
  readonly guides: readonly OverlayGuide[];
  readonly frame: Rect | null;
}

const HANDLE = ANCHOR_SIZE / 2;

// memo: the canvas renders on every viewport change; the overlays only with what they show
export const Overlay = memo(function Overlay({ boxes, handles, guides, frame }: OverlayProps) {
  return (
    <g className="ink-overlay" data-testid="overlay">
      {boxes.map((b) => (
        <rect
          key={b.id}
          data-testid="selection-box"
          data-for={b.id}
          x={b.rect.x - 1}
          y={b.rect.y - 1}
          width={b.rect.width + 2}
          height={b.rect.height + 2}
          fill="none"
          stroke={b.locked ? "#9aa5b8" : "#3f80f5"}
          strokeDasharray={b.locked ? "4 3" : undefined}
          pointerEvents="none"
        />
      ))}
      {handles.map((h) => (
        <rect
          key={h.id}
          data-handle={h.id}
          data-for={h.elementId}
          data-testid={`handle-${h.id}`}
          x={h.x - HANDLE / 2}
          y={h.y - HANDLE / 2}
          width={HANDLE}
          height={HANDLE}
          fill="#fff"
          stroke="#3f80f5"
          style={{ cursor: h.cursor }}
        />
      ))}
      {guides.map((g) => (
        <line
          key={`${g.axis}${g.pos}${g.kind}`}
          data-testid={`guide-${g.kind}`}
          x1={g.axis === "x" ? g.pos : -10000}
          x2={g.axis === "x" ? g.pos : 10000}
          y1={g.axis === "y" ? g.pos : -10000}
          y2={g.axis === "y" ? g.pos : 10000}
          stroke={g.kind === "canvas" ? CANVAS_GUIDE_COLOR : OBJECT_GUIDE_COLOR}
          strokeWidth={1}
          pointerEvents="none"
        />
      ))}
      {frame && (
        <rect
          data-testid="selection-frame"
          x={frame.x}
          y={frame.y}
          width={frame.width}
          height={frame.height}
          fill="rgba(63,128,245,0.08)"
          stroke="#3f80f5"
          strokeDasharray="4 3"
          pointerEvents="none"
        />
      )}
    </g>
  );
});
