import { describe, expect, it } from "vitest";
import {
  addSource,
  deleteCurrentSource,
  moveCurrentSource,
  selectSource,
  updateCurrentSource,
} from "../../src/data/list";
import {
  detachReferences,
  isReferenced,
  referenceCandidates,
  referencesTo,
  setReference,
} from "../../src/data/references";
import { revertInvalidSpreadsheets, shouldRevert } from "../../src/data/revert";
import { bindColumn, columnLetters, isSpreadsheetUrl, sheetInfos } from "../../src/data/spreadsheetSource";
import { syncValues } from "../../src/data/sync";
import { getBound } from "../../src/data/targets";
import { lastLinkedSpreadsheet, switchSourceType, switchSourceTypeAll } from "../../src/data/typeSwitch";
import { TIP } from "../../src/i18n/tips";
import { createDataSource } from "../../src/model/defaults";
import { createElement } from "../../src/model/kinds";
import type { DataSource, LabelDocument, TableElement, TextElement } from "../../src/model/types";
import { col, doc, fixed, PEOPLE, ref, SHEETS, seq, table, text, URL_A, withType } from "./helpers";

const list = (...vals: string[]) => ({
  DataSourceList: vals.map((v) => createDataSource(fixed(v))),
  dataSourceIndex: 0,
});
const values = (b: { DataSourceList: readonly DataSource[] }) => b.DataSourceList.map((s) => s.FirstValue);
const src = (d: LabelDocument, id: string, cell?: [number, number]) => {
  const b = getBound(d, { elementId: id, cell });
  if (!b) throw new Error("no bound");
  return b.DataSourceList[b.dataSourceIndex];
};

describe("data source list", () => {
  it("adds an empty fixed entry and makes it current", () => {
    const b = addSource(list("a"));
    expect(b.DataSourceList).toHaveLength(2);
    expect(b.dataSourceIndex).toBe(1);
    expect(b.DataSourceList[1].DataSourceType).toBe(0);
  });
  it("deletes the current entry; the index steps back when it was the last", () => {
    const mid = deleteCurrentSource({ ...list("a", "b", "c"), dataSourceIndex: 1 });
    expect([values(mid), mid.dataSourceIndex]).toEqual([["a", "c"], 1]);
    const last = deleteCurrentSource({ ...list("a", "b", "c"), dataSourceIndex: 2 });
    expect([values(last), last.dataSourceIndex]).toEqual([["a", "b"], 1]);
    const only = deleteCurrentSource(list("a"));
    expect([values(only), only.dataSourceIndex]).toEqual([[""], 0]);
  });
  it("moves the current entry up and down with the index following", () => {
    const down = moveCurrentSource(list("a", "b", "c"), 1);
    expect([values(down), down.dataSourceIndex]).toEqual([["b", "a", "c"], 1]);
    const up = moveCurrentSource(down, -1);
    expect([values(up), up.dataSourceIndex]).toEqual([["a", "b", "c"], 0]);
    const top = list("a", "b");
    expect(moveCurrentSource(top, -1)).toBe(top);
  });
  it("updates and selects the current entry, clamping the index", () => {
    const b = updateCurrentSource({ ...list("a", "b"), dataSourceIndex: 7 }, { FirstValue: "B" });
    expect(values(b)).toEqual(["a", "B"]);
    expect(selectSource(b, -3).dataSourceIndex).toBe(0);
  });
});

