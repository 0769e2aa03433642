// .tprt text → the <LabelFile> element, or why not: not a label, damaged, cut short, or carrying a
// DTD (refused outright: no entity declarations, so no entity expansion tricks).
import type { XmlNode } from "./xml";
import { parseXmlTree } from "./xmlTree";

export type XmlErrorKey =
  | "file.error.notLabel"
  | "file.error.malformed"
  | "file.error.truncated"
  | "file.error.doctype";
export type XmlResult = { ok: true; root: XmlNode } | { ok: false; key: XmlErrorKey; detail?: string };

const ROOT = "LabelFile";

/** "line:column" of an offset, for the error detail. */
function where(xml: string, at: number): string {
  let line = 1;
  let col = 1;
  for (let i = 0; i < at && i < xml.length; i++) {
    if (xml.charCodeAt(i) === 10) {
      line++;
      col = 1;
    } else col++;
  }
  return `${line}:${col}`;
}

export function parseLabelXml(text: string): XmlResult {
  // XML line-end normalisation; a carriage return that is data is written &#13; and survives
  const xml = text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text;
  const r = parseXmlTree(xml);
  if (!r.ok) {
    if (r.reason === "doctype") return { ok: false, key: "file.error.doctype" };
    if (r.rootName !== ROOT) return { ok: false, key: "file.error.notLabel" };
    const key = r.reason === "truncated" ? "file.error.truncated" : "file.error.malformed";
    return { ok: false, key, detail: where(xml, r.at) };
  }
  if (r.rootName !== ROOT) return { ok: false, key: "file.error.notLabel" };
  // <LabelFile/> or a root holding only text: a label with nothing in it
  return { ok: true, root: typeof r.root === "string" ? {} : r.root };
}
