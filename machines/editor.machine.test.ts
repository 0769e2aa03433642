import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import {
  createElement,
  emptyDocument,
  type LabelDocument,
  type LabelElement,
  PX_PER_MM,
  type TextElement,
} from "../src/model";
import { createDataSource } from "../src/model/defaults";
import { canRedo, canUndo } from "../src/model/history";
import { type EditorEmitted, editorMachine, selectionOf, shouldWarnOnLeave } from "./editor.machine";

function doc(): LabelDocument {
  const els: LabelElement[] = [];
  els.push(createElement("Rectangle", els, { x: 10, y: 10, width: 20, height: 10 }));
  els.push(createElement("Ellipse", els, { x: 50, y: 40, width: 20, height: 10 }));
  els.push(createElement("Text", els, { x: 5, y: 60 }));
  return { ...emptyDocument(), elements: els };
}

function start(d = doc(), canvasLock = true) {
  const actor = createActor(editorMachine, { input: { doc: d, canvasLock } });
  const messages: string[] = [];
  actor.on("message", (e: EditorEmitted) => {
    if (e.type === "message") messages.push(e.key);
  });
  actor.start();
  const ctx = () => actor.getSnapshot().context;
  const sel = () => selectionOf(ctx());
  const hist = () => ctx().history.getSnapshot().context.history;
  return { actor, ctx, sel, hist, messages, ids: d.elements.map((e) => e.Id) };
}

