// The shape a parsed spreadsheet has everywhere: the server's import answer, the editor's cache and
// the records evaluator (brief "Data" contract). Cells are text; rows may be shorter than others.

export interface Sheet {
  readonly sheetName: string;
  readonly data: readonly (readonly string[])[];
}

export interface Workbook {
  readonly sheets: readonly Sheet[];
}

export type SpreadsheetErrorKey =
  | "spreadsheet.error.empty"
  | "spreadsheet.error.tooLarge"
  | "spreadsheet.error.unpackedTooLarge"
  | "spreadsheet.error.tooManyRows"
  | "spreadsheet.error.tooManyColumns"
  | "spreadsheet.error.tooManyCells"
  | "spreadsheet.error.tooManySheets"
  | "spreadsheet.error.unsupported"
  | "spreadsheet.error.encrypted"
  | "spreadsheet.error.corrupt"
  | "spreadsheet.error.noSheets"
  | "spreadsheet.error.tooManyStrings"
  | "spreadsheet.error.timeout";

export interface SpreadsheetError {
  /** an i18n key (locales/*.json) */
  readonly key: SpreadsheetErrorKey;
  /** values for the message's {{placeholders}} */
  readonly vars?: Readonly<Record<string, string | number>>;
  /** technical detail for logs, never shown as the message */
  readonly detail?: string;
}

export type ParseResult =
  | { readonly ok: true; readonly workbook: Workbook }
  | { readonly ok: false; readonly error: SpreadsheetError };
