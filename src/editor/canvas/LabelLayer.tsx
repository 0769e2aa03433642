// The label itself, drawn by the shared renderer: the exact SVG that export and print use, nested in
// the zoomed world group. Fonts and lazy encoders load first (prepareRender); until they have, the
// previous drawing stays on screen.
import { memo, type Ref, useEffect, useState } from "react";
import type { LabelDocument } from "../../model/types";
import { prepareRender, renderLabel } from "../../render";

/** Turns the renderer's `<svg width="Wmm" …>` into a nested svg sized in label millimetres. */
export function nestLabelSvg(svg: string, width: number, height: number): string {
  return svg.replace(/^\s*<svg\b([^>]*)>/, (_m, attrs: string) => {
    const rest = attrs.replace(/\s(width|height|x|y)="[^"]*"/g, "");
    return `<svg${rest} x="0" y="0" width="${width}" height="${height}" class="ink-label-svg">`;
  });
}

export const LabelLayer = memo(function LabelLayer({
  doc,
  ref,
}: {
  readonly doc: LabelDocument;
  readonly ref?: Ref<SVGGElement>;
}) {
  const [markup, setMarkup] = useState("");
  useEffect(() => {
    let live = true;
    const draw = () => {
      try {
        const svg = renderLabel(doc);
        if (live) setMarkup(nestLabelSvg(svg, doc.attrs.width, doc.attrs.height));
      } catch (err) {
        // an element the renderer cannot draw yet must not take the editor down
        console.error("renderLabel failed", err);
      }
    };
    prepareRender(doc).then(draw, (err: unknown) => {
      console.error("prepareRender failed", err);
      draw();
    });
    return () => {
      live = false;
    };
  }, [doc]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the renderer escapes every string it emits
  return (
    <g
      ref={ref}
      className="ink-label"
      data-testid="label-layer"
      dangerouslySetInnerHTML={{ __html: markup }}
    />
  );
});
