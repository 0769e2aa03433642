import { describe, expect, it } from "vitest";
import { createActor, SimulatedClock } from "xstate";
import { canvasInteractionMachine, type GestureEvent } from "./canvasInteraction.machine";

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

  it("the drag threshold is 2 screen pixels at any zoom", () => {
    const { actor } = start();
    actor.send({ type: "zoom.set", zoom: 5 });
    actor.send({ type: "pointer.down", point: { x: 1, y: 1 }, target: el });
    actor.send({ type: "pointer.move", point: { x: 1.12, y: 1 } }); // 0.12 mm = 2.3 px at zoom 5
    expect(actor.getSnapshot().value).toBe("dragging");
    actor.send({ type: "pointer.up" });
    actor.send({ type: "zoom.set", zoom: 0.5 });
    actor.send({ type: "pointer.down", point: { x: 1, y: 1 }, target: el });
    actor.send({ type: "pointer.move", point: { x: 1.8, y: 1 } }); // 0.8 mm = 1.5 px at zoom 0.5
    expect(actor.getSnapshot().matches("pointingElement")).toBe(true);
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

  it("Shift adds to the selection as Ctrl does", () => {
    const { actor, got } = start();
    actor.send({ type: "pointer.down", point: { x: 1, y: 1 }, target: el, shift: true });
    actor.send({ type: "pointer.up" });
    expect(got.at(-1)).toEqual({ type: "gesture.click", id: "a", ctrl: true });
  });
});

describe("canvas interaction machine: the selected table's cells and lines", () => {
  const onCell = { kind: "element", id: "t", cell: [1, 2] } as const;

  it("a click on a cell of the selected table picks it, short or long; a drag moves the table instead", () => {
    const { actor, clock, got, types } = start();
    actor.send({ type: "pointer.down", point: { x: 1, y: 1 }, target: onCell });
    actor.send({ type: "pointer.up" });
    expect(got.slice(-2)).toEqual([
      { type: "gesture.click", id: "t", ctrl: false },
      { type: "gesture.cellClick", id: "t", cell: [1, 2] },
    ]);
    got.length = 0;
    actor.send({ type: "pointer.down", point: { x: 1, y: 1 }, target: onCell });
    clock.increment(400);
    actor.send({ type: "pointer.up" });
    expect(types()).toEqual(["gesture.pointElement", "gesture.cellClick"]);
    got.length = 0;
    actor.send({ type: "pointer.down", point: { x: 1, y: 1 }, target: onCell });
    actor.send({ type: "pointer.move", point: { x: 4, y: 1 } });
    actor.send({ type: "pointer.up" });
    expect(types()).not.toContain("gesture.cellClick");
    expect(types()).toContain("gesture.dragEnd");
  });

  it("with cells picked, a press picks cells (Ctrl toggles, Shift extends) and a drag reports each point", () => {
    const { actor, got } = start();
    const cells = { kind: "cells", id: "t", cell: [0, 1] } as const;
    actor.send({ type: "pointer.down", point: { x: 1, y: 1 }, target: cells, ctrl: true });
    expect(actor.getSnapshot().value).toBe("pickingCells");
    expect(got).toEqual([{ type: "gesture.cellsPress", id: "t", cell: [0, 1], toggle: true, extend: false }]);
    actor.send({ type: "pointer.move", point: { x: 1.01, y: 1 } });
    actor.send({ type: "pointer.move", point: { x: 9, y: 5 } });
    expect(got.slice(1)).toEqual([
      { type: "gesture.cellsDrag", id: "t", point: { x: 1.01, y: 1 } },
      { type: "gesture.cellsDrag", id: "t", point: { x: 9, y: 5 } },
    ]);
    actor.send({ type: "pointer.up" });
    expect(actor.getSnapshot().value).toBe("idle");
    actor.send({ type: "pointer.down", point: { x: 1, y: 1 }, target: cells, shift: true });
    expect(got.at(-1)).toEqual({
      type: "gesture.cellsPress",
      id: "t",
      cell: [0, 1],
      toggle: false,
      extend: true,
    });
    actor.send({ type: "key.escape" });
    expect(actor.getSnapshot().value).toBe("idle");
  });

  it("an inner line follows the pointer and is released once; Escape abandons it", () => {
    const { actor, got, types } = start();
    const line = { kind: "border", id: "t", border: { axis: 1, index: 1 } } as const;
    actor.send({ type: "pointer.down", point: { x: 1, y: 1 }, target: line });
    expect(actor.getSnapshot().value).toBe("draggingBorder");
    actor.send({ type: "pointer.move", point: { x: 2, y: 1 } });
    actor.send({ type: "pointer.up" });
    expect(got).toEqual([
      { type: "gesture.borderStart", id: "t", border: { axis: 1, index: 1 } },
      { type: "gesture.borderDrag", id: "t", border: { axis: 1, index: 1 }, point: { x: 2, y: 1 } },
      { type: "gesture.borderEnd" },
    ]);
    got.length = 0;
    actor.send({ type: "pointer.down", point: { x: 1, y: 1 }, target: line });
    actor.send({ type: "pointer.move", point: { x: 3, y: 1 } });
    actor.send({ type: "key.escape" });
    expect(types()).toEqual(["gesture.borderStart", "gesture.borderDrag", "gesture.cancel"]);
    expect(actor.getSnapshot().value).toBe("idle");
  });
});

