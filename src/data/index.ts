// Data sources, value formatting and records (issue 7). Pure functions over src/model; see
// docs/data-sources.md for the rules each one follows.

export type { Sheet, Workbook } from "../spreadsheet/types";
export { type CellStyle, cellDate, formatCell } from "./cellFormat";
export { usedCounters } from "./counterSource";
export { excelSerialToDate, formatDate, parseDateText, parseTimeText, type Region } from "./dateFormat";
export {
  evaluateFormula,
  FORMULA_LIMITS,
  type FormulaErrorInfo,
  type FormulaResult,
  parseFormula,
  runFormula,
} from "./formula";
export { type FormulaFailure, formulaFailure } from "./formulaCheck";
export {
  addSource,
  deleteCurrentSource,
  fixedTextPatch,
  moveCurrentSource,
  selectSource,
  updateCurrentSource,
} from "./list";
export { formatCurrency, formatNumber, formatPercent, isNumberText, numberTextOf } from "./numberFormat";
export {
  checkPrompt,
  checkPrompts,
  type PromptCheck,
  type PromptDef,
  type PromptProblem,
  type PromptRule,
} from "./prompt";
export {
  newPromptName,
  promptAnswers,
  promptDefOf,
  promptsOf,
  withPromptAnswers,
} from "./promptSource";
export {
  allSources,
  createResolver,
  type ResolveOptions,
  type Resolver,
  recordCount,
  resolveValues,
  type Sheets,
} from "./records";
export {
  detachReferences,
  isReferenced,
  isReferencing,
  referenceCandidates,
  referencesTo,
  setReference,
} from "./references";
export { revertInvalidSpreadsheets, shouldRevert } from "./revert";
export { isSequenceText, sequenceOf, sequenceQuantity, sequenceValue } from "./sequence";
export {
  bindColumn,
  columnCount,
  columnLetters,
  columnName,
  isSpreadsheetUrl,
  sheetInfos,
} from "./spreadsheetSource";
export { syncValues } from "./sync";
export { currentSource, getBound, type SourceBound, type SourceTarget, updateBound } from "./targets";
export { DATE_FORMATS, DEFAULT_DATE_FORMAT, DEFAULT_TIME_FORMAT, TIME_FORMATS } from "./timeFormats";
export { timeTextBase, timeTextValue } from "./timeText";
export {
  type LinkedSpreadsheet,
  lastLinkedSpreadsheet,
  type SwitchOptions,
  type SwitchResult,
  switchSourceType,
  switchSourceTypeAll,
} from "./typeSwitch";