describe("type switch (§4)", () => {
  const linked = doc(text("x", [col(0, 1, { DataBase: sheetInfos(PEOPLE) })]), text("t", [fixed("hello")]));

  it("to spreadsheet links the last linked spreadsheet at [0,0]", () => {
    const { doc: d } = switchSourceType(linked, { elementId: "t" }, 1);
    const s = src(d, "t");
    expect(s.DataSourceType).toBe(1);
    expect(s.ConnectionStr).toBe(URL_A);
    expect(s.SheetIndex).toEqual([0, 0]);
    expect([s.TableName, s.ColumnName]).toEqual(["People", "Name"]);
    expect(lastLinkedSpreadsheet(linked)?.ExcelName).toBe("people.xlsx");
  });

  it("to spreadsheet names the column from a loaded workbook", () => {
    const d0 = doc(text("t", [fixed("x")]));
    const linkedTo = { ExcelName: "p.xlsx", ConnectionStr: URL_A, ConnectionData: "", DataBase: [] };
    const s = src(switchSourceType(d0, { elementId: "t" }, 1, { linked: linkedTo, sheets: SHEETS }).doc, "t");
    expect([s.TableName, s.ColumnName, s.DataBase.length]).toEqual(["People", "Name", 2]);
  });

  it("to sequence sets step 1, quantity 1 and FirstValue from the initial value or 1", () => {
    const s = src(switchSourceType(linked, { elementId: "t" }, 2).doc, "t");
    expect([s.DataSourceType, s.AddedValue, s.Quantity, s.FirstValue]).toEqual([2, 1, 1, "1"]);
    const withInit = doc(text("t", [{ ...fixed("x"), InitialValue: "A-007", AddedValue: 5, Quantity: 9 }]));
    const s2 = src(switchSourceType(withInit, { elementId: "t" }, 2).doc, "t");
    expect([s2.AddedValue, s2.Quantity, s2.FirstValue]).toEqual([1, 1, "A-007"]);
  });

  it("back to fixed restores FirstValue from the fixed text", () => {
    const seqDoc = switchSourceType(linked, { elementId: "t" }, 2).doc;
    const s = src(switchSourceType(seqDoc, { elementId: "t" }, 0).doc, "t");
    expect([s.DataSourceType, s.FirstValue]).toEqual([0, "hello"]);
  });

  it("to reference is refused with tip72 when this element is referenced, leaving fixed text", () => {
    const d = doc(text("t", [{ ...fixed("mine"), FirstValue: "shown" }]), text("u", [ref("t")]));
    const r = switchSourceType(d, { elementId: "t" }, 3);
    expect(r.tip).toBe(TIP.alreadyReferenced);
    expect([src(r.doc, "t").DataSourceType, src(r.doc, "t").FirstValue]).toEqual([0, "mine"]);
    const ok = switchSourceType(d, { elementId: "u" }, 3);
    expect(ok.tip).toBeUndefined();
    expect(src(ok.doc, "u").DataSourceType).toBe(3);
  });

  it("switches several table cells at once", () => {
    const tb = table("tb");
    const r = switchSourceTypeAll(
      doc(tb),
      [
        { elementId: "tb", cell: [0, 0] },
        { elementId: "tb", cell: [1, 1] },
      ],
      2,
    );
    expect(src(r.doc, "tb", [0, 0]).DataSourceType).toBe(2);
    expect(src(r.doc, "tb", [1, 1]).DataSourceType).toBe(2);
    expect(src(r.doc, "tb", [0, 1]).DataSourceType).toBe(0);
  });

  it("returns the document unchanged for an unknown target", () => {
    expect(switchSourceType(linked, { elementId: "nope" }, 2).doc).toBe(linked);
  });
});

describe("references", () => {
  const mirror = { ...text("m_mirror", [fixed("m")]) };
  const image = { ...createElement("Image", [], { x: 0, y: 0 }), Id: "img" };
  const d = doc(
    text("a", [fixed("A")]),
    withType("Barcode", "b", [fixed("B")]),
    withType("QRcode", "q", [fixed("Q")]),
    text("r", [ref("a")]),
    mirror,
    image,
    { ...createElement("TimeText", [], { x: 0, y: 0 }), Id: "tt" },
    table("tb"),
  );

  it("lists Text, Barcode and QRcode that are not referencing, not mirrors, not itself", () => {
    expect(referenceCandidates(d, "a").map((e) => e.Id)).toEqual(["b", "q"]);
    expect(referenceCandidates(d, "zz").map((e) => e.Id)).toEqual(["a", "b", "q"]);
  });

  it("knows who references an element", () => {
    expect(isReferenced(d, "a")).toBe(true);
    expect(isReferenced(d, "b")).toBe(false);
    expect(referencesTo(d, "a")).toEqual([{ elementId: "r" }]);
  });

  it("sets a reference only to a candidate", () => {
    const ok = setReference(d, { elementId: "b" }, "q");
    expect(ok.ok).toBe(true);
    expect(src(ok.doc, "b")).toMatchObject({ DataSourceType: 3, ReferenceId: "q" });
    for (const bad of ["r", "m_mirror", "img", "tt", "b", "missing"])
      expect(setReference(d, { elementId: "b" }, bad).ok).toBe(false);
    // an element that others reference may not itself reference
    expect(setReference(d, { elementId: "a" }, "b").ok).toBe(false);
  });

  it("turns references to deleted elements into empty fixed text, in elements and cells", () => {
    const tb = table("tb");
    const cells = tb.cells.map((c, i) =>
      i === 0 ? { ...c, DataSourceList: [createDataSource(ref("a"))] } : c,
    );
    const d2 = doc(text("a", [fixed("A")]), text("r", [fixed("x"), ref("a")]), {
      ...tb,
      cells,
    } as TableElement);
    expect(referencesTo(d2, "a")).toHaveLength(2);
    const out = detachReferences(d2, ["a"]);
    const r = out.elements[1] as TextElement;
    expect(r.DataSourceList[1]).toMatchObject({
      DataSourceType: 0,
      ReferenceId: "",
      FirstValue: "",
      NormalText: "",
    });
    expect((out.elements[2] as TableElement).cells[0].DataSourceList[0].DataSourceType).toBe(0);
    expect(detachReferences(d2, ["nobody"])).toBe(d2);
  });
});