describe("canvas interaction machine, model-based", () => {
  type Ev = Parameters<ReturnType<typeof start>["actor"]["send"]>[0];
  const EVENTS: Ev[] = [
    { type: "pointer.down", point: { x: 0, y: 0 }, target: { kind: "element", id: "a" } },
    { type: "pointer.down", point: { x: 0, y: 0 }, target: { kind: "handle", id: "a", handle: "se" } },
    { type: "pointer.down", point: { x: 0, y: 0 }, target: { kind: "canvas" } },
    { type: "pointer.down", point: { x: 0, y: 0 }, target: { kind: "cells", id: "t", cell: [0, 0] } },
    {
      type: "pointer.down",
      point: { x: 0, y: 0 },
      target: { kind: "border", id: "t", border: { axis: 0, index: 1 } },
    },
    { type: "pointer.move", point: { x: 0.1, y: 0 } },
    { type: "pointer.move", point: { x: 5, y: 5 } },
    { type: "pointer.up" },
    { type: "key.escape" },
    { type: "canvas.lock.set", locked: false },
    { type: "canvas.lock.set", locked: true },
    // the 300 ms timer of pointingElement.short, as the graph sees it
    { type: "xstate.after.clickMax.canvasInteraction.pointingElement.short" } as unknown as Ev,
  ];
  const serializeState = (s: { value: unknown; context: { canvasLock: boolean; last: { x: number } } }) =>
    JSON.stringify({ v: s.value, lock: s.context.canvasLock, moved: s.context.last.x > 1 });

  /** Replays a path; delayed transitions (xstate.after…) advance the simulated clock instead. */
  function replay(events: readonly { type: string }[]) {
    const s = start(true);
    for (const e of events) {
      if (e.type === "xstate.init") continue;
      if (e.type.startsWith("xstate.after")) s.clock.increment(300);
      else s.actor.send(e as Ev);
    }
    return s;
  }

  /** Gestures open and close in pairs; nothing stays open once the machine is idle. */
  function checkGestures(types: string[], idle: boolean) {
    let open: string | null = null;
    for (const t of types) {
      if (
        t === "gesture.dragStart" ||
        t === "gesture.resizeStart" ||
        t === "gesture.borderStart" ||
        (t === "gesture.frame" && open === null)
      ) {
        expect(open).toBeNull();
        open = t;
      } else if (t === "gesture.pan" && open === null) open = t;
      else if (
        [
          "gesture.dragEnd",
          "gesture.resizeEnd",
          "gesture.borderEnd",
          "gesture.frameEnd",
          "gesture.cancel",
          "gesture.panEnd",
        ].includes(t)
      ) {
        expect(open).not.toBeNull();
        open = null;
      } else if (
        ["gesture.click", "gesture.pointElement", "gesture.cellClick", "gesture.cellsPress"].includes(t)
      )
        expect(open).toBeNull();
    }
    if (idle) expect(open).toBeNull();
  }

  it("every shortest path reaches its state with well-formed gesture reports", async () => {
    const { getShortestPaths } = await import("xstate/graph");
    const paths = getShortestPaths(canvasInteractionMachine, {
      events: EVENTS,
      input: { canvasLock: true },
      serializeState,
    } as never);
    const states = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const s of [
      "idle",
      "dragging",
      "resizing",
      "frameSelecting",
      "panning",
      "pickingCells",
      "draggingBorder",
    ])
      expect(states.has(JSON.stringify(s))).toBe(true);
    expect(states.has(JSON.stringify({ pointingElement: "long" }))).toBe(true);
    for (const path of paths) {
      const r = replay(path.steps.map((s) => s.event));
      expect(r.actor.getSnapshot().value).toEqual(path.state.value);
      checkGestures(r.types(), r.actor.getSnapshot().value === "idle");
    }
  });

  it("from the end of every simple path, Escape then release returns to idle with nothing left open", async () => {
    const { getSimplePaths } = await import("xstate/graph");
    // the canvas-lock switches and the sub-threshold move are covered above; without them the
    // number of simple paths stays small
    const events = EVENTS.filter(
      (e) => e.type !== "canvas.lock.set" && !(e.type === "pointer.move" && e.point.x < 1),
    );
    const paths = getSimplePaths(canvasInteractionMachine, {
      events,
      input: { canvasLock: true },
      serializeState,
    } as never);
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) {
      const r = replay(path.steps.map((s) => s.event));
      r.actor.send({ type: "key.escape" });
      r.actor.send({ type: "pointer.up" });
      expect(r.actor.getSnapshot().value).toBe("idle");
      checkGestures(r.types(), true);
    }
  });
});
