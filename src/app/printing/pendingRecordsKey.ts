// Where the print records waiting for their queue job's end are kept (queuedRecord.ts), in a module
// of its own: every page asks whether any wait, and only then loads the code that follows them
// (the sign-in page stays within its transfer budget, issue 41).

/** localStorage key of the records waiting for their queue job's end. */
export const PENDING_RECORDS_KEY = "inkless.pendingPrintRecords";

/** Whether this browser holds records waiting (storage disabled: none). */
export function hasPendingRecords(storage: Storage | undefined = globalThis.localStorage): boolean {
  try {
    return !!storage?.getItem(PENDING_RECORDS_KEY);
  } catch {
    return false;
  }
}
