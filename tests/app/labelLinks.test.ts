// Links into the editor: what the home page builds is what the editor reads back.
import { describe, expect, it } from "vitest";
import { toSummary } from "../../src/app/api/templates";
import { editTemplateHref, newLabelHref, printStartOf, reprintHref } from "../../src/app/labelLinks";
import { startFromQuery } from "../../src/editor/query";
import { defaultLabelAttrs } from "../../src/model/defaults";

const query = (href: string) => href.slice(href.indexOf("?"));

describe("editor links", () => {
  it("a new label opens with the default attributes and status add", () => {
    const href = newLabelHref("Nova etiqueta");
    expect(href.startsWith("/editLabel?labelAttr=")).toBe(true);
    const start = startFromQuery(query(href));
    expect(start.status).toBe("add");
    expect(start.badAttr).toBe(false);
    expect(start.doc.attrs).toEqual(defaultLabelAttrs({ name: "Nova etiqueta" }));
    expect(start.doc.attrs).toMatchObject({ width: 100, height: 80, columns: 1, rows: 1, paddingTop: 0 });
  });

  it("a hostile name survives the round trip as plain text", () => {
    const name = `<script>alert(1)</script>&labelStatus=edit#"'`;
    const start = startFromQuery(query(newLabelHref(name)));
    expect(start.doc.attrs.name).toBe(name);
    expect(start.status).toBe("add");
  });

  it("a listed template opens with status edit, its id, folder and file", () => {
    const t = toSummary({
      id: "20261122abc",
      parent_id: "f1",
      name: "Shelf tag",
      width: 60,
      height: 40,
      file_web: "/files/u1/tprt/a.tprt",
      image: "",
      update_time: "2026-11-22 02:00:00",
    });
    expect(t).not.toBeNull();
    if (!t) return;
    const start = startFromQuery(query(editTemplateHref(t)));
    expect(start.status).toBe("edit");
    expect(start.doc.attrs).toMatchObject({
      name: "Shelf tag",
      width: 60,
      height: 40,
      id: "20261122abc",
      parent_id: "f1",
      file: "/files/u1/tprt/a.tprt",
      type: "cloud",
    });
  });

  it("reads listed templates defensively", () => {
    expect(toSummary(null)).toBeNull();
    expect(toSummary("x")).toBeNull();
    expect(toSummary({ name: "no id" })).toBeNull();
    expect(toSummary({ id: 7, width: "abc", name: { evil: 1 } })).toMatchObject({
      id: "7",
      width: 0,
      name: "",
    });
    expect(toSummary(JSON.parse('{"id":"a","__proto__":{"polluted":1}}'))).toMatchObject({ id: "a" });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("a reprint link opens the template with the print dialog on the printed records and copies", () => {
    const t = toSummary({
      id: "t1",
      name: "Jar",
      width: 40,
      height: 30,
      file_web: "/files/u/a.tprt",
      parent_id: "c1",
    });
    if (!t) throw new Error("no summary");
    const href = reprintHref(editTemplateHref(t), { records: "1-2*2,5", copies: 3 });
    expect(startFromQuery(query(href)).doc.attrs).toMatchObject({ id: "t1", type: "cloud" });
    expect(printStartOf(query(href))).toEqual({ records: "1-2*2,5", copies: 3 });
    expect(printStartOf(query(reprintHref(editTemplateHref(t), { records: "", copies: 0 })))).toEqual({
      records: "",
      copies: 1,
    });
    // the shared page's plain "print" link and an ordinary link start from all records
    expect(printStartOf(`${query(editTemplateHref(t))}&print=1`)).toBeNull();
    expect(printStartOf(query(editTemplateHref(t)))).toBeNull();
  });
});
