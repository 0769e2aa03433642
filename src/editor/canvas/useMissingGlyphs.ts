// Which elements of the label show characters no shipped font draws (for the canvas's marks): once
// the fallback faces the text needs are loaded (prepareRender, as the canvas drawing does), the one
// answer of the renderer (`missingGlyphs`). Recomputed only when some element's text or font changes.
import { useEffect, useMemo, useRef, useState } from "react";
import type { LabelDocument } from "../../model/types";
import { getFontRegistry, missingGlyphs, prepareRender } from "../../render";
import { elementStyles, elementText } from "../../render/coverage";

const NONE: ReadonlyMap<string, string> = new Map();

const same = (a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>) =>
  a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);

export function useMissingGlyphs(
  doc: LabelDocument,
  values?: ReadonlyMap<string, string>,
): ReadonlyMap<string, string> {
  const [missing, setMissing] = useState(NONE);
  const live = useRef({ doc, values });
  live.current = { doc, values };
  // what the answer depends on: each element's text and font styles (a move or resize changes nothing)
  const key = useMemo(
    () => JSON.stringify(doc.elements.map((el) => [el.Id, elementStyles(el), elementText(el, values)])),
    [doc, values],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for the document's texts
  useEffect(() => {
    let alive = true;
    const { doc: d, values: v } = live.current;
    prepareRender(d, { target: "canvas", values: v }).then(
      () => {
        if (!alive) return;
        const next = missingGlyphs(d, getFontRegistry(), v);
        setMissing((cur) => (same(cur, next) ? cur : next));
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [key]);
  return missing;
}
