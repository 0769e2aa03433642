// Prompt answers as database-query parameters in the print dialog (issue 38; docs/data-sources.md
// "Prompts as query parameters"): a query source `… WHERE lot = :lot` is read with the answer to the
// prompt `lot` (its default until one is typed), when the dialog opens and again once the answers
// have been valid and unchanged for a moment, so the record count, preview and record choice show the
// rows the job will print. The job itself reads the query once more with the same answers.
import { useEffect, useMemo, useRef } from "react";
import { answerMap } from "../../../machines/printDialog.machine";
import { promptAnswers, promptsOf } from "../../data/index";
import { queryParamsOf } from "../../data/namedParams";
import { isQuerySheetUrl, spreadsheetUrls } from "../../data/workbooks";
import type { LabelDocument } from "../../model/types";
import type { WorkbookStore } from "../data/store";

/** How long the answers stay unchanged before the query is read with them (ms): not per keystroke. */
export const QUERY_ANSWER_SETTLE_MS = 400;

/** The query parameter values of a print with these answers (defaults where none is given). */
export const printQueryParams = (
  doc: LabelDocument,
  answers: ReadonlyMap<string, string> = new Map(),
): Record<string, string> => queryParamsOf(promptAnswers(promptsOf(doc), answers));

const readsQuery = (doc: LabelDocument) => spreadsheetUrls(doc).some(isQuerySheetUrl);

/**
 * Reads the label's live sources when the dialog opens (queries with the prompts' defaults), then a
 * query again whenever valid answers change its parameter values.
 */
export function useLiveSourcesForAnswers(
  store: Pick<WorkbookStore, "refreshLive"> | undefined,
  doc: LabelDocument,
  answers: Readonly<Record<string, string>>,
  valid: boolean,
): void {
  const params = useMemo(() => printQueryParams(doc, answerMap(answers)), [doc, answers]);
  const key = JSON.stringify(params);
  const read = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the dialog opens
  useEffect(() => {
    read.current = key;
    void store?.refreshLive(doc, params);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the parameter values
  useEffect(() => {
    if (!store || !valid || read.current === key || !readsQuery(doc)) return;
    const timer = setTimeout(() => {
      read.current = key;
      void store.refreshLive(doc, params);
    }, QUERY_ANSWER_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [key, valid]);
}