describe("editor machine", () => {
  it("gives every child a stable systemId", () => {
    const { actor } = start();
    for (const id of ["selection", "history", "canvasInteraction"])
      expect(actor.system.get(id)).toBeDefined();
  });

  it("selects with a click, Ctrl-click toggles, and clicking empty canvas clears", () => {
    const { actor, sel, ids } = start();
    const ctrlClickSecond = () => {
      actor.send({
        type: "pointer.down",
        point: { x: 52, y: 42 },
        target: { kind: "element", id: ids[1] },
        ctrl: true,
      });
      actor.send({ type: "pointer.up" });
    };
    actor.send({ type: "pointer.down", point: { x: 12, y: 12 }, target: { kind: "element", id: ids[0] } });
    actor.send({ type: "pointer.up", point: { x: 12, y: 12 } });
    expect(sel()).toEqual([ids[0]]);
    ctrlClickSecond();
    expect(sel()).toEqual([ids[0], ids[1]]);
    ctrlClickSecond();
    expect(sel()).toEqual([ids[0]]);
    actor.send({ type: "pointer.down", point: { x: 90, y: 75 }, target: { kind: "canvas" } });
    actor.send({ type: "pointer.up" });
    expect(sel()).toEqual([]);
  });

  it("drags with snapping, records one history entry, undo restores and clears the selection", () => {
    const { actor, ctx, sel, hist, ids } = start();
    const before = ctx().doc;
    actor.send({ type: "pointer.down", point: { x: 12, y: 12 }, target: { kind: "element", id: ids[0] } });
    // move so the rectangle's centre (20, 15) lands 0.5 mm from the label's middle x = 50
    for (let i = 1; i <= 10; i++) actor.send({ type: "pointer.move", point: { x: 12 + 2.95 * i, y: 12 } });
    const el = ctx().doc.elements[0];
    expect(el.StartX + el.Width / 2).toBeCloseTo(50);
    expect(ctx().guides.some((g) => g.axis === "x" && g.at === 50 && g.color === "red")).toBe(true);
    actor.send({ type: "pointer.up" });
    expect(ctx().guides).toEqual([]);
    expect(hist().entries).toHaveLength(1);
    expect(ctx().dirty).toBe(true);
    expect(sel()).toEqual([ids[0]]);
    actor.send({ type: "history.undo" });
    expect(ctx().doc.elements[0]).toBe(before.elements[0]);
    expect(sel()).toEqual([]);
    expect(canUndo(hist())).toBe(false);
    expect(canRedo(hist())).toBe(true);
    actor.send({ type: "history.redo" });
    expect(ctx().doc.elements[0].StartX).toBeCloseTo(el.StartX);
  });

  it("rotates by ±90 in one history step each, and a drag snaps the turned box", () => {
    const { actor, ctx, hist, ids } = start();
    actor.send({ type: "selection.set", ids: [ids[0]] });
    actor.send({ type: "elements.rotate.by", by: 90 });
    expect(ctx().doc.elements[0].Rotate).toBe(90);
    actor.send({ type: "elements.rotate.by", by: -90 });
    actor.send({ type: "elements.rotate.by", by: -90 });
    expect(ctx().doc.elements[0].Rotate).toBe(270);
    expect(hist().entries).toHaveLength(3);
    actor.send({ type: "history.undo" });
    expect(ctx().doc.elements[0].Rotate).toBe(0);
    actor.send({ type: "selection.set", ids: [ids[0]] });
    actor.send({ type: "elements.rotate.by", by: 90 });
    // the 20 × 10 rectangle at (10, 10) turned: its canvas box is x 15..25, y 5..25; dragging it
    // 14.5 mm left puts that box's left edge 0.5 mm from the label's edge, which snaps to 0
    actor.send({ type: "pointer.down", point: { x: 20, y: 15 }, target: { kind: "element", id: ids[0] } });
    for (let i = 1; i <= 10; i++) actor.send({ type: "pointer.move", point: { x: 20 - 1.45 * i, y: 15 } });
    const el = ctx().doc.elements[0];
    expect(el.StartX + el.Width / 2 - el.Height / 2).toBeCloseTo(0);
    expect(ctx().guides.some((g) => g.axis === "x" && g.at === 0 && g.color === "red")).toBe(true);
    actor.send({ type: "pointer.up" });
  });

  it("Escape abandons a drag: the document returns and nothing is recorded", () => {
    const { actor, ctx, hist, ids } = start();
    const before = ctx().doc;
    actor.send({ type: "pointer.down", point: { x: 12, y: 12 }, target: { kind: "element", id: ids[0] } });
    actor.send({ type: "pointer.move", point: { x: 30, y: 30 } });
    expect(ctx().doc).not.toBe(before);
    actor.send({ type: "key.escape" });
    expect(ctx().doc).toBe(before);
    expect(hist().entries).toHaveLength(0);
    expect(hist().pending).toBeNull();
  });

  it("refuses to drag a locked element with the cannot-be-dragged message", () => {
    const d = doc();
    const locked = { ...d, elements: d.elements.map((e, i) => (i === 0 ? { ...e, Lock: true } : e)) };
    const { actor, ctx, messages, ids } = start(locked);
    actor.send({ type: "pointer.down", point: { x: 12, y: 12 }, target: { kind: "element", id: ids[0] } });
    actor.send({ type: "pointer.move", point: { x: 30, y: 30 } });
    actor.send({ type: "pointer.up" });
    expect(ctx().doc).toBe(locked);
    expect(messages).toContain("editor.ops.cannotDrag");
  });

  it("frame-selects when the canvas is locked and pans when it is not", () => {
    const a = start(doc(), true);
    a.actor.send({ type: "pointer.down", point: { x: 0, y: 0 }, target: { kind: "canvas" } });
    a.actor.send({ type: "pointer.move", point: { x: 40, y: 30 } });
    expect(a.ctx().frame).toEqual({ x: 0, y: 0, width: 40, height: 30 });
    a.actor.send({ type: "pointer.up", point: { x: 75, y: 55 } });
    expect(a.sel()).toEqual([a.ids[0], a.ids[1]]);
    expect(a.ctx().frame).toBeNull();

    const b = start(doc(), false);
    const pans: unknown[] = [];
    b.actor.on("pan", (e) => pans.push(e));
    b.actor.send({ type: "pointer.down", point: { x: 0, y: 0 }, target: { kind: "canvas" } });
    b.actor.send({ type: "pointer.move", point: { x: 40, y: 30 } });
    b.actor.send({ type: "pointer.up" });
    expect(pans.length).toBeGreaterThan(0);
    expect(b.sel()).toEqual([]);
  });

  it("copy/paste offsets by 20 units each time, with new ids and names", () => {
    const { actor, ctx, sel, messages, ids } = start();
    actor.send({ type: "selection.set", ids: [ids[0]] });
    actor.send({ type: "clipboard.copy" });
    expect(messages).toContain("tip.tip35");
    actor.send({ type: "clipboard.paste" });
    actor.send({ type: "clipboard.paste" });
    const els = ctx().doc.elements;
    expect(els).toHaveLength(5);
    const off = 20 / PX_PER_MM;
    expect(els[3].StartX).toBeCloseTo(10 + off);
    expect(els[4].StartX).toBeCloseTo(10 + 2 * off);
    expect(els[3].Name).toBe("Rectangle2");
    expect(els[4].Name).toBe("Rectangle3");
    expect(sel()).toEqual([els[4].Id]);
  });

  it("asks before deleting a referenced element and empties the reference on confirm", () => {
    const d = doc();
    const [a, b, t] = d.elements;
    // "Price: " + the referenced element's text, stored as Data like the editor keeps it
    const text = {
      ...t,
      Data: "Price: 42",
      DataSourceList: [
        createDataSource({ DataSourceType: 0, FirstValue: "Price: " }),
        createDataSource({ DataSourceType: 3, ReferenceId: a.Id, FirstValue: "42" }),
      ],
    } as LabelElement;
    const { actor, ctx, sel } = start({ ...d, elements: [a, b, text] });
    actor.send({ type: "selection.set", ids: [a.Id] });
    actor.send({ type: "elements.delete" });
    expect(actor.getSnapshot().value).toBe("confirmingDelete");
    actor.send({ type: "confirm.cancel" });
    expect(ctx().doc.elements).toHaveLength(3);
    actor.send({ type: "elements.delete" });
    actor.send({ type: "confirm.accept" });
    expect(ctx().doc.elements.map((e) => e.Id)).toEqual([b.Id, t.Id]);
    const left = ctx().doc.elements[1] as TextElement;
    // the reference became empty fixed text, and the stored text follows
    expect(left.DataSourceList[1]).toMatchObject({ DataSourceType: 0, ReferenceId: "", FirstValue: "" });
    expect(left.Data).toBe("Price: ");
    expect(sel()).toEqual([]);
  });

  it("reports refusals (tip108, distribute needs three) and lock messages", () => {
    const { actor, messages, ids, ctx } = start();
    actor.send({ type: "elements.align", how: "left" });
    expect(messages.at(-1)).toBe("tip.tip108");
    actor.send({ type: "selection.set", ids: [ids[0], ids[1]] });
    actor.send({ type: "elements.distribute", axis: "horizontal" });
    expect(messages.at(-1)).toBe("editor.ops.distributeNeedsThree");
    actor.send({ type: "elements.lock.toggle" });
    expect(messages.at(-1)).toBe("tip.tip122");
    expect(ctx().doc.elements[0].Lock).toBe(true);
    actor.send({ type: "elements.nudge", dx: 1, dy: 0 });
    expect(messages.at(-1)).toBe("tip.tip109");
  });

  it("tracks unsaved changes and the leave warning", () => {
    const { actor, ctx, ids } = start();
    expect(shouldWarnOnLeave(ctx())).toBe(false);
    actor.send({ type: "selection.set", ids: [ids[1]] });
    actor.send({ type: "elements.nudge", dx: 1, dy: 0 });
    expect(ctx().dirty).toBe(true);
    expect(shouldWarnOnLeave(ctx())).toBe(true);
    actor.send({ type: "doc.saved" });
    expect(ctx().dirty).toBe(false);
  });

  it("toggles and persists the canvas lock through an injected action", () => {
    const saved: boolean[] = [];
    const m = editorMachine.provide({ actions: { persistCanvasLock: (_, p) => void saved.push(p.locked) } });
    const actor = createActor(m, { input: { doc: doc(), canvasLock: true } }).start();
    actor.send({ type: "canvas.lock.toggle" });
    expect(actor.getSnapshot().context.canvasLock).toBe(false);
    expect(actor.system.get("canvasInteraction").getSnapshot().context.canvasLock).toBe(false);
    expect(saved).toEqual([false]);
  });
});

