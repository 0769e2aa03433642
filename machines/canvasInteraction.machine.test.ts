import { describe, expect, it } from "vitest";
import { createActor, SimulatedClock } from "xstate";
import { type GestureEvent, canvasInteractionMachine } from "./canvasInteraction.machine";

function start(canvasLock = true) {
  const clock = new SimulatedClock();
  const actor = createActor(canvasInteractionMachine, { input: { canvasLock }, clock });
  const got: GestureEvent[] = [];
  actor.on("*", (e) => void got.push(e as GestureEvent));
  actor.start();
  return { actor, clock, got, types: () => got.map((e) => e.type) };
}

const el = { kind: "element", id: "a" } as const;

describe("canvas interaction machine", () => {
  it("a press released within 300 ms is a click", () => {
    const { actor, clock, got } = start();
    actor.send({ type: "pointer.down", point: { x: 1, y: 1 }, target: el, ctrl: true });
    clock.increment(299);
    actor.send({ type: "pointer.up" });
    expect(got).toEqual([
      { type: "gesture.pointElement", id: "a", ctrl: true },
      { type: "gesture.click", id: "a", ctrl: true },
    ]);
    expect(actor.getSnapshot().value).toBe("idle");
  });

  it("a press held 300 ms or more without moving is not a click", () => {
    const { actor, clock, types } = start();
    actor.send({ type: "pointer.down", point: { x: 1, y: 1 }, target: el });
    clock.increment(300);
    expect(actor.getSnapshot().value).toEqual({ pointingElement: "long" });
    actor.send({ type: "pointer.up" });
    expect(types()).toEqual(["gesture.pointElement"]);
    expect(actor.getSnapshot().value).toBe("idle");
  });

  it("moving past the threshold drags with total deltas; pointer-up ends it", () => {
    const { actor, got, types } = start();
    actor.send({ type: "pointer.down", point: { x: 1, y: 1 }, target: el });
    actor.send({ type: "pointer.move", point: { x: 1.2, y: 1 } });
    expect(actor.getSnapshot().matches("pointingElement")).toBe(true);
    actor.send({ type: "pointer.move", point: { x: 3, y: 2 } });
    actor.send({ type: "pointer.move", point: { x: 5, y: 4 } });
    actor.send({ type: "pointer.up" });
    expect(types()).toEqual([
      "gesture.pointElement",
      "gesture.dragStart",
      "gesture.drag",
      "gesture.drag",
      "gesture.dragEnd",
    ]);
    expect(got[2]).toEqual({ type: "gesture.drag", delta: { x: 2, y: 1 } });
    expect(got[3]).toEqual({ type: "gesture.drag", delta: { x: 4, y: 3 } });
  });

  it("Escape abandons a drag, a resize and a frame", () => {
    const { actor, types } = start();
    actor.send({ type: "pointer.down", point: { x: 1, y: 1 }, target: el });
    actor.send({ type: "pointer.move", point: { x: 5, y: 5 } });
    actor.send({ type: "key.escape" });
    expect(types().at(-1)).toBe("gesture.cancel");
    actor.send({
      type: "pointer.down",
      point: { x: 1, y: 1 },
      target: { kind: "handle", id: "a", handle: "se" },
    });
    actor.send({ type: "pointer.move", point: { x: 2, y: 3 } });
    actor.send({ type: "key.escape" });
    expect(types().slice(-3)).toEqual(["gesture.resizeStart", "gesture.resize", "gesture.cancel"]);
    actor.send({ type: "pointer.down", point: { x: 1, y: 1 }, target: { kind: "canvas" } });
    actor.send({ type: "pointer.move", point: { x: 9, y: 9 } });
    actor.send({ type: "key.escape" });
    expect(types().at(-1)).toBe("gesture.cancel");
    // the release after Escape does nothing
    actor.send({ type: "pointer.up" });
    expect(types().at(-1)).toBe("gesture.cancel");
    expect(actor.getSnapshot().value).toBe("idle");
  });

  it("canvas lock on: dragging empty canvas draws a frame; off: it pans", () => {
    const a = start(true);
    a.actor.send({ type: "pointer.down", point: { x: 10, y: 10 }, target: { kind: "canvas" }, ctrl: true });
    a.actor.send({ type: "pointer.move", point: { x: 4, y: 20 } });
    a.actor.send({ type: "pointer.up", point: { x: 2, y: 30 } });
    expect(a.got.at(-1)).toEqual({
      type: "gesture.frameEnd",
      rect: { x: 2, y: 10, width: 8, height: 20 },
      ctrl: true,
    });

    const b = start(false);
    b.actor.send({ type: "pointer.down", point: { x: 10, y: 10 }, target: { kind: "canvas" } });
    b.actor.send({ type: "pointer.move", point: { x: 14, y: 13 } });
    b.actor.send({ type: "pointer.up" });
    expect(b.got).toEqual([{ type: "gesture.pan", delta: { x: 4, y: 3 } }, { type: "gesture.panEnd" }]);
    b.actor.send({ type: "canvas.lock.set", locked: true });
    b.actor.send({ type: "pointer.down", point: { x: 10, y: 10 }, target: { kind: "canvas" } });
    b.actor.send({ type: "pointer.move", point: { x: 14, y: 13 } });
    expect(b.actor.getSnapshot().value).toBe("frameSelecting");
  });

  it("a click on empty canvas reports a click with no element", () => {
    const { actor, got } = start();
    actor.send({ type: "pointer.down", point: { x: 1, y: 1 }, target: { kind: "canvas" } });
    actor.send({ type: "pointer.up" });
    expect(got).toEqual([{ type: "gesture.click", id: null, ctrl: false }]);
  });
});
