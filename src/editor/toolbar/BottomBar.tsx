// The bottom bar of spec §2: help popover (shortcuts, editing guide), grid toggle, fit to screen, zoom out,
// the zoom slider (0.05–5, step 0.01) and zoom in (the buttons step through ZOOM_BUTTON_STOPS).
import { useTranslation } from "react-i18next";
import { ZOOM_MAX, ZOOM_MIN, ZOOM_STEP } from "../../model/constants";
import { action } from "../actions/registry";
import type { ActionContext } from "../actions/types";
import { clampZoom, zoomButtonStep } from "../canvas/geometry";
import { Icon } from "./icons";
import { ShortcutHelp } from "./ShortcutHelp";

export function BottomBar({
  ctx,
  zoom,
  onGuide,
}: {
  readonly ctx: ActionContext;
  readonly zoom: number;
  readonly onGuide: () => void;
}) {
  const { t } = useTranslation();
  const grid = action("grid");
  const zoomTo = (z: number) => ctx.viewport?.zoomTo(clampZoom(z));
  return (
    <footer className="ink-bottom" data-testid="bottom-bar">
      <ShortcutHelp placement="top" onGuide={onGuide} />
      <button
        type="button"
        className={`ink-tool${ctx.prefs.showGrid ? " is-on" : ""}`}
        aria-label={t(grid.labelKey)}
        aria-pressed={ctx.prefs.showGrid}
        title={t(grid.labelKey)}
        data-testid="grid-toggle"
        onClick={() => grid.perform(ctx)}
      >
        <Icon name="grid" />
      </button>
      <button
        type="button"
        className="ink-tool"
        aria-label={t("editor.zoom.fit")}
        title={t("editor.zoom.fit")}
        data-testid="zoom-fit"
        onClick={() => ctx.viewport?.fit()}
      >
        <Icon name="fit" />
      </button>
      <button
        type="button"
        className="ink-tool"
        aria-label={t("editor.zoom.out")}
        title={t("editor.zoom.out")}
        data-testid="zoom-out"
        onClick={() => zoomTo(zoomButtonStep(zoom, -1))}
      >
        <Icon name="zoomOut" />
      </button>
      <input
        type="range"
        className="ink-zoom-slider"
        min={ZOOM_MIN}
        max={ZOOM_MAX}
        step={ZOOM_STEP}
        value={Math.max(ZOOM_MIN, zoom)}
        aria-label={t("editor.zoom.slider")}
        data-testid="zoom-slider"
        onChange={(e) => zoomTo(Number(e.target.value))}
      />
      <button
        type="button"
        className="ink-tool"
        aria-label={t("editor.zoom.in")}
        title={t("editor.zoom.in")}
        data-testid="zoom-in"
        onClick={() => zoomTo(zoomButtonStep(zoom, 1))}
      >
        <Icon name="zoomIn" />
      </button>
      <output className="ink-zoom-value" data-testid="zoom-value" aria-live="polite">
        {Math.round(zoom * 100)}%
      </output>
    </footer>
  );
}
