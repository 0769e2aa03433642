// The crop view of the AI dialog: the picture with the crop region over it, four corner handles the
// user drags (pointer) or moves with the arrow keys (a focused handle, 1 % of the picture a press).
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import type { Quad as Corners, PicturePoint as Point } from "../../image/quad";

interface CropViewProps {
  readonly src: string;
  readonly width: number;
  readonly height: number;
  readonly corners: Corners;
  readonly onCorner: (index: 0 | 1 | 2 | 3, p: Point) => void;
}

const NAMES = ["ai.crop.topLeft", "ai.crop.topRight", "ai.crop.bottomRight", "ai.crop.bottomLeft"] as const;

export function CropView({ src, width, height, corners, onCorner }: CropViewProps) {
  const { t } = useTranslation();
  const svg = useRef<SVGSVGElement>(null);
  const dragging = useRef<0 | 1 | 2 | 3 | null>(null);
  const toPicture = (e: React.PointerEvent): Point | null => {
    const el = svg.current;
    const m = el?.getScreenCTM();
    if (!el || !m) return null;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return [Math.round(p.x), Math.round(p.y)];
  };
  const r = Math.max(width, height) / 60;
  const step = Math.max(width, height) / 100;
  return (
    <fieldset className="ink-ai-crop-box">
      <legend>{t("ai.crop.title")}</legend>
      <svg
        ref={svg}
        className="ink-ai-crop"
        viewBox={`0 0 ${width} ${height}`}
        data-testid="ai-crop"
        onPointerMove={(e) => {
          if (dragging.current === null) return;
          const p = toPicture(e);
          if (p) onCorner(dragging.current, p);
        }}
        onPointerUp={() => {
          dragging.current = null;
        }}
      >
        <title>{t("ai.crop.title")}</title>
        <image href={src} x={0} y={0} width={width} height={height} />
        <polygon
          points={corners.map((c) => c.join(",")).join(" ")}
          className="ink-ai-crop-region"
          strokeWidth={r / 4}
        />
        {corners.map((c, i) => (
          // biome-ignore lint/a11y/useSemanticElements: an SVG handle cannot be a <button>
          <circle
            key={NAMES[i]}
            cx={c[0]}
            cy={c[1]}
            r={r}
            className="ink-ai-crop-handle"
            role="button"
            tabIndex={0}
            aria-label={t(NAMES[i])}
            data-testid={`ai-crop-handle-${i}`}
            onPointerDown={(e) => {
              dragging.current = i as 0 | 1 | 2 | 3;
              (e.target as Element).setPointerCapture?.(e.pointerId);
              svg.current?.setPointerCapture?.(e.pointerId);
            }}
            onKeyDown={(e) => {
              const d: Record<string, Point> = {
                ArrowLeft: [-step, 0],
                ArrowRight: [step, 0],
                ArrowUp: [0, -step],
                ArrowDown: [0, step],
              };
              const move = d[e.key];
              if (!move) return;
              e.preventDefault();
              onCorner(i as 0 | 1 | 2 | 3, [c[0] + move[0], c[1] + move[1]]);
            }}
          />
        ))}
      </svg>
    </fieldset>
  );
}