describe("editor machine, more", () => {
  it("a replaced document is one edit entry; ids it removed leave the selection", () => {
    const { actor, ctx, sel, hist, ids } = start();
    actor.send({ type: "selection.set", ids: [ids[0], ids[1]] });
    const next = { ...ctx().doc, elements: ctx().doc.elements.filter((e) => e.Id !== ids[0]) };
    actor.send({ type: "doc.replace", doc: next });
    expect(ctx().doc.elements.map((e) => e.Id)).toEqual([ids[1], ids[2]]);
    expect(sel()).toEqual([ids[1]]);
    expect(hist().entries.map((e) => e.kind)).toEqual(["edit"]);
    expect(ctx().dirty).toBe(true);
    // the same document again changes nothing and records nothing
    actor.send({ type: "doc.replace", doc: ctx().doc });
    expect(hist().entries).toHaveLength(1);
  });

  it("adds from the palette at the canvas centre and selects the new element", () => {
    const { actor, ctx, sel } = start();
    actor.send({ type: "element.add", elementType: "QRcode", x: 50, y: 40, centered: true });
    const el = ctx().doc.elements.at(-1);
    expect(el?.Type).toBe("QRcode");
    expect(sel()).toEqual([el?.Id]);
    expect((el?.StartX ?? 0) + (el?.Width ?? 0) / 2).toBeCloseTo(50);
  });

  it("resizes through a handle as one history entry, and refuses on a locked element", () => {
    const { actor, ctx, hist, ids } = start();
    actor.send({
      type: "pointer.down",
      point: { x: 30, y: 20 },
      target: { kind: "handle", id: ids[0], handle: "se" },
    });
    actor.send({ type: "pointer.move", point: { x: 35, y: 22 } });
    actor.send({ type: "pointer.move", point: { x: 40, y: 25 } });
    actor.send({ type: "pointer.up" });
    const el = ctx().doc.elements[0];
    expect([el.Width, el.Height]).toEqual([30, 15]);
    expect(hist().entries).toHaveLength(1);
    actor.send({ type: "history.undo" });
    expect(ctx().doc.elements[0].Width).toBe(20);
  });

  it("undoes a mixed sequence step by step back to the loaded document", () => {
    const { actor, ctx, ids } = start();
    const first = ctx().doc;
    actor.send({ type: "element.add", elementType: "Text", x: 1, y: 1 });
    actor.send({ type: "selection.set", ids: [ids[0], ids[1], ids[2]] });
    actor.send({ type: "elements.align", how: "top" });
    actor.send({ type: "elements.mirror.toggle" });
    actor.send({ type: "clipboard.copy" });
    actor.send({ type: "clipboard.paste" });
    actor.send({ type: "elements.delete" });
    actor.send({ type: "elements.lock.toggle" });
    const entries = ctx().history.getSnapshot().context.history.entries.length;
    expect(entries).toBe(5);
    for (let i = 0; i < entries; i++) actor.send({ type: "history.undo" });
    expect(ctx().doc).toEqual(first);
    for (let i = 0; i < entries; i++) actor.send({ type: "history.redo" });
    expect(ctx().doc.elements).toHaveLength(7);
  });

  it("loading a document resets history, selection and the unsaved flag", () => {
    const { actor, ctx, sel, hist, ids } = start();
    actor.send({ type: "selection.set", ids: [ids[0]] });
    actor.send({ type: "elements.nudge", dx: 1, dy: 1 });
    actor.send({ type: "doc.load", doc: emptyDocument() });
    expect(ctx().doc.elements).toEqual([]);
    expect(ctx().dirty).toBe(false);
    expect(sel()).toEqual([]);
    expect(hist().entries).toHaveLength(0);
  });
});

describe("editor machine, failures", () => {
  it("an op that throws is reported and leaves the editor running with its document", () => {
    const { actor, ctx, messages } = start();
    const before = ctx().doc;
    const err = console.error;
    console.error = () => {};
    try {
      // a malformed document handed in (no element list) makes the op throw
      actor.send({ type: "doc.replace", doc: { ...before, elements: null } as unknown as LabelDocument });
    } finally {
      console.error = err;
    }
    expect(actor.getSnapshot().status).toBe("active");
    expect(ctx().doc).toBe(before);
    expect(messages.at(-1)).toBe("editor.ops.failed");
  });
});
