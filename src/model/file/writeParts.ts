// Field writers shared by every element kind and by table cells (the mirror of readParts.ts).
import { createDataSource } from "../defaults";
import type { DataSource } from "../types";
import { DATA_SOURCE_ATTRS, type FieldSpec, SOURCE_KEY_ATTRS } from "./fields";
import { escapeAttr, escapeText } from "./xml";

/** The lines of the file being written. */
export type Out = string[];
type AnyRecord = Record<string, unknown>;

export const tag = (out: Out, pad: string, name: string, value: string) =>
  out.push(`${pad}<${name}>${escapeText(value)}</${name}>`);

/** The listed fields of a value, one tag each, in the list's order. */
export function fields(out: Out, pad: string, value: object, specs: readonly FieldSpec<never>[]) {
  const v = value as AnyRecord;
  for (const [key, name, codec] of specs) tag(out, pad, name, codec.write(v[key] as never));
}

/** The listed fields inside <Font>. */
export function font(out: Out, pad: string, value: object, specs: readonly FieldSpec<never>[]) {
  out.push(`${pad}<Font>`);
  fields(out, `${pad}  `, value, specs);
  out.push(`${pad}</Font>`);
}

const DEFAULT_SOURCE = createDataSource() as unknown as AnyRecord;
const attrEq = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((x, i) => x === b[i]) : a === b;

function dataSource(out: Out, pad: string, ds: DataSource) {
  const v = ds as unknown as AnyRecord;
  const always = SOURCE_KEY_ATTRS[ds.DataSourceType] ?? [];
  let attrs = "";
  for (const [key, name, codec] of DATA_SOURCE_ATTRS) {
    if (name === "Type" || always.includes(name) || !attrEq(v[key], DEFAULT_SOURCE[key])) {
      attrs += ` ${name}="${escapeAttr(codec.write(v[key] as never))}"`;
    }
  }
  if (ds.DataBase.length === 0) {
    out.push(`${pad}<DataSource${attrs}/>`);
    return;
  }
  out.push(`${pad}<DataSource${attrs}>`, `${pad}  <DataBase>`);
  for (const sheet of ds.DataBase) {
    out.push(`${pad}    <Sheet Text="${escapeAttr(sheet.text)}" Index="${sheet.index}">`);
    for (const col of sheet.children) {
      out.push(`${pad}      <Column Text="${escapeAttr(col.text)}" Index="${col.index}"/>`);
    }
    out.push(`${pad}    </Sheet>`);
  }
  out.push(`${pad}  </DataBase>`, `${pad}</DataSource>`);
}

/** DataSourceList and DataSourceIndex. */
export function sources(
  out: Out,
  pad: string,
  el: { DataSourceList: readonly DataSource[]; dataSourceIndex: number },
) {
  if (el.DataSourceList.length === 0) out.push(`${pad}<DataSourceList></DataSourceList>`);
  else {
    out.push(`${pad}<DataSourceList>`);
    for (const ds of el.DataSourceList) dataSource(out, `${pad}  `, ds);
    out.push(`${pad}</DataSourceList>`);
  }
  tag(out, pad, "DataSourceIndex", String(el.dataSourceIndex));
}
