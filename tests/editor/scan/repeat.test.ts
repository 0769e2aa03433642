import { describe, expect, it } from "vitest";
import { CAMERA_REPEAT_MS, createRepeatFilter } from "../../../src/editor/scan/repeat";

describe("camera repeat filter", () => {
  it("a code held in view counts once; after it was out of sight it counts again", () => {
    const f = createRepeatFilter();
    expect(f.frame("A", 0)).toBe("A");
    expect(f.frame("A", 200)).toBeNull();
    expect(f.frame(null, 400)).toBeNull();
    expect(f.frame("A", 400 + CAMERA_REPEAT_MS - 200)).toBeNull();
    expect(f.frame("A", 1200 + 2 * CAMERA_REPEAT_MS)).toBe("A");
  });

  it("another code counts at once", () => {
    const f = createRepeatFilter();
    expect(f.frame("A", 0)).toBe("A");
    expect(f.frame("B", 10)).toBe("B");
    expect(f.frame("A", 20)).toBe("A");
  });
});
