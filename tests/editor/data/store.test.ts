// The editor's workbook store on the real editor session (no DOM): imports each linked file once,
// reverts invalid spreadsheet sources on open and after an import answer, re-syncs the stored values,
// and keeps the shown record inside the record count.
import { describe, expect, it } from "vitest";
import { createWorkbookStore } from "../../../src/editor/data/store";
import { createEditorStore } from "../../../src/editor/state/store";
import { createDataSource, emptyDocument } from "../../../src/model/defaults";
import { createElement } from "../../../src/model/kinds";
import type { DataSource, LabelDocument, TextElement } from "../../../src/model/types";
import type { Workbook } from "../../../src/spreadsheet/types";

const URL_A = "/files/u1/excel/20260101/abc/a.xlsx";
const WB: Workbook = {
  sheets: [
    {
      sheetName: "S1",
      data: [
        ["name", "price"],
        ["apple", "1.5"],
        ["pear", "2"],
        ["plum", "3.25"],
      ],
    },
  ],
};

function text(id: string, sources: Partial<DataSource>[], data = ""): TextElement {
  const el = createElement("Text", [], { x: 10, y: 10 }) as TextElement;
  return {
    ...el,
    Id: id,
    Name: id,
    Data: data,
    DataSourceList: sources.map((s) => createDataSource(s)),
    dataSourceIndex: 0,
  };
}

const column = (col: number, over: Partial<DataSource> = {}): Partial<DataSource> => ({
  DataSourceType: 1,
  ExcelName: "a.xlsx",
  ConnectionStr: URL_A,
  SheetIndex: [0, col],
  ColumnIndex: col,
  TableName: "S1",
  ColumnName: col === 0 ? "name" : "price",
  FirstValue: "stale",
  NormalText: "fixed",
  ...over,
});

