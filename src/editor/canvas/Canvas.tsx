// The central canvas: rulers, the zoomable/pannable viewport with the label (shared renderer), the
// optional grid and the interaction overlays. d3-zoom handles the wheel (Ctrl/Cmd: zoom) and the
// middle button; every primary-button gesture goes through d3-drag to the canvas-interaction machine,
// which selects, drags (snapped), resizes, frames or — canvas lock off — asks us to pan. On a touch
// screen one finger does what the primary button does, two fingers pinch-zoom (and pan), a long
// press opens the context menu.
// Composited layers keep frames cheap on a large label (docs/canvas-performance.md): the world
// (paper; label and grid on a layer of their own, so an edit never repaints the paper's shadow) is
// drawn for the settled viewport and CSS-transformed while zooming or panning; the drag layer holds
// the dragged elements and moves by a CSS translate; the overlays are on top. The one selected
// element's kind may draw its own overlay (`CanvasOverlay` of its UI: the table's picked cells, the
// text's inline editor); the canvas mounts it and hands it its layers, and has no kind's code.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { RULER_BAND } from "../../model/constants";
import { elementBox } from "../../model/geometry";
import { resizeHandles } from "../../model/ops/resize";
import type { LabelDocument } from "../../model/types";
import { useRecordValues } from "../data/context";
import { type CanvasLayers, kindUiOf, useElementsUi } from "../kinds";
import {
  selectDoc,
  selectSelection,
  shallowEqual,
  useEditorContext,
  useEditorSelector,
} from "../state/context";
import type { EditorStore } from "../state/store";
import { GridLayer } from "./GridLayer";
import { docToScreen, fitViewport, rectToScreen, scaleOf, screenToDoc, type Viewport } from "./geometry";
import { createGestures, hitPad, targetAt } from "./gestures";
import { handlePoints } from "./handles";
import { LabelLayer } from "./LabelLayer";
import type { Offset } from "./lift";
import { createLongPress } from "./longPress";
import { Overlay, type OverlayBox, type OverlayGuide } from "./Overlay";
import { createPanZoom } from "./panZoom";
import { createPointerDrag } from "./pointerDrag";
import { Ruler } from "./Rulers";
import { UnprintableMarks } from "./UnprintableMarks";
import { layerTransform, useSettledViewport } from "./viewportLayer";
import "./canvas.css";

/**
 * The elements being dragged right now (the interaction machine is dragging them) and the document
 * at pointer-down, or null.
 */
function dragOf(store: EditorStore): { ids: readonly string[]; base: LabelDocument } | null {
  const c = store.actor.getSnapshot().context;
  return c.gesture && c.canvas.getSnapshot().matches("dragging")
    ? { ids: c.gesture.ids, base: c.gesture.base }
    : null;
}

export interface CanvasProps {
  readonly showGrid: boolean;
  readonly onViewport: (v: Viewport) => void;
  readonly onContextMenu: (clientX: number, clientY: number) => void;
}

