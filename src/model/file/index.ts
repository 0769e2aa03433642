// The label file format: .tprt (UTF-8 XML) and .tprts (the same XML compressed and encrypted).
// Which one a file is comes from its content; the name is only a hint. See docs/file-format.md.
import type { LabelDocument } from "../types";
import { parseLabelXml } from "./parseXml";
import { readDocument } from "./read";
import { decodeTprts, encodeTprts, LABEL_FILE_MAX_BYTES, startsWithMagic } from "./tprts";
import { writeTprt } from "./write";

export { LABEL_FILE_MAX_BYTES, TPRTS_IV_HEX, TPRTS_KEY_HEX, TPRTS_MAGIC } from "./tprts";

/** Message keys (locales/*.json) for a file that cannot be opened. */
export type FileErrorKey =
  | "file.error.empty"
  | "file.error.tooLarge"
  | "file.error.notLabel"
  | "file.error.malformed"
  | "file.error.truncated"
  | "file.error.decrypt"
  | "file.error.doctype";

export interface FileError {
  key: FileErrorKey;
  /** technical detail (e.g. line:column of an XML error), not translated */
  detail?: string;
}
export type ParseResult = { ok: true; doc: LabelDocument } | { ok: false; error: FileError };
export type LabelFileFormat = "tprt" | "tprts";

const fail = (key: FileErrorKey, detail?: string): ParseResult => ({
  ok: false,
  error: detail ? { key, detail } : { key },
});

/** The document as .tprt XML text. */
export function serializeTprt(doc: LabelDocument): string {
  return writeTprt(doc);
}

/** The document as .tprts bytes. */
export function serializeTprts(doc: LabelDocument): Uint8Array {
  return encodeTprts(writeTprt(doc));
}

/** Serialises in the format a file name asks for (.tprts encrypted, anything else XML). */
export function serializeLabelFile(doc: LabelDocument, format: LabelFileFormat): Uint8Array {
  return format === "tprts" ? serializeTprts(doc) : new TextEncoder().encode(serializeTprt(doc));
}

const BASE64_TEXT_RE = /^[A-Za-z0-9+/=\s]+$/;

function fromBase64(s: string): Uint8Array | undefined {
  const clean = s.replace(/\s+/g, "");
  if (clean.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) return undefined;
  const bin = atob(clean);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes);
  return new TextDecoder().decode(bytes);
}

function fromXml(xml: string, name?: string): ParseResult {
  const r = parseLabelXml(xml);
  return r.ok ? { ok: true, doc: readDocument(r.root, name) } : fail(r.key, r.detail);
}

function fromEncrypted(bytes: Uint8Array, name?: string): ParseResult {
  const r = decodeTprts(bytes);
  return r.ok ? fromXml(r.xml, name) : fail(r.key);
}

/** Text that is neither XML nor a .tprts: base64 of a .tprts (as a JSON API may carry it), or not a label. */
function fromOtherText(text: string, name?: string): ParseResult {
  if (BASE64_TEXT_RE.test(text)) {
    const bytes = fromBase64(text);
    if (bytes && startsWithMagic(bytes)) return fromEncrypted(bytes, name);
  }
  return fail("file.error.notLabel");
}

function parseInner(input: Uint8Array | string, name?: string): ParseResult {
  const size = typeof input === "string" ? input.length : input.byteLength;
  if (size > LABEL_FILE_MAX_BYTES) return fail("file.error.tooLarge");
  if (typeof input === "string") {
    const text = input.replace(/^\uFEFF/, "");
    if (text.trim() === "") return fail("file.error.empty");
    return text.trimStart().startsWith("<") ? fromXml(text, name) : fromOtherText(text.trim(), name);
  }
  if (size === 0) return fail("file.error.empty");
  if (startsWithMagic(input)) return fromEncrypted(input, name);
  const text = decodeText(input).replace(/^\uFEFF/, "");
  if (text.trim() === "") return fail("file.error.empty");
  if (text.trimStart().startsWith("<")) return fromXml(text, name);
  return fromOtherText(text.trim(), name);
}

/**
 * Opens a label file (.tprt or .tprts, told apart by content). Never throws: anything that is not
 * a usable label gives `{ ok: false, error: { key } }` with a message key to translate.
 * `name` (the file name) suggests the label name when the file has none.
 */
export function parseLabelFile(input: Uint8Array | string, name?: string): ParseResult {
  try {
    return parseInner(input, name);
  } catch (e) {
    // a defect of ours, not of the file; still never an exception for the caller
    return fail("file.error.notLabel", e instanceof Error ? e.message : String(e));
  }
}

/** Which format bytes are in, by content; undefined when neither. */
export function detectLabelFormat(input: Uint8Array | string): LabelFileFormat | undefined {
  if (typeof input !== "string" && startsWithMagic(input)) return "tprts";
  const text = typeof input === "string" ? input : decodeText(input.subarray(0, 64));
  return text
    .replace(/^\uFEFF/, "")
    .trimStart()
    .startsWith("<")
    ? "tprt"
    : undefined;
}
