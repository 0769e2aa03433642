import { describe, expect, it } from "vitest";
import { createActor, fromCallback } from "xstate";
import { getShortestPaths, getSimplePaths } from "xstate/graph";
import { type SelectionEvent, selectionMachine } from "./selection.machine";

const EVENTS: SelectionEvent[] = [
  { type: "selection.set", ids: ["a"] },
  { type: "selection.set", ids: [] },
  { type: "selection.toggle", id: "a" },
  { type: "selection.toggle", id: "b" },
  { type: "selection.add", ids: ["c", "c_mirror"] },
  { type: "selection.all", ids: ["a", "b", "c"] },
  { type: "selection.remove", ids: ["a"] },
  { type: "selection.clear" },
];

const serializeState = (s: { value: unknown; context: { ids: readonly string[] } }) =>
  JSON.stringify({ v: s.value, ids: [...s.context.ids].sort() });

function expectedState(ids: readonly string[]): string {
  return ids.length === 0 ? "none" : ids.length === 1 ? "single" : "multi";
}

describe("selection machine", () => {
  it("routes by count and toggles with Ctrl-click", () => {
    const a = createActor(selectionMachine, { input: {} }).start();
    expect(a.getSnapshot().value).toBe("none");
    a.send({ type: "selection.toggle", id: "x" });
    expect(a.getSnapshot().value).toBe("single");
    a.send({ type: "selection.toggle", id: "y" });
    expect(a.getSnapshot().value).toBe("multi");
    expect(a.getSnapshot().context.ids).toEqual(["x", "y"]);
    a.send({ type: "selection.toggle", id: "x" });
    expect(a.getSnapshot().context.ids).toEqual(["y"]);
    a.send({ type: "selection.set", ids: ["p", "p", "q_mirror"] });
    expect(a.getSnapshot().context.ids).toEqual(["p"]);
  });

  it("tells its parent every change; replayed with the parent by name only, it runs on", () => {
    const heard: unknown[] = [];
    const parent = createActor(fromCallback(({ receive }) => receive((e) => void heard.push(e)))).start();
    const a = createActor(selectionMachine, { input: { parent } }).start();
    a.send({ type: "selection.set", ids: ["x", "y"] });
    a.send({ type: "selection.toggle", id: "x" });
    a.send({ type: "selection.clear" });
    expect(heard).toEqual([
      { type: "selection.changed", ids: ["x", "y"] },
      { type: "selection.changed", ids: ["y"] },
      { type: "selection.changed", ids: [] },
    ]);
    // a log records actors in the input as "<actor …>" (src/editor/inspector/sink.ts)
    const replayed = createActor(selectionMachine, { input: { parent: "<actor editor>" as never } }).start();
    replayed.send({ type: "selection.set", ids: ["p"] });
    expect(replayed.getSnapshot().value).toBe("single");
    expect(replayed.getSnapshot().status).toBe("active");
  });

  it("model-based: every shortest path ends in the state its selection size implies", () => {
    const paths = getShortestPaths(selectionMachine, { events: EVENTS, input: {}, serializeState } as never);
    // none / single / multi over subsets of {a, b, c}
    expect(paths.length).toBeGreaterThanOrEqual(8);
    for (const path of paths) {
      const actor = createActor(selectionMachine, { input: {} }).start();
      for (const step of path.steps) actor.send(step.event as SelectionEvent);
      const snap = actor.getSnapshot();
      expect(snap.value).toEqual(path.state.value);
      expect(snap.value).toBe(expectedState(snap.context.ids));
      expect(snap.context.ids.some((id) => id.endsWith("_mirror"))).toBe(false);
    }
  });

  it("model-based: simple paths to multi all keep the invariant on every step", () => {
    const paths = getSimplePaths(selectionMachine, {
      events: EVENTS.slice(0, 4),
      input: {},
      serializeState,
      toState: (s: { value: unknown }) => s.value === "multi",
    } as never);
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      const actor = createActor(selectionMachine, { input: {} }).start();
      for (const step of path.steps) {
        actor.send(step.event as SelectionEvent);
        const s = actor.getSnapshot();
        expect(s.value).toBe(expectedState(s.context.ids));
      }
      expect(actor.getSnapshot().value).toBe("multi");
    }
  });
});
