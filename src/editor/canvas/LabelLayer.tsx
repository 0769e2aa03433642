// The label itself, drawn by the shared renderer (renderLabel, target canvas): the exact SVG that
// export and print use, nested in the zoomed world group. Fonts and lazy encoders load first
// (prepareRender); until they have, the previous drawing stays on screen. Updates are incremental
// (labelDom.ts) so dragging 100 of 1,000 elements touches only those 100 nodes.
import { memo, type Ref, useEffect, useImperativeHandle, useRef } from "react";
import type { LabelDocument } from "../../model/types";
import { prepareRender } from "../../render";
import { createLabelDom } from "./labelDom";

export { nestLabelSvg } from "./labelDom";

interface LabelLayerProps {
  readonly doc: LabelDocument;
  /** each data-bound element's text for the shown record (default: the stored Data) */
  readonly values?: ReadonlyMap<string, string>;
  readonly ref?: Ref<SVGGElement | null>;
}

export const LabelLayer = memo(function LabelLayer({ doc, values, ref }: LabelLayerProps) {
  const gRef = useRef<SVGGElement>(null);
  const dom = useRef<ReturnType<typeof createLabelDom> | null>(null);
  useImperativeHandle(ref, () => gRef.current as SVGGElement, []);
  useEffect(() => {
    let live = true;
    const draw = () => {
      const g = gRef.current;
      if (!live || !g) return;
      dom.current ??= createLabelDom(g);
      try {
        dom.current.update(doc, values);
      } catch (err) {
        // an element the renderer cannot draw must not take the editor down
        console.error("label render failed", err);
      }
    };
    prepareRender(doc, { target: "canvas", values }).then(draw, (err: unknown) => {
      console.error("prepareRender failed", err);
      draw();
    });
    return () => {
      live = false;
    };
  }, [doc, values]);
  return <g ref={gRef} className="ink-label" data-testid="label-layer" />;
});
