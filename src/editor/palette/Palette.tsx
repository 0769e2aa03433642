// The left element area: every palette entry of spec §2. Add by dragging onto the canvas (dropped at
// the pointer) or by double-clicking or Enter (placed at the canvas centre). Shape opens its sub-list.
import {
  Fragment,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import type { ElementType } from "../../model/types";
import { PaletteIconEntry } from "../icons/PaletteIconEntry";
import { PALETTE, type PaletteItem } from "./entries";
import { PaletteIcon } from "./PaletteIcon";
import { createAddGuard, DRAG_SLOP_PX, pressOutcome } from "./pressGesture";

export interface PaletteProps {
  /** adds an element; `client` is the drop point in client px, absent = canvas centre */
  readonly onAdd: (type: ElementType, client?: { x: number; y: number }) => void;
  /** is this client point over the canvas? */
  readonly isOverCanvas: (clientX: number, clientY: number) => boolean;
}

interface Press {
  type: ElementType;
  labelKey: string;
  t0: number;
  x0: number;
  y0: number;
  moved: boolean;
  pointerId: number;
}

export function Palette({ onAdd, isOverCanvas }: PaletteProps) {
  const { t } = useTranslation();
  const [shapesAt, setShapesAt] = useState<{ left: number; top: number } | null>(null);
  const shapesOpen = shapesAt !== null;
  const [ghost, setGhost] = useState<{ x: number; y: number; type: ElementType; labelKey: string } | null>(
    null,
  );
  const press = useRef<Press | null>(null);
  const groupRef = useRef<HTMLDivElement>(null);
  // the shape flyout closes on a press anywhere else (a press inside may start a drag from it)
  useEffect(() => {
    if (!shapesAt) return;
    const away = (e: PointerEvent) => {
      if (!groupRef.current?.contains(e.target as Node)) setShapesAt(null);
    };
    window.addEventListener("pointerdown", away, true);
    return () => window.removeEventListener("pointerdown", away, true);
  }, [shapesAt]);
  const guard = useRef(createAddGuard());

  const down = (it: PaletteItem) => (e: ReactPointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0) return;
    press.current = {
      type: it.type,
      labelKey: it.labelKey,
      t0: performance.now(),
      x0: e.clientX,
      y0: e.clientY,
      moved: false,
      pointerId: e.pointerId,
    };
    try {
      e.currentTarget.setPointerCapture(e.pointerId);
    } catch {
      // not an active pointer (synthetic events): the press still works without capture
    }
  };
  const move = (e: ReactPointerEvent<HTMLButtonElement>) => {
    const p = press.current;
    if (!p || p.pointerId !== e.pointerId) return;
    if (!p.moved && Math.hypot(e.clientX - p.x0, e.clientY - p.y0) < DRAG_SLOP_PX) return;
    p.moved = true;
    setGhost({ x: e.clientX, y: e.clientY, type: p.type, labelKey: p.labelKey });
  };
  const up = (e: ReactPointerEvent<HTMLButtonElement>) => {
    const p = press.current;
    press.current = null;
    setGhost(null);
    if (!p || p.pointerId !== e.pointerId) return;
    const outcome = pressOutcome(performance.now() - p.t0, p.moved, isOverCanvas(e.clientX, e.clientY));
    if (outcome === "drop") onAdd(p.type, { x: e.clientX, y: e.clientY });
  };
  const cancel = () => {
    press.current = null;
    setGhost(null);
  };
  const dbl = (type: ElementType) => () => {
    if (guard.current.allow()) onAdd(type);
  };
  // Enter or Space on a focused entry (a click of detail 0) adds it at the centre, as a double-click
  // does: the keyboard's way in (a pointer's click has a detail of 1 or more and adds nothing)
  const key = (type: ElementType) => (e: ReactMouseEvent<HTMLButtonElement>) => {
    if (e.detail === 0) dbl(type)();
  };

  const button = (it: PaletteItem) => (
    <button
      key={it.type}
      type="button"
      className="ink-palette-item"
      data-testid={`palette-${it.type}`}
      aria-label={t(it.labelKey)}
      title={t("editor.palette.hint")}
      onPointerDown={down(it)}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={cancel}
      onDoubleClick={dbl(it.type)}
      onClick={key(it.type)}
    >
      <PaletteIcon type={it.type} />
      <span>{t(it.labelKey)}</span>
    </button>
  );

  return (
    <nav className="ink-palette" aria-label={t("editor.palette.title")} data-testid="palette">
      {PALETTE.map((entry) =>
        entry.kind === "item" ? (
          button(entry)
        ) : (
          <Fragment key={entry.id}>
            <div className="ink-palette-group" ref={groupRef}>
              <button
                type="button"
                className="ink-palette-item"
                data-testid="palette-shape"
                aria-expanded={shapesOpen}
                aria-label={t(entry.labelKey)}
                onClick={(e) => {
                  const r = e.currentTarget.getBoundingClientRect();
                  setShapesAt((o) => (o ? null : { left: r.right + 8, top: r.top }));
                }}
              >
                <PaletteIcon type="shape" />
                <span>{t(entry.labelKey)}</span>
              </button>
              {shapesOpen && (
                // biome-ignore lint/a11y/useSemanticElements: a pop-up group of buttons, not a form's fieldset
                <div
                  className="ink-palette-sub"
                  role="group"
                  aria-label={t(entry.labelKey)}
                  style={shapesAt ?? undefined}
                >
                  {entry.items.map(button)}
                </div>
              )}
            </div>
            <PaletteIconEntry />
          </Fragment>
        ),
      )}
      {ghost && (
        <div className="ink-palette-ghost" style={{ left: ghost.x, top: ghost.y }} aria-hidden="true">
          <PaletteIcon type={ghost.type} />
          <span>{t(ghost.labelKey)}</span>
        </div>
      )}
    </nav>
  );
}
