// Every write is a named op: the panels' data source edits, a code's patch, the QR centre image, the
// workbook store's correction and the canvas gestures each run as an op of the editor, recorded as one
// history entry named by the op (undo and redo in one step). `doc.replace` ("this document instead")
// is left to the load path alone, which the scan below keeps so.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { fixedTextPatch } from "../src/data";
import { emptyDocument } from "../src/model";
import { createDataSource } from "../src/model/defaults";
import { createElement } from "../src/model/kinds";
import { MSG } from "../src/model/ops/messages";
import type {
  BarcodeElement,
  DataSource,
  LabelDocument,
  QRCodeElement,
  TextElement,
} from "../src/model/types";
import type { Workbook } from "../src/spreadsheet/types";
import { cancelGesture, dragFrame, resizeFrame, startDrag, startResize } from "./editor.gestures";
import { type EditorEmitted, editorMachine } from "./editor.machine";
import type { EditorEnv } from "./editor.types";

const URL_A = "/files/u1/excel/a.csv";
const WB: Workbook = { sheets: [{ sheetName: "S1", data: [["name"], ["apple"], ["pear"]] }] };

function text(id: string, sources: Partial<DataSource>[], data = ""): TextElement {
  const el = createElement("Text", [], { x: 10, y: 10 }) as TextElement;
  const list = sources.map((s) => createDataSource(s));
  return { ...el, Id: id, Name: id, Data: data, DataSourceList: list, dataSourceIndex: 0 };
}

/** "a" fixed text, "b" referencing "a" (its Data follows a's). */
function referenced(): LabelDocument {
  return {
    ...emptyDocument(),
    elements: [
      text("a", [{ DataSourceType: 0, FirstValue: "old", NormalText: "old" }], "old"),
      text("b", [{ DataSourceType: 3, ReferenceId: "a", FirstValue: "old" }], "old"),
    ],
  };
}

function start(doc: LabelDocument, env: Partial<EditorEnv> = {}) {
  const actor = createActor(editorMachine, { input: { doc, env } });
  const messages: { key: string; level: string }[] = [];
  actor.on("message", (e: EditorEmitted) => {
    if (e.type === "message") messages.push({ key: e.key, level: e.level });
  });
  actor.start();
  const ctx = () => actor.getSnapshot().context;
  const hist = () => ctx().history.getSnapshot().context.history;
  const el = <T = TextElement>(id: string) => ctx().doc.elements.find((e) => e.Id === id) as T;
  return { actor, ctx, hist, el, messages };
}

describe("named ops: the data source list (sources.edit)", () => {
  it("an edit is applied, the referencing element follows, one entry named sources.edit, undo in one step", () => {
    const { actor, ctx, hist, el } = start(referenced());
    const before = ctx().doc;
    actor.send({
      type: "sources.edit",
      target: { elementId: "a" },
      edit: { do: "patch", patch: fixedTextPatch("new") },
    });
    expect(el("a").Data).toBe("new");
    expect(el("b").Data).toBe("new");
    expect(hist().entries.map((e) => [e.op, e.kind])).toEqual([["sources.edit", "edit"]]);
    expect(ctx().dirty).toBe(true);
    actor.send({ type: "history.undo" });
    expect(ctx().doc.elements).toEqual(before.elements);
    actor.send({ type: "history.redo" });
    expect(el("b").Data).toBe("new");
  });

  it("adds, moves, selects and deletes entries; an edit that changes nothing records nothing", () => {
    const { actor, hist, el } = start(referenced());
    const send = actor.send.bind(actor);
    send({ type: "sources.edit", target: { elementId: "a" }, edit: { do: "add" } });
    expect(el("a").DataSourceList).toHaveLength(2);
    expect(el("a").dataSourceIndex).toBe(1);
    send({ type: "sources.edit", target: { elementId: "a" }, edit: { do: "move", by: -1 } });
    expect(el("a").dataSourceIndex).toBe(0);
    send({ type: "sources.edit", target: { elementId: "a" }, edit: { do: "select", index: 1 } });
    expect(el("a").dataSourceIndex).toBe(1);
    send({ type: "sources.edit", target: { elementId: "a" }, edit: { do: "delete" } });
    expect(el("a").DataSourceList).toHaveLength(1);
    const n = hist().entries.length;
    send({ type: "sources.edit", target: { elementId: "a" }, edit: { do: "move", by: -1 } });
    send({ type: "sources.edit", target: { elementId: "missing" }, edit: { do: "add" } });
    expect(hist().entries).toHaveLength(n);
  });

  it("the type switch to a reference on a referenced element keeps fixed text and warns (tip72)", () => {
    const { actor, el, messages } = start(referenced());
    actor.send({ type: "sources.edit", target: { elementId: "a" }, edit: { do: "type", type: 3 } });
    expect(el("a").DataSourceList[0].DataSourceType).toBe(0);
    expect(messages).toContainEqual({ key: "tip.tip72", level: "warning" });
  });

  it("a spreadsheet column takes its value from the workbooks the env gives", () => {
    const doc = { ...emptyDocument(), elements: [text("a", [{ DataSourceType: 0, FirstValue: "x" }], "x")] };
    const { actor, el } = start(doc, { sheets: () => new Map([[URL_A, WB]]) });
    const column = { DataSourceType: 1, ConnectionStr: URL_A, SheetIndex: [0, 0], ColumnIndex: 0 } as const;
    actor.send({ type: "sources.edit", target: { elementId: "a" }, edit: { do: "patch", patch: column } });
    expect(el("a").Data).toBe("apple");
  });

  it("a code's list marks its content edited and keeps its X-dimension (the env's rule)", () => {
    const base = createElement("Barcode", [], { x: 5, y: 5 }) as BarcodeElement;
    const doc = { ...emptyDocument(), elements: [{ ...base, Id: "c", isEdit: false }] };
    const calls: string[] = [];
    const keepCodeX: EditorEnv["keepCodeX"] = (_b, after, id) => {
      calls.push(id);
      return { ...after, elements: after.elements.map((e) => (e.Id === id ? { ...e, Width: 42 } : e)) };
    };
    const { actor, el, hist } = start(doc, { keepCodeX });
    actor.send({
      type: "sources.edit",
      target: { elementId: "c" },
      edit: { do: "patch", patch: fixedTextPatch("12345") },
      code: true,
    });
    expect(el<BarcodeElement>("c")).toMatchObject({ Data: "12345", isEdit: true, Width: 42 });
    expect(calls).toEqual(["c"]);
    expect(hist().entries).toHaveLength(1);
  });
});

