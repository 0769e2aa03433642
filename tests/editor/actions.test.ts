import { describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import es from "../../locales/es.json";
import pt from "../../locales/pt.json";
import ru from "../../locales/ru.json";
import zh from "../../locales/zh.json";
import { ACTIONS, action, TOOLBAR } from "../../src/editor/actions/registry";
import { actionForKey, matches } from "../../src/editor/actions/shortcuts";
import { kbdLabel } from "../../src/editor/actions/types";

type KeyInit = {
  key: string;
  code?: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
  altKey?: boolean;
};
const key = (k: KeyInit) =>
  ({
    code: "",
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    ...k,
  }) as unknown as KeyboardEvent;

describe("action registry", () => {
  it("has the toolbar of spec §2 in order", () => {
    expect(TOOLBAR.filter((x) => x !== "|")).toEqual([
      "canvasLock",
      "lock",
      "mirror",
      "rotate.ccw",
      "rotate.cw",
      "undo",
      "redo",
      "align.left",
      "align.center",
      "align.right",
      "align.top",
      "align.middle",
      "align.bottom",
      "distribute.horizontal",
      "distribute.vertical",
      "order.top",
      "order.bottom",
      "copy",
      "paste",
      "delete",
    ]);
    for (const id of TOOLBAR) if (id !== "|") expect(action(id).icon).toBeTruthy();
  });

  it("has unique ids and a translated label in every language", () => {
    expect(new Set(ACTIONS.map((a) => a.id)).size).toBe(ACTIONS.length);
    for (const locale of [en, zh, pt, es, ru] as Record<string, string>[]) {
      for (const a of ACTIONS) expect(locale[a.labelKey], `${a.labelKey}`).toBeTruthy();
    }
  });

  it("binds every shortcut of spec §2, with Ctrl or Cmd", () => {
    const cases: [KeyInit, string][] = [
      [{ key: "l", ctrlKey: true }, "lock"],
      [{ key: "c", metaKey: true }, "copy"],
      [{ key: "v", ctrlKey: true }, "paste"],
      [{ key: "z", ctrlKey: true }, "undo"],
      [{ key: "y", metaKey: true }, "redo"],
      [{ key: "Delete" }, "delete"],
      [{ key: "a", ctrlKey: true }, "selectAll"],
      [{ key: "'", ctrlKey: true }, "grid"],
      [{ key: "r", ctrlKey: true }, "rotate.cw"],
      [{ key: "R", code: "KeyR", ctrlKey: true, shiftKey: true }, "rotate.ccw"],
      [{ key: "r", metaKey: true }, "rotate.cw"],
      [{ key: "ArrowLeft" }, "move.left"],
      [{ key: "ArrowRight" }, "move.right"],
      [{ key: "ArrowUp" }, "move.up"],
      [{ key: "ArrowDown" }, "move.down"],
      [{ key: "L", code: "KeyL", ctrlKey: true, shiftKey: true }, "table.insertRow"],
      [{ key: "C", code: "KeyC", ctrlKey: true, shiftKey: true }, "table.insertColumn"],
      // Alt changes e.key on a Mac (⌥L = ¬): the key code decides
      [{ key: "¬", code: "KeyL", metaKey: true, altKey: true }, "table.deleteRow"],
      [{ key: "ç", code: "KeyC", ctrlKey: true, altKey: true }, "table.deleteColumn"],
    ];
    for (const [k, id] of cases) expect(actionForKey(key(k))?.id, JSON.stringify(k)).toBe(id);
  });

  it("does not fire on a plain letter or with extra modifiers", () => {
    expect(actionForKey(key({ key: "l" }))).toBeNull();
    expect(actionForKey(key({ key: "z", ctrlKey: true, altKey: true }))).toBeNull();
    expect(matches({ key: "c", mod: true }, key({ key: "c", ctrlKey: true, shiftKey: true }))).toBe(false);
  });

  it("labels bindings for menus and help", () => {
    expect(kbdLabel({ key: "l", mod: true, shift: true })).toBe("Ctrl+Shift+L");
    expect(kbdLabel({ key: "c", mod: true, alt: true }, true)).toBe("⌘+⌥+C");
    expect(kbdLabel({ key: "Delete" })).toBe("Delete");
  });
});
