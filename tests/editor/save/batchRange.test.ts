// The batch export's record range as typed (1-based, clamped to 1..total, translated messages for
// what cannot be read), the progress estimate and the dialog shell's focus trap.
import { describe, expect, it } from "vitest";
import en from "../../../locales/en.json";
import { trapTarget } from "../../../src/editor/dialogs/focusTrap";
import { checkRange, clampField } from "../../../src/editor/save/batchRange";
import { secondsLeft } from "../../../src/editor/save/SaveDialogs";

describe("batch record range", () => {
  it("all records is the whole 0-based range", () => {
    expect(checkRange("all", "x", "y", 50)).toEqual({ ok: true, range: { from: 0, to: 49 }, count: 50 });
  });

  it("from–to is 1-based as typed, 0-based as answered", () => {
    expect(checkRange("some", "3", "7", 50)).toEqual({ ok: true, range: { from: 2, to: 6 }, count: 5 });
    expect(checkRange("some", " 5 ", "5", 50)).toEqual({ ok: true, range: { from: 4, to: 4 }, count: 1 });
  });

  it("clamps each number to 1..total", () => {
    expect(checkRange("some", "0", "999", 50)).toEqual({ ok: true, range: { from: 0, to: 49 }, count: 50 });
    expect(clampField("0", 50)).toBe(1);
    expect(clampField("51", 50)).toBe(50);
    expect(clampField("123456789", 50)).toBe(50);
    expect(clampField("12", 50)).toBe(12);
  });

  it("what is not a whole number, or a reversed range, gives a translated message", () => {
    for (const [a, b] of [
      ["", "7"],
      ["3", ""],
      ["-1", "7"],
      ["2.5", "7"],
      ["3", "seven"],
      ["<script>", "7"],
      ["1e3", "7"],
      ["1234567890", "7"],
    ]) {
      const r = checkRange("some", a, b, 50);
      expect(r.ok, `${a}–${b}`).toBe(false);
      if (!r.ok) {
        expect(r.key).toBe("editor.batch.invalid");
        expect(r.vars).toEqual({ total: 50 });
      }
    }
    const rev = checkRange("some", "9", "3", 50);
    expect(rev).toEqual({ ok: false, key: "editor.batch.order", vars: { from: 9, to: 3 } });
    const keys = en as Record<string, string>;
    expect(keys["editor.batch.invalid"]).toContain("{{total}}");
    expect(keys["editor.batch.order"]).toContain("{{from}}");
  });

  it("a nonsense total still gives a usable range", () => {
    expect(checkRange("all", "", "", Number.NaN)).toEqual({ ok: true, range: { from: 0, to: 0 }, count: 1 });
    expect(checkRange("some", "1", "4", 0)).toEqual({ ok: true, range: { from: 0, to: 0 }, count: 1 });
  });
});

describe("export estimate", () => {
  it("answers the time left at the pace so far", () => {
    expect(secondsLeft({ done: 0, total: 50, startedAt: 0 }, 5000)).toBeNull();
    expect(secondsLeft({ done: 10, total: 50, startedAt: 0 }, 2000)).toBe(8);
    expect(secondsLeft({ done: 50, total: 50, startedAt: 0 }, 9000)).toBe(0);
    // the exporter's own estimate wins when it gives one (a NaN one does not)
    expect(secondsLeft({ done: 10, total: 50, startedAt: 0, remainingMs: 2600 }, 2000)).toBe(3);
    expect(secondsLeft({ done: 10, total: 50, startedAt: 0, remainingMs: Number.NaN }, 2000)).toBe(8);
    expect(secondsLeft({ done: 10, total: 50, startedAt: 0, remainingMs: -5 }, 2000)).toBe(0);
    // a clock that went backwards never gives a negative estimate
    expect(secondsLeft({ done: 5, total: 10, startedAt: 10_000 }, 0)).toBe(0);
  });
});

describe("dialog focus trap", () => {
  const items = ["a", "b", "c"].map((id) => ({ id }) as unknown as HTMLElement);
  const [a, b, c] = items;
  it("Tab from the last control goes to the first, Shift+Tab from the first to the last", () => {
    expect(trapTarget(items, c, false)).toBe(a);
    expect(trapTarget(items, a, true)).toBe(c);
  });
  it("inside the row the browser moves focus itself", () => {
    expect(trapTarget(items, a, false)).toBeNull();
    expect(trapTarget(items, b, true)).toBeNull();
  });
  it("focus outside the dialog comes back in", () => {
    expect(trapTarget(items, null, false)).toBe(a);
    expect(trapTarget(items, {} as Element, true)).toBe(c);
    expect(trapTarget([], a, false)).toBeNull();
  });
});