describe("named ops: a code's patch, the QR centre image, the workbook correction", () => {
  it("code.update applies the patch and the X-dimension rule as one entry; a missing element is refused", () => {
    const base = createElement("Barcode", [], { x: 5, y: 5 }) as BarcodeElement;
    const doc = { ...emptyDocument(), elements: [{ ...base, Id: "c" }] };
    const keepCodeX: EditorEnv["keepCodeX"] = (_b, after, id) => ({
      ...after,
      elements: after.elements.map((e) => (e.Id === id ? { ...e, Width: 33 } : e)),
    });
    const { actor, el, hist, messages } = start(doc, { keepCodeX });
    actor.send({ type: "code.update", id: "c", kind: "Barcode", patch: { Data: "987" } });
    expect(el<BarcodeElement>("c")).toMatchObject({ Data: "987", Width: 33 });
    expect(hist().entries.map((e) => e.op)).toEqual(["code.update"]);
    actor.send({ type: "history.undo" });
    expect(el<BarcodeElement>("c").Width).toBe(base.Width);
    actor.send({ type: "code.update", id: "nope", kind: "Barcode", patch: { Data: "1" } });
    expect(messages.at(-1)?.level).toBe("error");
  });

  it("qr.centreImage sets the picture with error correction H, clears it, one entry each", () => {
    const base = createElement("QRcode", [], { x: 5, y: 5 }) as QRCodeElement;
    const doc = { ...emptyDocument(), elements: [{ ...base, Id: "q", ErrorCorrectionLevel: "L" as const }] };
    const { actor, el, hist } = start(doc);
    const png = "data:image/png;base64,iVBORw0KGgo=";
    actor.send({ type: "qr.centreImage", id: "q", src: png });
    expect(el<QRCodeElement>("q")).toMatchObject({ CenterImage: png, ErrorCorrectionLevel: "H" });
    actor.send({ type: "qr.centreImage", id: "q", src: png });
    actor.send({ type: "qr.centreImage", id: "q", src: "" });
    expect(el<QRCodeElement>("q").CenterImage).toBe("");
    expect(hist().entries.map((e) => e.op)).toEqual(["qr.centreImage", "qr.centreImage"]);
    actor.send({ type: "history.undo" });
    actor.send({ type: "history.undo" });
    expect(el<QRCodeElement>("q").ErrorCorrectionLevel).toBe("L");
  });

  it("sources.settle reverts a column the file lacks and re-syncs values, one undoable entry", () => {
    const col = (c: number): Partial<DataSource> => ({
      DataSourceType: 1,
      ConnectionStr: URL_A,
      SheetIndex: [0, c],
      ColumnIndex: c,
      ColumnName: c === 0 ? "name" : "gone",
      FirstValue: "stale",
      NormalText: "fixed",
    });
    const doc = {
      ...emptyDocument(),
      elements: [text("a", [col(0)], "stale"), text("b", [col(7)], "stale")],
    };
    const { actor, el, hist } = start(doc, { sheets: () => new Map([[URL_A, WB]]) });
    actor.send({ type: "sources.settle" });
    expect(el("a").Data).toBe("apple");
    expect(el("b").DataSourceList[0].DataSourceType).toBe(0);
    expect(el("b").Data).toBe("fixed");
    expect(hist().entries.map((e) => e.op)).toEqual(["sources.settle"]);
    actor.send({ type: "history.undo" });
    expect(el("a").Data).toBe("stale");
  });
});

