// .tprt text → the <LabelFile> element, safely: no DTDs (so no entity expansion tricks), strict
// well-formedness, no entity processing in the parser, reserved JavaScript names renamed.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { isNode, type XmlNode } from "./xml";

export type XmlErrorKey =
  | "file.error.notLabel"
  | "file.error.malformed"
  | "file.error.truncated"
  | "file.error.doctype";
export type XmlResult = { ok: true; root: XmlNode } | { ok: false; key: XmlErrorKey; detail?: string };

const RESERVED = new Set(["__proto__", "constructor", "prototype"]);
const safeName = (name: string) => (RESERVED.has(name) ? `reserved-${name}` : name);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  transformTagName: safeName,
  transformAttributeName: safeName,
  maxNestedTags: 64,
});

const DTD_RE = /<!DOCTYPE|<!ENTITY/i;

export function parseLabelXml(xml: string): XmlResult {
  if (DTD_RE.test(xml)) return { ok: false, key: "file.error.doctype" };
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    const hasRoot = xml.includes("<LabelFile");
    if (!hasRoot) return { ok: false, key: "file.error.notLabel" };
    const closed = /<\/LabelFile\s*>\s*$/.test(xml) || /<LabelFile[^>]*\/>\s*$/.test(xml);
    const where = `${valid.err.line}:${valid.err.col}`;
    return { ok: false, key: closed ? "file.error.malformed" : "file.error.truncated", detail: where };
  }
  let tree: unknown;
  try {
    tree = parser.parse(xml);
  } catch (e) {
    return { ok: false, key: "file.error.malformed", detail: e instanceof Error ? e.message : undefined };
  }
  if (!isNode(tree) || !Object.hasOwn(tree, "LabelFile")) return { ok: false, key: "file.error.notLabel" };
  const root = tree.LabelFile;
  if (root === "") return { ok: true, root: {} };
  if (!isNode(root)) return { ok: false, key: "file.error.notLabel" };
  return { ok: true, root };
}
