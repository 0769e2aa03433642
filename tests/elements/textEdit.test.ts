// Typing a plain text's content (the panel's content box and the inline editor share it): the element
// follows TEXT_EDIT_DELAY_MS after the last key, each settled edit is one history entry, a waiting
// edit is applied by flush (closing the editor) and never on a text that took a source meanwhile.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTextEdit } from "../../src/elements/text/textEdit";
import { TEXT_EDIT_DELAY_MS } from "../../src/model/constants";
import { createDataSource } from "../../src/model/defaults";
import type { TextElement } from "../../src/model/types";
import { testEditorStore } from "../editor/editorStore";

function setup() {
  const store = testEditorStore();
  store.send({ type: "element.add", elementType: "Text", x: 10, y: 10 });
  const id = store.get().doc.elements[0].Id;
  const text = () => store.get().doc.elements[0] as TextElement;
  const entries = () => store.get().history.entries.length;
  return { store, id, text, entries };
}

describe("text content typing", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("applies the text once the keys settle: each settled edit is one history entry", () => {
    const { store, id, text, entries } = setup();
    const edit = createTextEdit(store, id);
    const base = entries();
    edit.change("H");
    vi.advanceTimersByTime(TEXT_EDIT_DELAY_MS - 10);
    edit.change("Hi");
    vi.advanceTimersByTime(TEXT_EDIT_DELAY_MS - 10);
    // the timer restarted on the second key
    expect(text().Data).toBe("");
    expect(edit.pending()).toBe(true);
    vi.advanceTimersByTime(10);
    expect(text().Data).toBe("Hi");
    expect(text().DataSourceList[0]).toMatchObject({ DataSourceType: 0, FirstValue: "Hi" });
    expect(edit.pending()).toBe(false);
    expect(entries()).toBe(base + 1);
    edit.change("Hi!");
    vi.advanceTimersByTime(TEXT_EDIT_DELAY_MS);
    expect(text().Data).toBe("Hi!");
    expect(entries()).toBe(base + 2);
    // undo takes back one settled edit
    store.send({ type: "history.undo" });
    expect(text().Data).toBe("Hi");
  });

  it("flush applies a waiting edit at once (the editor closes), and nothing when none waits", () => {
    const { store, id, text, entries } = setup();
    const edit = createTextEdit(store, id);
    const base = entries();
    edit.flush();
    expect(entries()).toBe(base);
    edit.change("abc");
    edit.flush();
    expect(text().Data).toBe("abc");
    expect(entries()).toBe(base + 1);
    vi.advanceTimersByTime(TEXT_EDIT_DELAY_MS * 2);
    expect(entries()).toBe(base + 1);
  });

  it("writes nothing into a text that took a non-fixed source meanwhile", () => {
    const { store, id, text, entries } = setup();
    const edit = createTextEdit(store, id);
    edit.change("typed");
    const seq = [createDataSource({ DataSourceType: 2 })];
    store.send({ type: "element.update", id, kind: "Text", patch: { DataSourceList: seq } });
    expect(text().DataSourceList[0].DataSourceType).toBe(2);
    const base = entries();
    const before = text();
    vi.advanceTimersByTime(TEXT_EDIT_DELAY_MS);
    expect(text()).toBe(before);
    expect(entries()).toBe(base);
  });
});

describe("typed edits before a save", () => {
  it("flushTypedEdits writes every waiting typed value at once, and only once", async () => {
    const { createSettle, flushTypedEdits } = await import("../../src/editor/panels/fields/settle");
    const written: string[] = [];
    const a = createSettle((v: string) => written.push(`a:${v}`), 10_000);
    const b = createSettle((v: string) => written.push(`b:${v}`), 10_000);
    a.change("Al");
    a.change("Alpha");
    b.change("Bravo");
    flushTypedEdits();
    expect(written).toEqual(["a:Alpha", "b:Bravo"]);
    expect(a.pending() || b.pending()).toBe(false);
    flushTypedEdits();
    expect(written).toHaveLength(2);
  });
});
