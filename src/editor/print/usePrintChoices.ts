// The records the print dialog prints: all records, or a reprint's records; and the characters no
// shipped font draws in the label or those records, to name before printing.
import { useEffect, useMemo, useRef, useState } from "react";
import type { PrintStartQuery } from "../../app/labelLinks";
import { createResolver, recordCount, type Sheets } from "../../data/index";
import type { LabelDocument } from "../../model/types";
import { parseChoicesText } from "../../print/choiceText";
import { allRecords, type RecordChoice } from "../../print/plan";
import { getFontRegistry, prepareRender, recordChars, unprintableChars } from "../../render/index";

export function usePrintChoices(
  doc: LabelDocument,
  sheets: Sheets,
  start: PrintStartQuery | null | undefined,
) {
  const count = useMemo(() => Math.max(1, recordCount(doc, sheets)), [doc, sheets]);
  const [choices, setChoices] = useState<RecordChoice[]>(
    () => (start && parseChoicesText(start.records, count)) || [...allRecords(count)],
  );
  // workbooks that finish loading change the record count: start again from all records (or from
  // the reprinted records, which may only now all exist)
  const counted = useRef(count);
  // biome-ignore lint/correctness/useExhaustiveDependencies: start is fixed for the dialog's life
  useEffect(() => {
    if (counted.current === count) return;
    counted.current = count;
    setChoices((start && parseChoicesText(start.records, count)) || [...allRecords(count)]);
  }, [count]);
  return { count, choices, setChoices };
}

/** The characters no shipped font draws in the label or the chosen records ("" once all are drawn). */
export function useUnprintable(doc: LabelDocument, sheets: Sheets, choices: readonly RecordChoice[]): string {
  const [unprintable, setUnprintable] = useState("");
  useEffect(() => {
    let alive = true;
    const chars = recordChars(
      choices.map((c) => c.record),
      createResolver(doc, sheets, new Date()),
    );
    prepareRender(doc, { target: "print", chars }).then(
      () => alive && setUnprintable(unprintableChars(doc, getFontRegistry(), chars)),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [doc, sheets, choices]);
  return unprintable;
}