export function Canvas({ showGrid, onViewport, onContextMenu }: CanvasProps) {
  const { t } = useTranslation();
  const { store, viewport: viewportApi } = useEditorContext();
  // the canvas draws the document: it renders with every change of it (the label layer then
  // draws only the elements that changed)
  const doc = useEditorSelector(selectDoc);
  const selection = useEditorSelector(selectSelection, shallowEqual);
  const guides = useEditorSelector((s) => s.guides);
  const frame = useEditorSelector((s) => s.frame);
  const canvasLock = useEditorSelector((s) => s.canvasLock);
  const drag = useEditorSelector(() => dragOf(store), shallowEqual);
  const lift = drag?.ids ?? null;
  // a drag only moves elements: their record values are those of the document at pointer-down
  const values = useRecordValues(drag?.base ?? doc);
  const hostRef = useRef<HTMLDivElement>(null);
  const kindLayerRef = useRef<SVGGElement>(null);
  const [layers, setLayers] = useState<CanvasLayers | null>(null);
  useLayoutEffect(() => {
    const host = hostRef.current;
    const world = kindLayerRef.current;
    if (host && world) setLayers({ host, world });
  }, []);
  const ui = useElementsUi();
  const single = selection.length === 1 ? doc.elements.find((e) => e.Id === selection[0]) : undefined;
  const KindOverlay = single ? kindUiOf(ui, single.Type)?.CanvasOverlay : undefined;
  const [vp, setVp] = useState<Viewport>({ x: 0, y: 0, zoom: 1 });
  // the label is drawn for the settled viewport; the live one is a CSS transform of it
  const drawn = useSettledViewport(vp);
  const s0 = scaleOf(drawn);
  const liftLayer = useRef<HTMLDivElement>(null);
  const liftRoot = useRef<SVGGElement>(null);
  const liftOffset = useRef<Offset | null>(null);
  const liftScale = useRef(s0);
  const placeLift = useCallback(() => {
    const el = liftLayer.current;
    const o = liftOffset.current;
    const k = liftScale.current;
    if (el) el.style.transform = o ? `translate(${o.dx * k}px, ${o.dy * k}px)` : "";
  }, []);
  const onLift = useCallback(
    (o: Offset | null) => {
      liftOffset.current = o;
      placeLift();
    },
    [placeLift],
  );
  useLayoutEffect(() => {
    liftScale.current = s0;
    placeLift();
  }, [s0, placeLift]);
  const [size, setSize] = useState({ w: 0, h: 0 });
  const onViewportRef = useRef(onViewport);
  onViewportRef.current = onViewport;
  // the context menu (right click, long press) is for the element under the pointer: it is selected
  // first unless it already is
  const openMenu = useRef((_x: number, _y: number, _target: Element | null) => {});
  openMenu.current = (x, y, target) => {
    const box = hostRef.current?.getBoundingClientRect();
    const point = screenToDoc(vp, { x: x - (box?.left ?? 0), y: y - (box?.top ?? 0) });
    const hit = targetAt(target, point, store.get().doc.elements, hitPad(vp.zoom));
    if (hit.kind === "element" && !store.get().selection.includes(hit.id)) store.select([hit.id]);
    onContextMenu(x, y);
  };
  const docSize = useRef({ w: doc.attrs.width, h: doc.attrs.height });
  docSize.current = { w: doc.attrs.width, h: doc.attrs.height };

  // d3 pan/zoom, pointer gestures and the viewport API, once per mount
  useEffect(() => {
    const el = hostRef.current;
    if (!el) return;
    const pz = createPanZoom({
      element: el,
      onChange: (v) => {
        setVp(v);
        onViewportRef.current(v);
      },
      // primary-button drags belong to the interaction machine (it decides frame or pan)
      canPan: () => false,
    });
    // the machine needs the zoom only for the snap distance: it gets it when a gesture starts
    const gestures = createGestures({ store, getViewport: pz.getViewport });
    const drag = createPointerDrag({
      element: el,
      getViewport: pz.getViewport,
      filter: () => true,
      onStart: gestures.start,
      onMove: gestures.move,
      onEnd: gestures.end,
      onCancel: gestures.cancel,
    });
    const offLongPress = createLongPress({
      element: el,
      onLongPress: (x, y, target) => {
        drag.cancel(); // the finger's lifting is not a click
        openMenu.current(x, y, target);
      },
    });
    const offPan = store.onPan((delta) => {
      const v0 = gestures.frozen();
      if (!v0) return;
      const s0 = scaleOf(v0);
      pz.setViewport({ zoom: v0.zoom, x: v0.x + delta.x * s0, y: v0.y + delta.y * s0 });
    });
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      if (gestures.frozen()) {
        gestures.escape();
        e.preventDefault();
      } else if (store.get().cells) gestures.escape(); // ends the table's cell selection
    };
    window.addEventListener("keydown", onKey, true);
    // the viewport the last fit gave: while it is still shown (no zoom or pan since), a resized
    // window fits again; otherwise the canvas centre keeps showing the same point of the label
    let lastFit: Viewport | null = null;
    const fitLabel = () => {
      pz.setViewport(fitViewport(docSize.current.w, docSize.current.h, el.clientWidth, el.clientHeight));
      // as d3-zoom keeps it: its zoom goes through px per mm and back, not always to the same float
      lastFit = pz.getViewport();
    };
    viewportApi.current = {
      get: pz.getViewport,
      zoomTo: (z) => pz.zoomTo(z),
      fit: fitLabel,
      centre: () => screenToDoc(pz.getViewport(), { x: el.clientWidth / 2, y: el.clientHeight / 2 }),
      clientToDoc(cx, cy) {
        const r = el.getBoundingClientRect();
        if (cx < r.left || cx > r.right || cy < r.top || cy > r.bottom) return null;
        return screenToDoc(pz.getViewport(), { x: cx - r.left, y: cy - r.top });
      },
    };
    let seen = { w: 0, h: 0 };
    const ro = new ResizeObserver(() => {
      const now = { w: el.clientWidth, h: el.clientHeight };
      setSize(now);
      if (now.w <= 0 || now.h <= 0 || (now.w === seen.w && now.h === seen.h)) return;
      const was = seen;
      seen = now;
      const v = pz.getViewport();
      const untouched = lastFit && v.x === lastFit.x && v.y === lastFit.y && v.zoom === lastFit.zoom;
      if (was.w === 0 || untouched) fitLabel();
      else pz.setViewport({ ...v, x: v.x + (now.w - was.w) / 2, y: v.y + (now.h - was.h) / 2 });
    });
    ro.observe(el);
    return () => {
      ro.disconnect();
      offPan();
      window.removeEventListener("keydown", onKey, true);
      offLongPress();
      drag.destroy();
      pz.destroy();
      viewportApi.current = null;
    };
  }, [store, viewportApi]);

  const world = `translate(${drawn.x} ${drawn.y}) scale(${s0})`;
  // while the viewport moves, the label and the overlays (drawn for `drawn`) follow by CSS alone
  const moving = layerTransform(vp, drawn);
  const boxes = useMemo<OverlayBox[]>(() => {
    const byId = new Map(doc.elements.map((e) => [e.Id, e]));
    const out: OverlayBox[] = [];
    for (const id of selection) {
      const el = byId.get(id);
      if (el) out.push({ id, rect: rectToScreen(drawn, elementBox(el)), locked: el.Lock });
    }
    return out;
  }, [doc, selection, drawn]);

  const handles = useMemo(() => {
    if (selection.length !== 1) return [];
    const el = doc.elements.find((e) => e.Id === selection[0]);
    return el ? handlePoints(el, resizeHandles(el), drawn) : [];
  }, [doc, selection, drawn]);

  const guideLines = useMemo<OverlayGuide[]>(
    () =>
      guides.map((g) => {
        const p = docToScreen(drawn, { x: g.at, y: g.at });
        return { axis: g.axis, pos: g.axis === "x" ? p.x : p.y, kind: g.kind };
      }),
    [guides, drawn],
  );
  const frameRect = useMemo(() => (frame ? rectToScreen(drawn, frame) : null), [frame, drawn]);

  const onMenu = (e: React.MouseEvent) => {
    e.preventDefault();
    openMenu.current(e.clientX, e.clientY, e.target as Element);
  };

  return (
    <div className="ink-canvas" style={{ "--ruler": `${RULER_BAND}px` } as React.CSSProperties}>
      <div className="ink-ruler-corner" aria-hidden="true" />
      <div className="ink-ruler-top">
        <Ruler orientation="horizontal" origin={vp.x} zoom={vp.zoom} length={size.w} />
      </div>
      <div className="ink-ruler-left">
        <Ruler orientation="vertical" origin={vp.y} zoom={vp.zoom} length={size.h} />
      </div>
      <div
        ref={hostRef}
        className={`ink-viewport${canvasLock ? " is-locked" : ""}`}
        data-testid="canvas"
        data-zoom={vp.zoom}
        role="application"
        aria-label={t("editor.canvas.label")}
        onContextMenu={onMenu}
      >
        <div className="ink-world" style={{ transform: moving }}>
          <svg className="ink-stage" width="100%" height="100%" aria-hidden="true">
            <g transform={world}>
              <rect
                className="ink-label-paper"
                width={doc.attrs.width}
                height={doc.attrs.height}
                fill="#fff"
                stroke="#c9d2e0"
                strokeWidth={1 / s0}
              />
              {/* the grid lies on the paper, under the label's content */}
              {showGrid && <GridLayer width={doc.attrs.width} height={doc.attrs.height} scale={s0} />}
            </g>
          </svg>
          <svg className="ink-stage ink-label-stage" width="100%" height="100%" aria-hidden="true">
            <g transform={world} data-testid="world">
              <LabelLayer
                doc={doc}
                values={values}
                lift={lift}
                liftRoot={liftRoot}
                onLift={onLift}
                view={vp}
              />
              <g ref={kindLayerRef} pointerEvents="none" data-testid="kind-overlay-layer" />
            </g>
          </svg>
          <div className="ink-lift" ref={liftLayer}>
            <svg className="ink-stage" width="100%" height="100%" aria-hidden="true">
              <g transform={world}>
                <g ref={liftRoot} className="ink-label-lifted" />
              </g>
            </svg>
          </div>
        </div>
        <svg
          className="ink-stage ink-overlay-layer"
          width="100%"
          height="100%"
          aria-hidden="true"
          style={{ transform: moving }}
        >
          <Overlay boxes={boxes} handles={handles} guides={guideLines} frame={frameRect} />
        </svg>
        <UnprintableMarks doc={doc} values={values} drawn={drawn} transform={moving} />
        {single && KindOverlay && layers && <KindOverlay key={single.Id} el={single} layers={layers} />}
      </div>
    </div>
  );
}
