import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { emptyDocument } from "../src/model";
import { canRedo, canUndo } from "../src/model/history";
import { addNewElement, isRefusal, moveElements, type OpResult, type OpSuccess } from "../src/model/ops";
import { type HistoryReply, historyMachine } from "./history.machine";

function ok(r: OpResult): OpSuccess {
  if (isRefusal(r)) throw new Error(r.refused);
  return r;
}

describe("history machine", () => {
  it("records, undoes and redoes, replying with the document to show", () => {
    const actor = createActor(historyMachine, { input: {} });
    const replies: HistoryReply[] = [];
    actor.on("history.applied", (e) => void replies.push(e));
    actor.start();
    const d0 = emptyDocument();
    const a = ok(addNewElement(d0, "Rectangle", { x: 0, y: 0 }));
    actor.send({ type: "history.record", diff: a.diff, kind: a.kind });
    const h = () => actor.getSnapshot().context.history;
    expect(canUndo(h())).toBe(true);
    actor.send({ type: "history.undo", doc: a.doc });
    expect(replies[0]).toMatchObject({ direction: "undo", doc: { elements: [] } });
    expect(canRedo(h())).toBe(true);
    actor.send({ type: "history.redo", doc: replies[0].type === "history.applied" ? replies[0].doc : d0 });
    expect(replies[1].type === "history.applied" && replies[1].doc.elements).toHaveLength(1);
    // nothing to redo: no reply
    actor.send({ type: "history.redo", doc: a.doc });
    expect(replies).toHaveLength(2);
  });

  it("one entry per transaction; abandon replies with the stopping-point document", () => {
    const actor = createActor(historyMachine, { input: {} });
    const restored: HistoryReply[] = [];
    actor.on("history.restored", (e) => void restored.push(e));
    actor.start();
    const d = ok(addNewElement(emptyDocument(), "Rectangle", { x: 0, y: 0 })).doc;
    const id = d.elements[0].Id;
    actor.send({ type: "history.begin", doc: d });
    expect(actor.getSnapshot().value).toBe("transacting");
    // undo is not available in the middle of a drag
    actor.send({ type: "history.undo", doc: d });
    let cur = d;
    for (let i = 0; i < 10; i++) cur = ok(moveElements(d, [id], i, i)).doc;
    actor.send({ type: "history.commit", doc: cur });
    expect(actor.getSnapshot().context.history.entries).toHaveLength(1);
    actor.send({ type: "history.begin", doc: cur });
    actor.send({ type: "history.abandon", doc: ok(moveElements(cur, [id], 3, 3)).doc });
    expect(restored).toEqual([{ type: "history.restored", doc: cur }]);
    expect(actor.getSnapshot().context.history.entries).toHaveLength(1);
    actor.send({ type: "history.clear" });
    expect(actor.getSnapshot().context.history.entries).toHaveLength(0);
  });
});
