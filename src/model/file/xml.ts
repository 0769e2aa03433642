// XML text escaping and reading helpers for the label file.
// The reader (xmlTree.ts) keeps text as written and knows no DTD, so the five XML entities and
// numeric character references are decoded here, explicitly, and nothing more.

const TEXT_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;" };
const ATTR_ESCAPES: Record<string, string> = {
  ...TEXT_ESCAPES,
  '"': "&quot;",
  "\n": "&#10;",
  "\t": "&#9;",
};

// Control characters are written as numeric references so that nothing in a string is lost;
// tab and newline stay literal in element text, where XML keeps them as they are.
// biome-ignore lint/suspicious/noControlCharactersInRegex: escaping control characters is the point
const TEXT_RE = /[&<>\r\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: escaping control characters is the point
const ATTR_RE = /[&<>"\r\n\t\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

const ref = (c: string) => `&#${c.charCodeAt(0)};`;

/** Escapes a string for element text. */
export function escapeText(s: string): string {
  return TEXT_RE.test(s) ? s.replace(TEXT_RE, (c) => TEXT_ESCAPES[c] ?? ref(c)) : s;
}

/** Escapes a string for a double-quoted attribute value. */
export function escapeAttr(s: string): string {
  return ATTR_RE.test(s) ? s.replace(ATTR_RE, (c) => ATTR_ESCAPES[c] ?? ref(c)) : s;
}

const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };
const ENTITY_RE = /&(#[0-9]{1,7}|#x[0-9a-fA-F]{1,6}|lt|gt|amp|quot|apos);/g;

/** Decodes the five XML entities and numeric references; anything else stays literal text. */
export function decodeXml(s: string): string {
  if (!s.includes("&")) return s;
  return s.replace(ENTITY_RE, (whole, body: string) => {
    if (body[0] !== "#") return NAMED[body];
    const code = body[1] === "x" ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
    if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return whole;
    return String.fromCodePoint(code);
  });
}

/** A node of the parsed tree (xmlTree.ts): children by tag, attributes as "@_name", text as "#text". */
export type XmlNode = Record<string, unknown>;

export function isNode(v: unknown): v is XmlNode {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function own(node: XmlNode, key: string): unknown {
  return Object.hasOwn(node, key) ? node[key] : undefined;
}

/** The text of a child element, decoded; undefined when missing or not text. First one wins. */
export function childText(node: XmlNode, tag: string): string | undefined {
  let v = own(node, tag);
  if (Array.isArray(v)) v = v[0];
  if (typeof v === "string") return decodeXml(v);
  if (isNode(v)) {
    const t = own(v, "#text");
    if (typeof t === "string") return decodeXml(t);
    // an element with only attributes or child elements has no text; an empty one is ""
    return Object.keys(v).length === 0 ? "" : undefined;
  }
  return undefined;
}

/** A child element as a node (the first one when repeated). */
export function childNode(node: XmlNode, tag: string): XmlNode | undefined {
  let v = own(node, tag);
  if (Array.isArray(v)) v = v[0];
  if (isNode(v)) return v;
  return v === "" ? {} : undefined;
}

/** All child elements with a tag, as nodes (empty elements become {}). */
export function childNodes(node: XmlNode | undefined, tag: string): XmlNode[] {
  if (!node) return [];
  const v = own(node, tag);
  const list = Array.isArray(v) ? v : v === undefined ? [] : [v];
  return list.flatMap((x) => (isNode(x) ? [x] : x === "" ? [{}] : []));
}

/** An attribute value, decoded. */
export function attr(node: XmlNode, name: string): string | undefined {
  const v = own(node, `@_${name}`);
  return typeof v === "string" ? decodeXml(v) : undefined;
}

/** Whether a child element is present at all. */
export function hasChild(node: XmlNode, tag: string): boolean {
  return Object.hasOwn(node, tag);
}