describe("named ops: the canvas gestures (elements.drag, element.resize, cancel)", () => {
  const shapes = (): LabelDocument => {
    const r = createElement("Rectangle", [], { x: 10, y: 10, width: 20, height: 10 });
    return { ...emptyDocument(), elements: [{ ...r, Id: "r" }] };
  };

  it("a drag is one history entry named elements.drag; undo and redo move it back and forth at once", () => {
    const { actor, ctx, hist } = start(shapes());
    actor.send({ type: "pointer.down", point: { x: 12, y: 12 }, target: { kind: "element", id: "r" } });
    for (let i = 1; i <= 5; i++) actor.send({ type: "pointer.move", point: { x: 12 + 3 * i, y: 12 + i } });
    actor.send({ type: "pointer.up" });
    const moved = ctx().doc.elements[0].StartX;
    expect(moved).not.toBe(10);
    expect(hist().entries.map((e) => e.op)).toEqual(["elements.drag"]);
    actor.send({ type: "history.undo" });
    expect(ctx().doc.elements[0].StartX).toBe(10);
    actor.send({ type: "history.redo" });
    expect(ctx().doc.elements[0].StartX).toBe(moved);
  });

  it("a resize is one history entry named element.resize", () => {
    const { actor, ctx, hist } = start(shapes());
    actor.send({ type: "selection.set", ids: ["r"] });
    actor.send({
      type: "pointer.down",
      point: { x: 30, y: 20 },
      target: { kind: "handle", id: "r", handle: "se" },
    });
    for (let i = 1; i <= 4; i++) actor.send({ type: "pointer.move", point: { x: 30 + 2 * i, y: 20 + i } });
    actor.send({ type: "pointer.up" });
    expect(ctx().doc.elements[0].Width).toBeGreaterThan(20);
    expect(hist().entries.map((e) => e.op)).toEqual(["element.resize"]);
    actor.send({ type: "history.undo" });
    expect(ctx().doc.elements[0].Width).toBe(20);
  });

  it("the gesture ops are pure functions of the base: frames never add up, cancel is the base", () => {
    const doc = shapes();
    const g = startDrag(doc, ["r"]);
    if ("refused" in g) throw new Error("refused");
    const once = dragFrame(g, { x: 7, y: 0 }, 1);
    const again = dragFrame(g, { x: 7, y: 0 }, 1);
    expect(once?.doc.elements[0].StartX).toBe(17);
    expect(again?.doc.elements[0].StartX).toBe(17);
    expect(cancelGesture(g)).toBe(doc);
    const locked = { ...doc, elements: doc.elements.map((e) => ({ ...e, Lock: true })) };
    expect(startDrag(locked, ["r"])).toEqual({ refused: "editor.ops.cannotDrag" });
    expect(startResize(locked, "r")).toEqual({ refused: MSG.locked });
    const rg = startResize(doc, "r");
    if ("refused" in rg) throw new Error("refused");
    const env: EditorEnv = { measureText: () => ({}), sheets: () => new Map(), keepCodeX: (_b, a) => a };
    expect(resizeFrame(rg, "r", "e", { x: 5, y: 0 }, env)?.elements[0].Width).toBe(25);
    expect(resizeFrame(rg, "r", "e", { x: 5, y: 0 }, env)?.elements[0].Width).toBe(25);
  });
});

describe("doc.replace belongs to the load path", () => {
  /** Source files (no tests) under a folder. */
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
      const p = join(dir, d.name);
      if (d.isDirectory()) return sources(p);
      return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [p] : [];
    });
  const senders = () =>
    [...sources(resolve("src")), ...sources(resolve("machines"))].flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) =>
          /type:\s*["']doc\.replace["']/.test(line) ? [`${relative(resolve("."), file)}:${i + 1}`] : [],
        ),
    );

  it("only the save flow's draft restore sends doc.replace; everything else sends a named op", () => {
    const found = senders();
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^src\/editor\/save\/useSaveFlow\.tsx:\d+$/);
    // the scanner sees a sender written the way the panels wrote them
    expect(/type:\s*["']doc\.replace["']/.test('store.send({ type: "doc.replace", doc: after })')).toBe(true);
  });
});
