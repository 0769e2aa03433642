// Live sources at print time (issue 38): a spreadsheet at a web address is fetched again just before
// a job is sent, so the labels carry the data as it is now. When it cannot be read, or it now has
// another number of records than the dialog showed (the chosen records would mean other rows), the
// job is not sent at all: nothing is printed half or from stale rows. A database query reads its
// parameters from the prompts of the same names (queryParams.ts).
import { recordCount } from "../../data/index";
import { liveSheetUrls } from "../../data/workbooks";
import type { LabelDocument } from "../../model/types";
import type { Workbook } from "../../spreadsheet/types";
import type { WorkbookStore } from "../data/store";

type Sheets = ReadonlyMap<string, Workbook>;

export class LiveDataError extends Error {
  constructor(readonly key: "print.liveFailed" | "print.liveChanged") {
    super(key);
    this.name = "LiveDataError";
  }
}

/**
 * The workbooks to print `doc` with: `shown` when it has no live source, else freshly fetched ones
 * (a database query with `params`, the print's prompt answers).
 */
export async function sheetsForPrint(
  store: Pick<WorkbookStore, "refreshLive"> | undefined,
  doc: LabelDocument,
  shown: Sheets,
  params?: Readonly<Record<string, string>>,
): Promise<Sheets> {
  if (!store || liveSheetUrls(doc).length === 0) return shown;
  const fresh = await store.refreshLive(doc, params);
  if (!fresh) throw new LiveDataError("print.liveFailed");
  if (recordCount(doc, fresh) !== recordCount(doc, shown)) throw new LiveDataError("print.liveChanged");
  return fresh;
}