function setup(
  doc: LabelDocument,
  answer: (url: string, params?: Readonly<Record<string, string>>) => Promise<Workbook> = async () => WB,
) {
  const editor = createEditorStore({ doc, status: "edit", canvasLock: true, notify: () => {} });
  const calls: string[] = [];
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const store = createWorkbookStore({
    editor,
    importWorkbook: async (url, params) => {
      calls.push(url);
      await gate;
      return answer(url, params);
    },
  });
  return { editor, store, calls, release };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe("workbook store", () => {
  it("imports each linked file once and syncs record 0 into the document without an undo step", async () => {
    const doc = {
      ...emptyDocument(),
      elements: [text("a", [column(0)]), text("b", [column(1), { DataSourceType: 0, FirstValue: " €" }])],
    };
    const { editor, store, calls, release } = setup(doc);
    expect(calls).toEqual([URL_A]);
    expect(store.get().loading.has(URL_A)).toBe(true);
    expect(store.get().total).toBe(1); // not loaded yet: the column does not count
    release();
    await flush();
    expect(calls).toEqual([URL_A]);
    expect(store.get().sheets.get(URL_A)).toBe(WB);
    expect(store.get().total).toBe(3);
    const els = editor.get().doc.elements as TextElement[];
    expect(els[0].Data).toBe("apple");
    expect(els[1].Data).toBe("1.5 €");
    expect(els[0].DataSourceList[0].FirstValue).toBe("apple");
    // a freshly opened label stays clean: nothing to undo, nothing unsaved
    expect(editor.get().dirty).toBe(false);
    expect(editor.get().canUndo).toBe(false);
  });

  it("reverts sources with a bad URL or no column when a label opens", () => {
    const doc = {
      ...emptyDocument(),
      elements: [
        text("a", [column(0, { ConnectionStr: "javascript:alert(1)" })]),
        text("b", [column(0, { ConnectionStr: "", NormalText: "keep me" })]),
        text("c", [column(0, { ConnectionStr: "/files/u1/x.csv", ColumnName: "" })]),
      ],
    };
    const { editor, calls } = setup(doc);
    const els = editor.get().doc.elements as TextElement[];
    expect(els.map((e) => e.DataSourceList[0].DataSourceType)).toEqual([0, 0, 0]);
    expect(els[1].DataSourceList[0].FirstValue).toBe("keep me");
    expect(els[1].Data).toBe("keep me");
    expect(calls).toEqual([]); // nothing valid left to import
  });

  it("after an import answer reverts a column the file does not have, as one undoable edit once edited", async () => {
    const doc = { ...emptyDocument(), elements: [text("a", [column(0)]), text("b", [column(7)])] };
    const { editor, store, release } = setup(doc);
    // the user edits before the answer arrives: the correction becomes an undoable step
    const before = editor.get().doc;
    editor.send({ type: "doc.replace", doc: { ...before, attrs: { ...before.attrs, name: "edited" } } });
    expect(editor.get().dirty).toBe(true);
    release();
    await flush();
    const els = editor.get().doc.elements as TextElement[];
    expect(els[1].DataSourceList[0].DataSourceType).toBe(0);
    expect(els[1].Data).toBe("fixed");
    expect(els[0].Data).toBe("apple");
    expect(store.get().total).toBe(3);
    editor.send({ type: "history.undo" } as never);
    const undone = editor.get().doc.elements as TextElement[];
    expect(undone[1].DataSourceList[0].DataSourceType).toBe(1);
  });

  it("keeps the shown record inside the record count", async () => {
    const doc = { ...emptyDocument(), elements: [text("a", [column(0)])] };
    const { editor, store, release } = setup(doc);
    store.setRecord(2);
    expect(store.get().recordIndex).toBe(0); // one record until the file is read
    release();
    await flush();
    store.setRecord(2);
    expect(store.get().recordIndex).toBe(2);
    store.setRecord(99);
    expect(store.get().recordIndex).toBe(2);
    store.setRecord(-4);
    expect(store.get().recordIndex).toBe(0);
    store.setRecord(2);
    // a sequence of quantity 2 lowers the count: the record follows
    const d = editor.get().doc;
    const el = d.elements[0] as TextElement;
    const next = {
      ...d,
      elements: [
        {
          ...el,
          DataSourceList: [
            ...el.DataSourceList,
            createDataSource({ DataSourceType: 2, InitialValue: "1", Quantity: 2 }),
          ],
        },
      ],
    };
    editor.send({ type: "doc.replace", doc: next });
    expect(store.get().total).toBe(2);
    expect(store.get().recordIndex).toBe(1);
  });

  it("marks a failed import and does not retry it by itself; load(force) retries", async () => {
    let fail = true;
    const doc = { ...emptyDocument(), elements: [text("a", [column(0)], "old")] };
    const { editor, store, calls, release } = setup(doc, async () => {
      if (fail) throw new Error("209");
      return WB;
    });
    release();
    await flush();
    expect(store.get().failed.has(URL_A)).toBe(true);
    // the source is kept (a network error never loses the binding)
    expect((editor.get().doc.elements[0] as TextElement).DataSourceList[0].DataSourceType).toBe(1);
    const d = editor.get().doc;
    editor.send({ type: "doc.replace", doc: { ...d, attrs: { ...d.attrs, name: "x" } } });
    expect(calls).toHaveLength(1);
    fail = false;
    expect(await store.load(URL_A, true)).toBe(WB);
    expect(store.get().failed.has(URL_A)).toBe(false);
    expect(calls).toHaveLength(2);
  });

  it("put caches a workbook without a revert pass (an entry about to be bound)", () => {
    const doc = { ...emptyDocument(), elements: [text("a", [{ DataSourceType: 0, FirstValue: "x" }])] };
    const { store, calls } = setup(doc);
    const events: number[] = [];
    store.subscribe(() => events.push(1));
    store.put(URL_A, WB);
    expect(store.get().sheets.get(URL_A)).toBe(WB);
    expect(events.length).toBe(1);
    expect(calls).toEqual([]);
  });
});

describe("workbook store and opened files", () => {
  it("reverts a label loaded from a file (doc.load) and keeps it clean", async () => {
    const { editor, store, release } = setup(emptyDocument());
    const opened = {
      ...emptyDocument(),
      elements: [
        text("a", [column(0, { ConnectionStr: "ftp://x/a.xlsx", NormalText: "was fixed" })]),
        text("b", [column(1)]),
      ],
    };
    editor.send({ type: "doc.load", doc: opened });
    const els = editor.get().doc.elements as TextElement[];
    expect(els[0].DataSourceList[0].DataSourceType).toBe(0);
    expect(els[0].Data).toBe("was fixed");
    release();
    await flush();
    expect((editor.get().doc.elements[1] as TextElement).Data).toBe("1.5");
    expect(editor.get().dirty).toBe(false);
    expect(store.get().total).toBe(3);
  });

  it("refreshLive fetches every live address again (not stored files) and answers null when one fails", async () => {
    const LIVE = "https://data.example.com/stock.csv";
    const doc = {
      ...emptyDocument(),
      elements: [text("a", [column(0)]), text("b", [column(1, { ConnectionStr: LIVE })])],
    };
    const fresh: Workbook = {
      sheets: [
        {
          sheetName: "S1",
          data: [
            ["name", "price"],
            ["kiwi", "9"],
          ],
        },
      ],
    };
    let live = WB;
    let down = false;
    const { store, calls, release } = setup(doc, async (url) => {
      if (url === LIVE && down) throw new Error("unreachable");
      return url === LIVE ? live : WB;
    });
    release();
    await flush();
    expect(calls.sort()).toEqual([LIVE, URL_A].sort());
    live = fresh;
    const sheets = await store.refreshLive();
    expect(calls.filter((u) => u === LIVE)).toHaveLength(2);
    expect(calls.filter((u) => u === URL_A)).toHaveLength(1); // a stored file is not read again
    expect(sheets?.get(LIVE)).toBe(fresh);
    expect(store.get().total).toBe(1);
    down = true;
    expect(await store.refreshLive()).toBeNull();
  });

  it("refreshLive reads a database query with the parameter values it is given (the print's answers)", async () => {
    const QUERY = "/query/q1";
    const doc = { ...emptyDocument(), elements: [text("a", [column(0, { ConnectionStr: QUERY })])] };
    const rows = (lot: string): Workbook => ({
      sheets: [{ sheetName: "Lots", data: [["lot"], [lot], [lot]] }],
    });
    const { store, release } = setup(doc, async (_url, params) => rows(params?.lot ?? "saved"));
    release();
    await flush();
    expect(store.get().sheets.get(QUERY)?.sheets[0].data[1]).toEqual(["saved"]);
    const sheets = await store.refreshLive(undefined, { lot: "L-7" });
    expect(sheets?.get(QUERY)?.sheets[0].data[1]).toEqual(["L-7"]);
  });

  it("keeps the newest read of a query when an earlier one answers last", async () => {
    const QUERY = "/query/q1";
    const doc = { ...emptyDocument(), elements: [text("a", [column(0, { ConnectionStr: QUERY })])] };
    const rows = (lot: string): Workbook => ({ sheets: [{ sheetName: "Lots", data: [["lot"], [lot]] }] });
    const held = new Map<string, () => void>();
    const { store, release } = setup(doc, async (_url, params) => {
      const lot = params?.lot ?? "saved";
      if (lot !== "saved") await new Promise<void>((r) => held.set(lot, r));
      return rows(lot);
    });
    release();
    await flush();
    const first = store.refreshLive(undefined, { lot: "A" });
    const second = store.refreshLive(undefined, { lot: "AB" });
    await flush();
    held.get("AB")?.();
    expect((await second)?.get(QUERY)?.sheets[0].data[1]).toEqual(["AB"]);
    held.get("A")?.();
    // the slower, earlier read answers what it read, but the store keeps the newer rows
    expect((await first)?.get(QUERY)?.sheets[0].data[1]).toEqual(["A"]);
    expect(store.get().sheets.get(QUERY)?.sheets[0].data[1]).toEqual(["AB"]);
  });
});
