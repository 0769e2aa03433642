// ?inspect=stately wiring with the real @statelyai/inspect: the editor's actors (started before the
// inspector connects) and their events reach the inspector's adapter in its own event format.
import { createInspector } from "@statelyai/inspect";
import { afterEach, describe, expect, it, vi } from "vitest";
import { inspectorSink } from "../../src/editor/inspector/sink";
import { attachInspector } from "../../src/editor/inspector/stately";
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
});
