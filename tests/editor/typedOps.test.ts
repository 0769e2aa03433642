// Panels send typed ops (issue 42): a field the element's kind does not have is a type error, in
// the op events themselves and in the panels' writes. The `@ts-expect-error` lines are checked by the
// typecheck (tsc fails if one of them compiles); the tests run the same calls to show what the store
// does with them: the valid ones write, each as one history entry.
import { describe, expect, expectTypeOf, it } from "vitest";
import type { OpEvent } from "../../machines/editor.ops";
import { elementUpdates } from "../../src/editor/panels/fields/useElementUpdate";
import type { KindPatch, SharedPatch } from "../../src/model/ops/kindUpdate";
import type { LabelElement, LineElement, ShapeElement, TextElement } from "../../src/model/types";
import { testEditorStore } from "./editorStore";

function store() {
  const s = testEditorStore();
  s.send({ type: "element.add", elementType: "Text", x: 20, y: 10, centered: true });
  s.send({ type: "element.add", elementType: "LineHorizontal", x: 20, y: 30, centered: true });
  s.send({ type: "element.add", elementType: "Rectangle", x: 40, y: 20, centered: true });
  const [text, line, rect] = s.get().doc.elements;
  const entries = () => s.get().history.entries.length;
  const get = <E extends LabelElement>(id: string) => s.get().doc.elements.find((e) => e.Id === id) as E;
  return {
    s,
    text: text as TextElement,
    line: line as LineElement,
    rect: rect as ShapeElement,
    entries,
    get,
  };
}

describe("typed ops: a field the kind lacks does not compile", () => {
  it("the patch types follow the kind", () => {
    expectTypeOf<KindPatch<"Text">>().toHaveProperty("FontSize");
    expectTypeOf<KindPatch<"LineHorizontal">>().not.toHaveProperty("FontSize");
    expectTypeOf<KindPatch<"Rectangle">>().toHaveProperty("CornerRadius");
    expectTypeOf<KindPatch<"Rectangle">>().not.toHaveProperty("Id");
    expectTypeOf<SharedPatch>().toHaveProperty("PenWidth");
    expectTypeOf<SharedPatch>().not.toHaveProperty("Data");
  });

  it("op events: the kind picks the fields", () => {
    const { s, text, line, entries, get } = store();
    const before = entries();
    const ok: OpEvent = { type: "element.update", id: text.Id, kind: "Text", patch: { FontSize: 20 } };
    s.send(ok);
    const id = line.Id;
    // @ts-expect-error a line has no font size
    s.send({ type: "element.update", id, kind: "LineHorizontal", patch: { FontSize: 20 } });
    // @ts-expect-error a barcode has no error correction level (a QR code's field)
    s.send({ type: "code.update", id: text.Id, kind: "Barcode", patch: { ErrorCorrectionLevel: 1 } });
    // @ts-expect-error a text is not a code
    s.send({ type: "code.update", id: text.Id, kind: "Text", patch: { Data: "1" } });
    // @ts-expect-error the multi-selection sends only shared fields
    s.send({ type: "elements.shared", ids: [text.Id], patch: { Data: "x" } });
    expect(get<TextElement>(text.Id).FontSize).toBe(20);
    // the valid edit is one entry; the line kept no font size; the rest were refused or dropped
    expect(entries()).toBe(before + 1);
    expect("FontSize" in get(line.Id)).toBe(false);
  });

  it("the panels' writes: element(el, patch) takes only el's kind's fields, shared(ids, patch) only shared ones", () => {
    const { s, text, line, rect, entries, get } = store();
    const update = elementUpdates(s);
    const before = entries();
    update.element(line, { PenWidth: 2 });
    // @ts-expect-error a line has no fill
    update.element(line, { Fill: true });
    const textStyle: Partial<TextElement> = { Bold: true };
    // @ts-expect-error a text's patch (a variable, not a literal) is not a line's
    update.element(line, textStyle);
    const anyElement = get<LabelElement>(line.Id);
    update.element(anyElement, { Name: "Rule" });
    // @ts-expect-error an element of any kind: only the fields every kind has
    update.element(anyElement, { CornerRadius: 2 });
    update.shared([line.Id, rect.Id], { Dash: true, DashStyle: 1 });
    // @ts-expect-error a field no multi-selection shows
    update.shared([line.Id, rect.Id], { EndX: 3 });
    expect(get<LineElement>(line.Id)).toMatchObject({ Name: "Rule", PenWidth: 2, Dash: true });
    expect(get<ShapeElement>(rect.Id)).toMatchObject({ Dash: true, Fill: false });
    expect(get<TextElement>(text.Id).Bold).toBe(false);
    // PenWidth, Name and the shared dash: three steps, undone one at a time
    expect(entries()).toBe(before + 3);
    s.send({ type: "history.undo" });
    expect(get<LineElement>(line.Id).Dash).toBe(false);
    expect(get<ShapeElement>(rect.Id).Dash).toBe(false);
  });
});
