// Parsed XML tree → LabelDocument, defensively (in the manner of excalidraw's restore.ts): unknown
// elements and fields are ignored, missing fields take the model defaults, numbers are clamped by
// the shared bounds, and strings stay plain data. Element by element: one that still cannot be read is
// left out, never the whole label with it.
import { defaultLabelAttrs } from "../defaults";
import { newElementId, nextElementName } from "../ids";
import { createElement, kindModel } from "../kinds";
import { syncMirrors } from "../ops/mirror-sync";
import { ELEMENT_TYPES, type ElementType, isMirrorId, type LabelDocument, type LabelElement } from "../types";
import { splitCanvasList } from "./canvasList";
import { bool } from "./codecs";
import { BASE_FIELDS, type FieldSpec, LABEL_FIELDS } from "./fields";
import { readFields } from "./readParts";
import { childNode, childNodes, childText, type XmlNode } from "./xml";

type AnyRecord = Record<string, unknown>;

/** The label name a file name suggests: "/labels/Shelf tag.tprts" → "Shelf tag". */
function nameFromFile(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  return base.replace(/\.tprts?$/i, "").trim();
}

const TYPE_BY_LOWER = new Map<string, ElementType>(ELEMENT_TYPES.map((t) => [t.toLowerCase(), t]));

function elementType(node: XmlNode): ElementType | undefined {
  const raw = childText(node, "Type")?.trim().toLowerCase() ?? "";
  const type = TYPE_BY_LOWER.get(raw);
  if (type === "Text" && bool.read(childText(node, "IsTimeText"), false)) return "TimeText";
  return type;
}

/** One DrawObject, or undefined when it is not an element we know (or a mirror copy). */
function readElement(
  node: XmlNode,
  elements: readonly LabelElement[],
  ids: Set<string>,
  defaults: (type: ElementType) => AnyRecord,
): LabelElement | undefined {
  const type = elementType(node);
  if (!type) return undefined;
  let id = childText(node, "ID") ?? childText(node, "Id") ?? "";
  // a stored mirror copy is ignored: copies are derived from CopyMirrorImage (withMirrors)
  if (isMirrorId(id)) return undefined;
  if (id.trim() === "" || ids.has(id)) id = newElementId();
  while (ids.has(id)) id = newElementId();
  ids.add(id);
  const def = defaults(type);
  const out: AnyRecord = { ...def, Id: id, Type: type };
  const name = childText(node, "Name");
  out.Name = name === undefined || name.trim() === "" ? nextElementName(elements, type) : name;
  readFields(node, BASE_FIELDS, def, out);
  kindModel(type).read(node, def, out);
  return out as unknown as LabelElement;
}

/** Builds the document from the <LabelFile> root element. */
export function readDocument(root: XmlNode, fileName?: string): LabelDocument {
  const info = childNode(root, "FileInfo") ?? {};
  const defAttrs = defaultLabelAttrs();
  const attrs: AnyRecord = { ...defAttrs };
  readFields(info, LABEL_FIELDS as readonly FieldSpec<never>[], defAttrs, attrs);
  attrs.canvas_img = splitCanvasList(childText(info, "Canvas"));
  if (fileName !== undefined && (childText(info, "LabelName") ?? "").trim() === "") {
    attrs.name = nameFromFile(fileName) || defAttrs.name;
  }
  const elements: LabelElement[] = [];
  const ids = new Set<string>();
  // one factory element per kind gives every field's default
  const cache = new Map<ElementType, AnyRecord>();
  const defaults = (type: ElementType) => {
    let d = cache.get(type);
    if (!d) {
      d = createElement(type, [], { x: 0, y: 0 }, attrs.width as number) as unknown as AnyRecord;
      cache.set(type, d);
    }
    return d;
  };
  for (const node of childNodes(childNode(root, "ObjectList"), "DrawObject")) {
    // element by element: one that cannot be read is left out, never the whole label with it
    try {
      const el = readElement(node, elements, ids, defaults);
      if (el) elements.push(el);
    } catch {}
  }
  return withMirrors({ attrs: attrs as unknown as LabelDocument["attrs"], elements });
}

/** Mirror copies are not stored: they are rebuilt from CopyMirrorImage, as every edit does. */
function withMirrors(doc: LabelDocument): LabelDocument {
  try {
    return syncMirrors(doc);
  } catch {
    // a copy that cannot be derived is only a canvas aid: the label itself is intact
    return doc;
  }
}
