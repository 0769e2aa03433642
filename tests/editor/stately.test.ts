// ?inspect=stately wiring with the real @statelyai/inspect: the editor's actors (started before the
// inspector connects) and their events reach the inspector's adapter in its own event format.
import { createBrowserInspector, createInspector } from "@statelyai/inspect";
import { afterEach, describe, expect, it, vi } from "vitest";
import { inspectorSink } from "../../src/editor/inspector/sink";
import { attachInspector, statelyOptions, toPlain } from "../../src/editor/inspector/stately";
import { createEditorStore } from "../../src/editor/state/store";
import { emptyDocument } from "../../src/model/defaults";

interface Sent {
  type: string;
  name?: string;
  sessionId: string;
  event?: { type: string };
}

function recordingInspector() {
  const sent: Sent[] = [];
  const stop = vi.fn();
  const inspector = createInspector({ send: (e: unknown) => void sent.push(e as Sent), start() {}, stop });
  return { inspector, sent, stop };
}

// the package hands events over in an idle callback (a timer outside the browser)
const settle = () => new Promise((r) => setTimeout(r, 30));

afterEach(() => inspectorSink.forwardTo(null));

describe("Stately inspector wiring", () => {
  it("tells a late inspector about every running machine, then forwards their events", async () => {
    const store = createEditorStore({
      doc: emptyDocument(),
      status: "add",
      canvasLock: true,
      notify: () => {},
      inspect: inspectorSink.inspect,
    });
    const { inspector, sent, stop } = recordingInspector();
    const detach = attachInspector(inspector);
    await settle();
    const names = sent.filter((e) => e.type === "@xstate.actor").map((e) => e.name);
    for (const id of ["editor", "selection", "history", "canvasInteraction"]) expect(names).toContain(id);

    store.send({ type: "selection.all" });
    await settle();
    expect(sent.some((e) => e.type === "@xstate.event" && e.event?.type === "selection.all")).toBe(true);
    expect(sent.some((e) => e.type === "@xstate.snapshot")).toBe(true);

    detach();
    expect(stop).toHaveBeenCalled();
    const before = sent.length;
    store.send({ type: "selection.all" });
    await settle();
    expect(sent.length).toBe(before);
  });

  it("an inspector that throws on an event does not stop the editor", () => {
    const store = createEditorStore({
      doc: emptyDocument(),
      status: "add",
      canvasLock: true,
      notify: () => {},
      inspect: inspectorSink.inspect,
    });
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    attachInspector({
      inspect: {
        next: () => {
          throw new Error("cannot serialise");
        },
      },
    });
    expect(() => store.send({ type: "selection.all" })).not.toThrow();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it("the browser inspector posts every event, frozen document included, as plain cloneable data", async () => {
    const store = createEditorStore({
      doc: Object.freeze(emptyDocument()),
      status: "add",
      canvasLock: true,
      notify: () => {},
      inspect: inspectorSink.inspect,
    });
    const posted: Sent[] = [];
    const listeners: ((e: { data: unknown }) => void)[] = [];
    // the inspector window: window.open answers it; it says "connected" through a message
    const fakeWindow = {
      open: () => ({ postMessage: (m: Sent) => posted.push(m) }),
      addEventListener: (_type: string, fn: (e: { data: unknown }) => void) => listeners.push(fn),
    } as unknown as Window;
    const error = vi.spyOn(console, "error");
    attachInspector(createBrowserInspector({ ...statelyOptions(), window: fakeWindow }));
    for (const l of listeners) l({ data: { type: "@statelyai.connected" } });
    // a change recorded in history: its entries are deep and frozen
    store.send({ type: "element.add", elementType: "Rectangle", x: 20, y: 20 });
    store.send({ type: "selection.all" });
    store.send({ type: "canvas.lock.toggle" });
    await settle();
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
});

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
