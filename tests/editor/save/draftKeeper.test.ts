// Drafts follow the unsaved work (issue 23 item 14): a save leaves no draft newer than what it
// saved, a change made after (or during) a save leaves one, under the label's new key.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DRAFT_DELAY_MS, keepDrafts } from "../../../src/editor/save/draftKeeper";
import { createEditorStore } from "../../../src/editor/state/store";
import { emptyDocument } from "../../../src/model/defaults";
import type { LabelDocument } from "../../../src/model/types";

function setup() {
  const store = createEditorStore({
    doc: emptyDocument({ name: "T", width: 60, height: 40 }),
    status: "add",
    canvasLock: true,
    notify: () => {},
  });
  const stored = new Map<string, LabelDocument>();
  let key = "new";
  const keeper = keepDrafts(store, {
    key: () => key,
    storage: {
      save: async (k, doc) => void stored.set(k, doc),
      clear: async (k) => void stored.delete(k),
    },
  });
  const add = () =>
    store.send({ type: "element.add", elementType: "Rectangle", x: 30, y: 20, centered: true });
  /**
   * What a successful cloud save does: the label gets its id; the document is clean unless it
   * changed while the save ran.
   */
  const save = async (id: string, changedMeanwhile = false) => {
    const before = key;
    key = `label:${id}`;
    if (!changedMeanwhile) store.send({ type: "doc.saved" });
    await keeper.saved(before);
  };
  return { store, stored, keeper, add, save };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("draft keeper", () => {
  it("writes the unsaved work shortly after a change", async () => {
    const { stored, add } = setup();
    add();
    expect(stored.size).toBe(0);
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS);
    expect([...stored.keys()]).toEqual(["new"]);
    expect(stored.get("new")?.elements).toHaveLength(1);
  });

  it("a save right after a change leaves no draft, not even when the pending write comes due", async () => {
    const { stored, add, save } = setup();
    add();
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS / 2);
    await save("abc");
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS * 2);
    expect([...stored.keys()]).toEqual([]);
  });

  it("a save drops the draft written before it", async () => {
    const { stored, add, save } = setup();
    add();
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS);
    expect(stored.has("new")).toBe(true);
    await save("abc");
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS * 2);
    expect([...stored.keys()]).toEqual([]);
  });

  it("a change after the save leaves a draft under the label's key", async () => {
    const { store, stored, add, save } = setup();
    add();
    await save("abc");
    add();
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS);
    expect([...stored.keys()]).toEqual(["label:abc"]);
    expect(stored.get("label:abc")?.elements).toHaveLength(2);
    expect(store.get().dirty).toBe(true);
  });

  it("a change made while the save ran is kept under the label's new key", async () => {
    const { stored, add, save } = setup();
    add();
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS);
    // the save started with one element; a second arrived (and its draft was written) meanwhile
    add();
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS);
    await save("abc", true);
    expect([...stored.keys()]).toEqual(["label:abc"]);
    expect(stored.get("label:abc")?.elements).toHaveLength(2);
  });

  it("a change still waiting for its write when the save ends is written under the new key", async () => {
    const { stored, add, save } = setup();
    add();
    await save("abc", true);
    expect(stored.size).toBe(0);
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS);
    expect([...stored.keys()]).toEqual(["label:abc"]);
  });

  it("stop cancels a pending write", async () => {
    const { stored, add, keeper } = setup();
    add();
    keeper.stop();
    await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS * 2);
    expect(stored.size).toBe(0);
  });
});
