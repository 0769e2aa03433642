// A tiny, DOM-free reader for the portable SVG our renderer writes (docs/rendering.md): elements,
// attributes and text, entities decoded. Not a general XML parser: no DTD, CDATA or processing
// instructions (the renderer never writes them; they are skipped if present).

export interface SvgNode {
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: (SvgNode | string)[];
}

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

export function decodeEntities(s: string): string {
  if (!s.includes("&")) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (m, e: string) => {
    if (e[0] !== "#") return NAMED[e] ?? m;
    const cp = e[1] === "x" ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
    return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : "";
  });
}

const ATTR = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function attrsOf(tag: string): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  ATTR.lastIndex = 0;
  for (let m = ATTR.exec(tag); m; m = ATTR.exec(tag)) out[m[1]] = decodeEntities(m[2] ?? m[3] ?? "");
  return out;
}

/** Parses an SVG (fragment) into a root node named "#root" holding the top-level nodes. */
export function parseSvg(src: string): SvgNode {
  const root: SvgNode = { name: "#root", attrs: {}, children: [] };
  const stack: SvgNode[] = [root];
  let i = 0;
  while (i < src.length) {
    const lt = src.indexOf("<", i);
    const top = stack[stack.length - 1];
    if (lt < 0) {
      if (i < src.length) top.children.push(decodeEntities(src.slice(i)));
      break;
    }
    if (lt > i) top.children.push(decodeEntities(src.slice(i, lt)));
    if (src.startsWith("<!--", lt)) {
      const end = src.indexOf("-->", lt + 4);
      i = end < 0 ? src.length : end + 3;
      continue;
    }
    const gt = src.indexOf(">", lt);
    if (gt < 0) break;
    const tag = src.slice(lt + 1, gt);
    i = gt + 1;
    if (tag[0] === "?" || tag[0] === "!") continue;
    if (tag[0] === "/") {
      if (stack.length > 1) stack.pop();
      continue;
    }
    const selfClosing = tag.endsWith("/");
    const name = /^[^\s/>]+/.exec(tag)?.[0] ?? "";
    const node: SvgNode = { name, attrs: attrsOf(tag.slice(name.length)), children: [] };
    top.children.push(node);
    if (!selfClosing) stack.push(node);
  }
  return root;
}

/**
 * The top-level children of the root `<svg>` as raw source strings, in order (no parsing): the
 * export compares these to reuse what it wrote for an identical element before.
 */
export function topLevelParts(svg: string): string[] {
  const open = svg.indexOf(">", svg.indexOf("<svg"));
  const close = svg.lastIndexOf("</svg>");
  const body = svg.slice(open + 1, close < 0 ? svg.length : close);
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  const re = /<(\/?)[^>]*?(\/?)>/g;
  for (let m = re.exec(body); m; m = re.exec(body)) {
    if (m[1]) depth--;
    else if (!m[2]) depth++;
    if (depth === 0) {
      parts.push(body.slice(start, re.lastIndex));
      start = re.lastIndex;
    }
  }
  return parts;
}

/** The data-id of a top-level part, or "" (background image, anything else). */
export function partId(part: string): string {
  const m = /^<g data-id="([^"]*)"/.exec(part);
  return m ? decodeEntities(m[1]) : "";
}