describe("spreadsheet revert rules (§5)", () => {
  it("reverts when the URL is missing or not http(s)", () => {
    for (const url of ["", "ftp://x/y.xlsx", "javascript:alert(1)", "file:///etc/passwd", "//evil/x"])
      expect(shouldRevert(createDataSource(col(0, 0, { ConnectionStr: url })))).toBe(true);
    expect(shouldRevert(createDataSource(col(0, 0)))).toBe(false);
    expect(isSpreadsheetUrl("/files/u1/a.xlsx")).toBe(true);
    expect(isSpreadsheetUrl("HTTP://host/a.csv")).toBe(true);
  });
  it("reverts when the column is missing", () => {
    expect(shouldRevert(createDataSource(col(0, 0, { ColumnName: "" })))).toBe(true);
    expect(shouldRevert(createDataSource(col(0, 7)), SHEETS)).toBe(true);
    expect(shouldRevert(createDataSource(col(3, 0)), SHEETS)).toBe(true);
    expect(shouldRevert(createDataSource(col(0, 4)), SHEETS)).toBe(false);
  });
  it("reverts when the file has no sheets", () => {
    expect(shouldRevert(createDataSource(col(0, 0)), new Map([[URL_A, { sheets: [] }]]))).toBe(true);
  });
  it("applies to every list and restores the fixed text", () => {
    const tb = table("tb");
    const cells = tb.cells.map((c, i) =>
      i === 3 ? { ...c, DataSourceList: [createDataSource(col(0, 0, { ConnectionStr: "" }))] } : c,
    );
    const d = doc(
      text("ok", [col(0, 0)]),
      text("bad", [
        fixed("x"),
        col(0, 0, { ConnectionStr: "ftp://x", NormalText: "kept", FirstValue: "Ada" }),
      ]),
      { ...tb, cells } as TableElement,
    );
    const r = revertInvalidSpreadsheets(d, SHEETS);
    expect(r.reverted).toBe(2);
    expect((r.doc.elements[1] as TextElement).DataSourceList[1]).toMatchObject({
      DataSourceType: 0,
      FirstValue: "kept",
    });
    expect(r.doc.elements[0]).toBe(d.elements[0]);
    expect(revertInvalidSpreadsheets(doc(text("ok", [col(0, 0)])), SHEETS).reverted).toBe(0);
  });
});

describe("spreadsheet binding", () => {
  it("names columns by header or letters", () => {
    expect(columnLetters(0)).toBe("A");
    expect(columnLetters(25)).toBe("Z");
    expect(columnLetters(26)).toBe("AA");
    expect(columnLetters(701)).toBe("ZZ");
    const infos = sheetInfos(PEOPLE);
    expect(infos[0]).toMatchObject({ text: "People", index: 0 });
    expect(infos[0].children.map((c) => c.text)).toEqual(["Name", "Price", "Born", "Share", "Clock"]);
    expect(sheetInfos(PEOPLE, false)[1].children.map((c) => c.text)).toEqual(["A"]);
  });
  it("binds a source to a sheet and column", () => {
    const s = bindColumn(createDataSource(), PEOPLE, 0, 2);
    expect(s).toMatchObject({
      DataSourceType: 1,
      SheetIndex: [0, 2],
      ColumnIndex: 2,
      TableName: "People",
      ColumnName: "Born",
    });
  });
});

describe("syncValues", () => {
  it("updates Data of referencing elements when a source changes", () => {
    const d0 = doc(text("a", [fixed("old")]), text("r", [fixed("["), ref("a"), fixed("]")]));
    const d1 = syncValues(d0, SHEETS);
    expect((d1.elements[1] as TextElement).Data).toBe("[old]");
    expect((d1.elements[1] as TextElement).DataSourceList[1].FirstValue).toBe("old");
    const changed = { ...d1, elements: [text("a", [fixed("new")]), d1.elements[1]] };
    const d2 = syncValues(changed, SHEETS);
    expect((d2.elements[1] as TextElement).Data).toBe("[new]");
    expect(syncValues(d2, SHEETS)).toBe(d2);
  });
  it("stores the record's values of spreadsheet and sequence entries", () => {
    const d = syncValues(doc(text("a", [col(0, 0), seq("7")])), SHEETS, 1);
    const a = d.elements[0] as TextElement;
    expect(a.Data).toBe("Grace8");
    expect(values(a)).toEqual(["Grace", "8"]);
  });
});
