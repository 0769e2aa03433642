// Minimal, fast helpers for reading the XML parts of an .xlsx: attribute lookup inside one tag and
// entity decoding. No DTDs or external entities are ever processed (there is no resolver at all).

const NAMED: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function codePoint(n: number): string {
  return Number.isInteger(n) && n >= 0 && n <= 0x10ffff && (n < 0xd800 || n > 0xdfff)
    ? String.fromCodePoint(n)
    : "\uFFFD";
}

/** Decodes XML entities and OOXML's _xHHHH_ escapes. */
export function decodeXml(s: string): string {
  let out = s;
  if (out.includes("&")) {
    out = out.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (m, e: string) => {
      if (e[0] === "#") return codePoint(e[1] === "x" ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)));
      return NAMED[e] ?? m;
    });
  }
  if (out.includes("_x"))
    out = out.replace(/_x([0-9A-Fa-f]{4})_/g, (_, h: string) => codePoint(Number.parseInt(h, 16)));
  return out;
}

/** The value of attribute `name` in a tag's text (e.g. `<c r="A1" t="s">`), decoded; undefined when absent. */
export function attr(tag: string, name: string): string | undefined {
  let i = 0;
  for (;;) {
    i = tag.indexOf(`${name}=`, i);
    if (i < 0) return undefined;
    const before = tag.charCodeAt(i - 1);
    // must be a whole attribute name: preceded by whitespace (not "r:id" matching "id", not "tr=")
    if (before === 32 || before === 9 || before === 10 || before === 13) {
      const q = tag[i + name.length + 1];
      if (q === '"' || q === "'") {
        const end = tag.indexOf(q, i + name.length + 2);
        if (end < 0) return undefined;
        return decodeXml(tag.slice(i + name.length + 2, end));
      }
    }
    i += name.length + 1;
  }
}

/**
 * Some writers (the .NET Open XML SDK, strict OOXML tools) prefix every element, e.g. <x:c>. When the
 * root element of a part is prefixed, element prefixes are dropped so the scanners see plain names;
 * attributes such as r:id are untouched.
 */
export function unprefixElements(xml: string): string {
  const head = xml.slice(0, 4096).replace(/<\?[^>]*\?>/g, "");
  if (!/^\s*<[A-Za-z_][\w.-]*:[A-Za-z_]/.test(head)) return xml;
  return xml.replace(/<(\/?)[A-Za-z_][\w.-]*:(?=[A-Za-z_])/g, "<$1");
}

/** Every `<name …>` or `<name …/>` opening tag text in `xml`, in order (prefix-free names only). */
export function* tags(xml: string, name: string): Generator<string> {
  const open = `<${name}`;
  let i = 0;
  for (;;) {
    i = xml.indexOf(open, i);
    if (i < 0) return;
    const next = xml.charCodeAt(i + open.length);
    const end = xml.indexOf(">", i);
    if (end < 0) return;
    if (next === 32 || next === 47 || next === 62 || next === 9 || next === 10 || next === 13)
      yield xml.slice(i, end + 1);
    i = end + 1;
  }
}

/** Concatenated text of every <t> element in a fragment, skipping phonetic runs (<rPh>). */
export function textRuns(fragment: string): string {
  let s = fragment;
  if (s.includes("<rPh")) s = s.replace(/<rPh[\s>][\s\S]*?<\/rPh>/g, "");
  let out = "";
  let i = 0;
  for (;;) {
    i = s.indexOf("<t", i);
    if (i < 0) break;
    const c = s.charCodeAt(i + 2);
    const gt = s.indexOf(">", i);
    if (gt < 0) break;
    if (c !== 62 && c !== 32) {
      i = gt + 1;
      continue;
    }
    if (s[gt - 1] === "/") {
      i = gt + 1;
      continue;
    }
    const close = s.indexOf("</t>", gt);
    if (close < 0) break;
    out += s.slice(gt + 1, close);
    i = close + 4;
  }
  return decodeXml(out);
}
