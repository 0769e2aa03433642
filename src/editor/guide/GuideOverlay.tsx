// The editing guide (spec §2): 0 welcome (skip or start), 1 tool area and text, 2 function menu and
// right-click, 3 attribute panel, 4 print (finish). Steps 1–4 highlight their area of the screen with
// a popover beside it; skip is on every step. The machine (useGuide) decides what shows.
import { useEffect, useLayoutEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { GUIDE_STEPS, guideImageWidth } from "../../../machines/guide.machine";
import { pickLanguage } from "../../i18n/messages";
import { NARROW_SCREEN_MAX_PX } from "../../model/constants";
import { useNarrow } from "../useNarrow";
import { GuideFigure } from "./GuideFigure";
import type { GuideActor } from "./useGuide";
import "./guide.css";

/** The area each step points at (data-testid), none for the welcome step. */
const EDITOR_TARGETS: readonly (string | null)[] = [
  null,
  "palette",
  "toolbar",
  "attribute-panel",
  "print-open",
];
const GAP = 12;
const POPOVER_MAX = 380;

interface Rect {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

function useTargetRect(testId: string | null): Rect | null {
  const [rect, setRect] = useState<Rect | null>(null);
  useLayoutEffect(() => {
    if (!testId) {
      setRect(null);
      return;
    }
    const measure = () => {
      const el = document.querySelector(`[data-testid="${testId}"]`);
      const r = el?.getBoundingClientRect();
      setRect(r ? { left: r.left, top: r.top, width: r.width, height: r.height } : null);
    };
    measure();
    // the area may still settle (panels loading): follow its size as well as the window's
    const el = document.querySelector(`[data-testid="${testId}"]`);
    const ro = new ResizeObserver(measure);
    if (el) ro.observe(el);
    window.addEventListener("resize", measure);
    return () => {
      ro.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, [testId]);
  return rect;
}

/** Places the popover beside the highlighted area, inside the window. */
function popoverPlace(r: Rect, w: number): { left: number; top: number } {
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  let left: number;
  let top: number;
  if (r.left + r.width + GAP + w <= vw) {
    left = r.left + r.width + GAP; // right of it
    top = r.top;
  } else if (r.left - GAP - w >= 0) {
    left = r.left - GAP - w; // left of it
    top = r.top;
  } else {
    left = r.left + r.width - w; // below it
    top = r.top + r.height + GAP;
  }
  return {
    left: Math.max(GAP, Math.min(left, vw - w - GAP)),
    top: Math.max(GAP, Math.min(top, vh - 360)),
  };
}

/** One step of a tour shown in this overlay: the area it points at (data-testid) and its texts' keys. */
export interface TourStep {
  readonly target: string | null;
  readonly title: string;
  readonly text: string;
}

/** The editing guide's steps (editor.guide.title<n>, text<n>). */
const EDITOR_STEPS: readonly TourStep[] = EDITOR_TARGETS.map((target, n) => ({
  target,
  title: `editor.guide.title${n}`,
  text: `editor.guide.text${n}`,
}));

export interface GuideOverlayProps {
  readonly actor: GuideActor;
  readonly step: number;
  /** the steps (as many as the machine's); the editing guide's by default */
  readonly steps?: readonly TourStep[];
  /** the editing guide's drawings (the home tour points at the real controls instead) */
  readonly figures?: boolean;
}

/** The guide's overlay; the home tour (src/app/pages/HomeTour.tsx) shows its own steps in it. */
export function GuideOverlay({ actor, step, steps = EDITOR_STEPS, figures = true }: GuideOverlayProps) {
  const { t, i18n } = useTranslation();
  const narrow = useNarrow();
  const width = guideImageWidth(
    pickLanguage(i18n.language),
    narrow ? NARROW_SCREEN_MAX_PX : NARROW_SCREEN_MAX_PX + 1,
  );
  const current = steps[step] ?? steps[0];
  const rect = useTargetRect(current.target);
  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      if (e.key === "Escape") actor.send({ type: "dismiss" });
    };
    window.addEventListener("keydown", key);
    return () => window.removeEventListener("keydown", key);
  }, [actor]);

  const popW = Math.min(POPOVER_MAX, Math.max(width + 40, 300));
  const place = rect ? popoverPlace(rect, popW) : null;
  const last = step === GUIDE_STEPS - 1;
  const buttons = (
    <div className="ink-guide-buttons">
      <button
        type="button"
        className="ink-btn"
        data-testid="guide-skip"
        onClick={() => actor.send({ type: "dismiss" })}
      >
        {t("editor.guide.skip")}
      </button>
      {step > 0 && (
        <button
          type="button"
          className="ink-btn"
          data-testid="guide-prev"
          onClick={() => actor.send({ type: "step.prev" })}
        >
          {t("editor.guide.prev")}
        </button>
      )}
      <button
        type="button"
        className="ink-btn is-primary"
        data-testid={last ? "guide-finish" : step === 0 ? "guide-start" : "guide-next"}
        onClick={() => actor.send(last ? { type: "finish" } : { type: "step.next" })}
      >
        {t(last ? "editor.guide.finish" : step === 0 ? "editor.guide.start" : "editor.guide.next")}
      </button>
    </div>
  );
  return (
    <div className="ink-guide" data-testid="guide" data-step={step}>
      {rect ? (
        <div
          className="ink-guide-spot"
          data-testid="guide-spot"
          style={{ left: rect.left - 4, top: rect.top - 4, width: rect.width + 8, height: rect.height + 8 }}
        />
      ) : (
        <div className="ink-guide-dim" />
      )}
      <div
        className={`ink-guide-card${place ? "" : " is-centred"}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby="ink-guide-title"
        style={place ? { left: place.left, top: place.top, width: popW } : { width: popW }}
      >
        {step > 0 && (
          <p className="ink-guide-count">{t("editor.guide.stepOf", { n: step, total: GUIDE_STEPS - 1 })}</p>
        )}
        <h2 id="ink-guide-title" className="ink-guide-title">
          {t(current.title)}
        </h2>
        {figures && <GuideFigure step={step} width={width} />}
        <p className="ink-guide-text">{t(current.text)}</p>
        {buttons}
      </div>
    </div>
  );
}
