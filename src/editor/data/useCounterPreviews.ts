// The next numbers of every counter the label uses (previews: nothing is reserved), one per record
// for the first records, so the canvas shows what the next print would take. Asked again when the
// label starts or stops using a counter, when the number of records changes, or when `version`
// moves (a counter was just created or picked). A failed preview leaves that counter out: its
// entries show their stored value.
import { useEffect, useState } from "react";
import { usedCounters } from "../../data";
import type { LabelDocument } from "../../model/types";
import type { CounterApi } from "./counterApi";

/** The most numbers one preview asks for (the route's limit). */
export const PREVIEW_MAX = 100;

const EMPTY: ReadonlyMap<string, readonly string[]> = new Map();

export function useCounterPreviews(
  api: CounterApi | undefined,
  doc: LabelDocument,
  records: number,
  version: number,
): ReadonlyMap<string, readonly string[]> {
  const ids = usedCounters(doc)
    .map((c) => c.id)
    .join("\n");
  const count = Math.min(Math.max(1, records), PREVIEW_MAX);
  const [previews, setPreviews] = useState(EMPTY);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` asks again after a counter was created or picked
  useEffect(() => {
    if (!api || !ids) {
      setPreviews(EMPTY);
      return;
    }
    let live = true;
    const list = ids.split("\n");
    void Promise.all(list.map((id) => api.preview(id, count).catch(() => null))).then((answers) => {
      if (!live) return;
      const next = new Map<string, readonly string[]>();
      answers.forEach((numbers, i) => {
        if (numbers) next.set(list[i], numbers);
      });
      setPreviews(next);
    });
    return () => {
      live = false;
    };
  }, [api, ids, count, version]);
  return previews;
}
