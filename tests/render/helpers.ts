// Shared helpers for renderer tests: a registry with the shipped fonts, documents, an SVG walker.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { createTableCell, emptyDocument } from "../../src/model/defaults";
import { createElement } from "../../src/model/kinds";
import type { ElementType, LabelDocument, LabelElement } from "../../src/model/types";
import { FontRegistry } from "../../src/render/fonts";

let registry: FontRegistry | null = null;

/** A registry with every shipped family loaded (regular and bold). */
export async function loadedFonts(): Promise<FontRegistry> {
  if (registry) return registry;
  const r = new FontRegistry();
  await Promise.all(r.families().flatMap((f) => [r.load(f.name, false), r.load(f.name, true)]));
  registry = r;
  return r;
}

export function el<T extends ElementType>(
  type: T,
  over: Record<string, unknown> = {},
  others: LabelElement[] = [],
): LabelElement {
  return { ...createElement(type, others, { x: 5, y: 5 }), ...over } as LabelElement;
}

export function doc(
  elements: LabelElement[],
  attrs: Parameters<typeof emptyDocument>[0] = {},
): LabelDocument {
  return { ...emptyDocument(attrs), elements };
}

export { createTableCell };

export interface SvgNode {
  name: string;
  attrs: Record<string, string>;
  children: SvgNode[];
  text: string;
}

/** Parse SVG text into a simple tree (throws when it is not well-formed XML). */
export function parseSvg(svg: string): SvgNode {
  const valid = XMLValidator.validate(svg);
  if (valid !== true) throw new Error(`invalid XML: ${JSON.stringify(valid)}`);
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: "",
    parseAttributeValue: false,
    trimValues: false,
    processEntities: true,
  });
  const conv = (node: Record<string, unknown>): SvgNode => {
    const name = Object.keys(node).find((k) => k !== ":@") as string;
    const kids = (node[name] as Record<string, unknown>[]) ?? [];
    const n: SvgNode = { name, attrs: (node[":@"] as Record<string, string>) ?? {}, children: [], text: "" };
    for (const k of kids) {
      if ("#text" in k) n.text += String(k["#text"]);
      else n.children.push(conv(k));
    }
    return n;
  };
  const top = parser.parse(svg) as Record<string, unknown>[];
  return conv(top.find((t) => "svg" in t) as Record<string, unknown>);
}

export function walk(
  n: SvgNode,
  f: (n: SvgNode, parent: SvgNode | null) => void,
  parent: SvgNode | null = null,
): void {
  f(n, parent);
  for (const c of n.children) walk(c, f, n);
}

export function textOf(n: SvgNode): string {
  return n.text + n.children.map(textOf).join("");
}
