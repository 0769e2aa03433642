// The optional grid over the label, in label millimetres (drawn inside the zoomed world group).
import { memo } from "react";
import { gridLines, gridSpec } from "./grid";

interface GridLayerProps {
  readonly width: number;
  readonly height: number;
  /** screen px per mm, to keep the lines one pixel wide */
  readonly scale: number;
}

export const GridLayer = memo(function GridLayer({ width, height, scale }: GridLayerProps) {
  const spec = gridSpec(width);
  const px = 1 / scale;
  const cols = gridLines(width, spec);
  const rows = gridLines(height, spec);
  return (
    <g className="ink-grid" data-testid="grid" pointerEvents="none">
      {cols.map((l) => (
        <line
          key={`c${l.mm}`}
          x1={l.mm}
          x2={l.mm}
          y1={0}
          y2={height}
          stroke={l.major ? "#9fb0cc" : "#dbe3f0"}
          strokeWidth={px}
        />
      ))}
      {rows.map((l) => (
        <line
          key={`r${l.mm}`}
          y1={l.mm}
          y2={l.mm}
          x1={0}
          x2={width}
          stroke={l.major ? "#9fb0cc" : "#dbe3f0"}
          strokeWidth={px}
        />
      ))}
    </g>
  );
});
