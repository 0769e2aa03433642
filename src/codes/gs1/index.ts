// GS1 application identifiers: the AI table, value rules, element strings (brackets, GS, FNC1) and
// Digital Link URIs. Pure: the encoders (src/codes/linear, src/codes/matrix) use it, so does the
// editor's GS1 builder.
export { type AiSpec, aiSpec, GS1_AIS, needsSeparator } from "./ais";
export { addableAis, contentFromRows, type Gs1Rows, rowIssues, rowsFromContent } from "./builder";
export { DIGITAL_LINK_RESOLVER, digitalLinkUri, encodeDigitalLinkValue } from "./digitalLink";
export {
  type AiValue,
  checkElementStrings,
  fnc1Input,
  GS,
  humanReadable,
  parseElementString,
  readElementString,
  transmittedData,
  writeElementString,
} from "./elementString";
export { checkAiValue, type Gs1Issue } from "./validate";
