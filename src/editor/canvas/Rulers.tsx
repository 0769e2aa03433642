// The rulers along the top and left edges of the canvas, in the user's unit (mm or inch).
import { memo } from "react";
import { useUnit } from "../../app/settings/userSettings";
import {
  RULER_BAND,
  RULER_COLOR,
  RULER_FONT,
  RULER_LONG_TICK,
  RULER_SHORT_TICK,
} from "../../model/constants";
import { rulerTicks } from "./rulers";

interface RulerProps {
  readonly orientation: "horizontal" | "vertical";
  /** screen offset of the label origin along the ruler, px */
  readonly origin: number;
  readonly zoom: number;
  /** length of the ruler, px */
  readonly length: number;
}

// memo: the canvas renders on every document change, the rulers only move with the viewport
export const Ruler = memo(function Ruler({ orientation, origin, zoom, length }: RulerProps) {
  const unit = useUnit();
  const ticks = rulerTicks(zoom, origin, length, unit);
  const h = orientation === "horizontal";
  return (
    <svg
      className={`ink-ruler ink-ruler-${orientation}`}
      width={h ? length : RULER_BAND}
      height={h ? RULER_BAND : length}
      aria-hidden="true"
      data-testid={`ruler-${orientation}`}
      data-unit={unit}
    >
      <rect width="100%" height="100%" fill="#f6f8fb" />
      {ticks.map((t) => {
        const len = t.major ? RULER_LONG_TICK : RULER_SHORT_TICK;
        return h ? (
          <g key={t.value}>
            <line x1={t.pos} x2={t.pos} y1={RULER_BAND - len} y2={RULER_BAND} stroke={RULER_COLOR} />
            {t.major && (
              <text x={t.pos + 2} y={RULER_FONT} fontSize={RULER_FONT} fill={RULER_COLOR}>
                {t.value}
              </text>
            )}
          </g>
        ) : (
          <g key={t.value}>
            <line y1={t.pos} y2={t.pos} x1={RULER_BAND - len} x2={RULER_BAND} stroke={RULER_COLOR} />
            {t.major && (
              <text
                x={RULER_FONT}
                y={t.pos + 2}
                fontSize={RULER_FONT}
                fill={RULER_COLOR}
                transform={`rotate(-90 ${RULER_FONT} ${t.pos + 2})`}
                textAnchor="end"
              >
                {t.value}
              </text>
            )}
          </g>
        );
      })}
      <line
        x1={h ? 0 : RULER_BAND - 0.5}
        x2={h ? length : RULER_BAND - 0.5}
        y1={h ? RULER_BAND - 0.5 : 0}
        y2={h ? RULER_BAND - 0.5 : length}
        stroke={RULER_COLOR}
      />
    </svg>
  );
});
