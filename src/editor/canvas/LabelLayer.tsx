// The label itself, drawn by the shared renderer (renderLabel, target canvas): the exact SVG that
// export and print use, nested in the world group. Updates are incremental (labelDom.ts): only the
// elements whose objects changed are prepared (fonts, encoders) and drawn again; until they are
// ready the previous drawing stays on screen. While a selection is dragged its nodes are lifted onto
// the drag layer (`liftRoot`), which the canvas moves by the offset reported through `onLift`.
import { memo, type Ref, type RefObject, useImperativeHandle, useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { TIP } from "../../i18n/tips";
import type { LabelDocument } from "../../model/types";
import { prepareRender } from "../../render";
import { createLabelDom } from "./labelDom";
import type { Offset } from "./lift";

export { nestLabelSvg } from "./labelDom";

interface LabelLayerProps {
  readonly doc: LabelDocument;
  /** each data-bound element's text for the shown record (default: the stored Data) */
  readonly values?: ReadonlyMap<string, string>;
  /** ids being dragged (their nodes go to `liftRoot`), or null */
  readonly lift?: readonly string[] | null;
  /** the drag layer's group (mounted next to the label, outside this component) */
  readonly liftRoot?: RefObject<SVGGElement | null>;
  /** the lifted nodes' offset from where they were drawn, mm; null: the drag layer is empty */
  readonly onLift?: (offset: Offset | null) => void;
  /** the live viewport: when it moves, the moved elements go back into the label's layer */
  readonly view?: unknown;
  readonly ref?: Ref<SVGGElement | null>;
}

const sameIds = (a: ReadonlySet<string>, b: readonly string[]) =>
  a.size === new Set(b).size && b.every((id) => a.has(id));

export const LabelLayer = memo(function LabelLayer({
  doc,
  values,
  lift,
  liftRoot,
  onLift,
  view,
  ref,
}: LabelLayerProps) {
  // what an empty text shows (spec: tip124) in the UI language; another language draws all again
  const { t } = useTranslation();
  const placeholder = t(TIP.doubleClickToEdit);
  const gRef = useRef<SVGGElement>(null);
  const dom = useRef<ReturnType<typeof createLabelDom> | null>(null);
  const domPlaceholder = useRef(placeholder);
  useImperativeHandle(ref, () => gRef.current as SVGGElement, []);
  useLayoutEffect(
    () => () => {
      dom.current?.dispose();
      dom.current = null;
    },
    [],
  );
  // while the viewport moves, every frame composites all layers, and a layer of its own is
  // rasterised for one scale: the label is one layer again (view is a dependency to run this on
  // each change)
  useLayoutEffect(() => {
    if (view !== undefined) dom.current?.cool();
  }, [view]);
  // a layout effect: a drag frame's new offset reaches the screen in the frame React commits
  useLayoutEffect(() => {
    const g = gRef.current;
    if (!g) return;
    if (dom.current && domPlaceholder.current !== placeholder) {
      dom.current.drop();
      dom.current.dispose();
      dom.current = null; // another language: the next update draws everything again
    }
    domPlaceholder.current = placeholder;
    dom.current ??= createLabelDom(g, () => liftRoot?.current ?? null, placeholder);
    const d = dom.current;
    let live = true;
    if (lift && lift.length > 0) {
      if (!sameIds(d.lifted(), lift)) {
        d.drop();
        d.lift(lift);
      }
      const off = d.liftOffset(doc);
      if (off) onLift?.(off);
      else {
        // not a plain move of the drawn nodes: draw them in place as usual
        d.drop();
        onLift?.(null);
      }
    }
    const dropping = !lift && d.lifted().size > 0;
    const todo = d.pending(doc, values, dropping);
    const draw = () => {
      if (!live) return;
      try {
        if (dropping) {
          // back into the label in z-order and in place, in the same task (no frame in between)
          d.drop();
          onLift?.(null);
        }
        d.update(doc, values);
      } catch (err) {
        // an element the renderer cannot draw must not take the editor down
        console.error("label render failed", err);
      }
    };
    if (todo && todo.length === 0) {
      // nothing to draw (a drag move, a removal, a new stacking order): no need to wait
      draw();
      return;
    }
    // only what will be drawn again needs its fonts and encoders
    const needs = todo ? { ...doc, elements: todo } : doc;
    prepareRender(needs, { target: "canvas", values, placeholder }).then(draw, (err: unknown) => {
      console.error("prepareRender failed", err);
      draw();
    });
    return () => {
      live = false;
    };
  }, [doc, values, lift, liftRoot, onLift, placeholder]);
  return <g ref={gRef} className="ink-label" data-testid="label-layer" />;
});
