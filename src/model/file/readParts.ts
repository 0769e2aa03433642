// Field readers shared by every element kind and by table cells.
import { createDataSource } from "../defaults";
import type { DataSource, SheetInfo } from "../types";
import { clampNumber } from "./codecs";
import { DATA_SOURCE_ATTRS, type FieldSpec } from "./fields";
import { attr, childNode, childNodes, childText, hasChild, type XmlNode } from "./xml";

type AnyRecord = Record<string, unknown>;

/** Reads the listed fields of a node into `out`, each defaulting to `def`'s value. */
export function readFields(
  node: XmlNode,
  specs: readonly FieldSpec<never>[],
  def: object,
  out: AnyRecord,
): void {
  const d = def as AnyRecord;
  for (const [key, name, codec] of specs) out[key] = codec.read(childText(node, name), d[key] as never);
}

/** Reads the listed fields inside the node's <Font>. */
export function readFont(node: XmlNode, specs: readonly FieldSpec<never>[], def: object, out: AnyRecord) {
  readFields(childNode(node, "Font") ?? {}, specs, def, out);
}

function readSheets(node: XmlNode): SheetInfo[] {
  const idx = (n: XmlNode) => clampNumber({ min: 0, max: 1_000_000, integer: true }, attr(n, "Index"), 0);
  return childNodes(childNode(node, "DataBase"), "Sheet").map((s) => ({
    text: attr(s, "Text") ?? "",
    index: idx(s),
    children: childNodes(s, "Column").map((col) => ({ text: attr(col, "Text") ?? "", index: idx(col) })),
  }));
}

const DEFAULT_SOURCE = createDataSource();

export function readDataSource(node: XmlNode): DataSource {
  const out: AnyRecord = { ...DEFAULT_SOURCE };
  const d = DEFAULT_SOURCE as unknown as AnyRecord;
  for (const [key, name, codec] of DATA_SOURCE_ATTRS)
    out[key] = codec.read(attr(node, name), d[key] as never);
  out.DataBase = readSheets(node);
  // files that predate InitialValue start a sequence at FirstValue (spec: exported record keys)
  if (out.DataSourceType === 2 && attr(node, "InitialValue") === undefined && out.FirstValue !== "") {
    out.InitialValue = out.FirstValue;
  }
  return out as unknown as DataSource;
}

/**
 * Data, DataSourceList and DataSourceIndex. A file without a DataSourceList gets the factory's
 * single fixed-text source holding Data; an empty list stays empty.
 */
export function readDataBound(node: XmlNode, def: AnyRecord, out: AnyRecord): void {
  const data = childText(node, "Data") ?? (def.Data as string);
  out.Data = data;
  const list = hasChild(node, "DataSourceList")
    ? childNodes(childNode(node, "DataSourceList"), "DataSource").map(readDataSource)
    : [createDataSource({ DataSourceType: 0, FirstValue: data, NormalText: data })];
  out.DataSourceList = list;
  const max = Math.max(0, list.length - 1);
  out.dataSourceIndex = clampNumber({ min: 0, max, integer: true }, childText(node, "DataSourceIndex"), 0);
}
