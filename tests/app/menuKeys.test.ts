// The keys of an open menu (WAI-ARIA menu button pattern).
import { describe, expect, it } from "vitest";
import { menuMove } from "../../src/app/ui/menuKeys";

const items = ["Personal centre", "Print records", "Data recovery", "Sign out"];

describe("menuMove", () => {
  it("moves down and up, wrapping at both ends", () => {
    expect(menuMove("ArrowDown", 0, items)).toBe(1);
    expect(menuMove("ArrowDown", 3, items)).toBe(0);
    expect(menuMove("ArrowUp", 0, items)).toBe(3);
    expect(menuMove("ArrowUp", 2, items)).toBe(1);
  });
  it("starts at the first (down) or last (up) item when none has the focus", () => {
    expect(menuMove("ArrowDown", -1, items)).toBe(0);
    expect(menuMove("ArrowUp", -1, items)).toBe(3);
  });
  it("jumps to the first and last item with Home and End", () => {
    expect(menuMove("Home", 2, items)).toBe(0);
    expect(menuMove("End", 1, items)).toBe(3);
  });
  it("closes on Escape and Tab", () => {
    expect(menuMove("Escape", 1, items)).toBe("close");
    expect(menuMove("Tab", 1, items)).toBe("close");
    expect(menuMove("Escape", -1, [])).toBe("close");
  });
  it("moves to the next item starting with a typed character, after the current one", () => {
    expect(menuMove("p", -1, items)).toBe(0);
    expect(menuMove("p", 0, items)).toBe(1);
    expect(menuMove("P", 1, items)).toBe(0);
    expect(menuMove("s", 0, items)).toBe(3);
    expect(menuMove("д", 0, ["Личный кабинет", "Данные"])).toBe(1);
  });
  it("ignores other keys, characters no item starts with and an empty menu", () => {
    expect(menuMove("Enter", 0, items)).toBeNull();
    expect(menuMove(" ", 0, items)).toBeNull();
    expect(menuMove("z", 0, items)).toBeNull();
    expect(menuMove("ArrowDown", -1, [])).toBeNull();
  });
});
