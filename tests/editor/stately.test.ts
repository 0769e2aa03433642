// ?inspect=stately wiring with the real @statelyai/inspect: the editor's actors (started before the
// inspector connects) and their events reach the inspector's adapter in its own event format, at
// once (not in an idle callback).
import { createBrowserInspector, createInspector } from "@statelyai/inspect";
import { afterEach, describe, expect, it, vi } from "vitest";
import { inspectorSink } from "../../src/editor/inspector/sink";
import {
  attachInspector,
  attachWhenConnected,
  statelyOptions,
  toPlain,
} from "../../src/editor/inspector/stately";
import { createEditorStore } from "../../src/editor/state/store";
import { emptyDocument } from "../../src/model/defaults";

interface Sent {
  type: string;
  name?: string;
  sessionId: string;
  event?: { type: string };
}

/** An editor store whose machines report to the inspector sink, as the app wires it. */
function inspectedStore(doc = emptyDocument()) {
  return createEditorStore({
    doc,
    status: "add",
    canvasLock: true,
    notify: () => {},
    inspect: inspectorSink.inspect,
  });
}

function recordingInspector() {
  const sent: Sent[] = [];
  const stop = vi.fn();
  const inspector = createInspector({ send: (e: unknown) => void sent.push(e as Sent), start() {}, stop });
  return { inspector, sent, stop };
}

afterEach(() => inspectorSink.forwardTo(null));

describe("Stately inspector wiring", () => {
  it("tells a late inspector about every running machine, then forwards their events", () => {
    const store = inspectedStore();
    const { inspector, sent, stop } = recordingInspector();
    const detach = attachInspector(inspector);
    const names = sent.filter((e) => e.type === "@xstate.actor").map((e) => e.name);
    for (const id of ["editor", "selection", "history", "canvasInteraction"]) expect(names).toContain(id);

    store.send({ type: "selection.all" });
    expect(sent.some((e) => e.type === "@xstate.event" && e.event?.type === "selection.all")).toBe(true);
    expect(sent.some((e) => e.type === "@xstate.snapshot")).toBe(true);

    detach();
    expect(stop).toHaveBeenCalled();
    const before = sent.length;
    store.send({ type: "selection.all" });
    expect(sent.length).toBe(before);
  });

  it("an inspector that throws on an event does not stop the editor", () => {
    const store = inspectedStore();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const refuse = () => {
      throw new Error("cannot serialise");
    };
    attachInspector({ actor: refuse, event: refuse, snapshot: refuse });
    expect(() => store.send({ type: "selection.all" })).not.toThrow();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it("the browser inspector posts every event, frozen document included, as plain cloneable data", () => {
    const store = inspectedStore(Object.freeze(emptyDocument()));
    const { win, posted, connect } = inspectorWindow();
    const error = vi.spyOn(console, "error");
    attachWhenConnected(createBrowserInspector({ ...statelyOptions(), window: win }), win);
    connect();
    // a change recorded in history: its entries are deep and frozen
    store.send({ type: "element.add", elementType: "Rectangle", x: 20, y: 20 });
    store.send({ type: "selection.all" });
    store.send({ type: "canvas.lock.toggle" });
    const names = posted.filter((e) => e.type === "@xstate.actor").map((e) => e.name);
    for (const id of ["editor", "selection", "history", "canvasInteraction"]) expect(names).toContain(id);
    expect(posted.some((e) => e.type === "@xstate.event" && e.event?.type === "canvas.lock.toggle")).toBe(
      true,
    );
    // what goes through postMessage must survive a structured clone
    expect(() => structuredClone(posted)).not.toThrow();
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  });
  it("an inspector window slow to load (hundreds of events first) still learns every running machine", () => {
    const store = inspectedStore();
    const { win, posted, connect } = inspectorWindow();
    const detach = attachWhenConnected(createBrowserInspector({ ...statelyOptions(), window: win }), win);
    // more than the package keeps (its last 200 events) happen before the window says "connected"
    for (let i = 0; i < 150; i++)
      store.send(i % 2 ? { type: "selection.all" } : { type: "selection.set", ids: [] });
    expect(posted).toEqual([]);
    connect();
    const actors = () => posted.filter((e) => e.type === "@xstate.actor").map((e) => e.name);
    for (const id of ["editor", "selection", "history", "canvasInteraction"]) expect(actors()).toContain(id);
    store.send({ type: "canvas.lock.toggle" });
    expect(posted.some((e) => e.type === "@xstate.event" && e.event?.type === "canvas.lock.toggle")).toBe(
      true,
    );
    // a reloaded inspector says "connected" again and is told about the running machines again
    const before = actors().length;
    connect();
    expect(actors().filter((n) => n === "editor").length).toBeGreaterThan(1);
    expect(actors().length).toBeGreaterThan(before);
    // detached: the window's messages are no longer listened to
    detach();
    expect(win.listeners()).toBe(1);
  });
});

/** A stand-in for the browser window and the inspector window it opens (which says "connected"). */
function inspectorWindow() {
  const posted: Sent[] = [];
  let listeners: ((e: { data: unknown }) => void)[] = [];
  const win = {
    open: () => ({ postMessage: (m: Sent) => posted.push(m) }),
    addEventListener: (_type: string, fn: (e: { data: unknown }) => void) => listeners.push(fn),
    removeEventListener: (_type: string, fn: (e: { data: unknown }) => void) => {
      listeners = listeners.filter((l) => l !== fn);
    },
    listeners: () => listeners.length,
  };
  const connect = () => {
    for (const l of [...listeners]) l({ data: { type: "@statelyai.connected" } });
  };
  return { win: win as unknown as Window & { listeners(): number }, posted, connect };
}

describe("toPlain", () => {
  it("reads frozen values without writing, breaks cycles, names actor refs, bounds depth", () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const shared = Object.freeze({ x: 1 });
    let deep: unknown = "bottom";
    for (let i = 0; i < 20; i++) deep = { deep };
    const ref = { id: "selection", sessionId: "x:1", send() {} };
    const out = toPlain(
      Object.freeze({ cyclic, twice: [shared, shared], deep, ref, f: () => 1, n: 10n }),
    ) as Record<string, unknown>;
    expect((out.cyclic as Record<string, unknown>).self).toBe("[Circular]");
    expect(out.twice).toEqual([{ x: 1 }, { x: 1 }]);
    expect(JSON.stringify(out.deep)).toContain("[...]");
    expect(out.ref).toEqual({ id: "selection", sessionId: "x:1" });
    expect("f" in out).toBe(false);
    expect(out.n).toBe("10");
  });
});
