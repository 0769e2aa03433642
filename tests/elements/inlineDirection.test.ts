// The inline text editor in right-to-left and mixed text: alignment relative to each paragraph's
// direction, and room to grow on the side the text grows to (a right-to-left line anchored at the
// right edge grows to the left).
import { describe, expect, it } from "vitest";
import { growSide, inlineTextAlign } from "../../src/elements/text/inlineDirection";
import { alignSide, isRtlParagraph } from "../../src/render/text/bidi";

describe("inline editor direction", () => {
  it("a paragraph's direction is its first strong character's", () => {
    expect(isRtlParagraph("مرحبا abc")).toBe(true);
    expect(isRtlParagraph("123 שלום abc")).toBe(true);
    expect(isRtlParagraph("abc مرحبا")).toBe(false);
    expect(isRtlParagraph("123")).toBe(false);
  });

  it("start and end swap edges in a right-to-left paragraph, as the renderer aligns them", () => {
    expect(alignSide(1, true)).toBe(2);
    expect(alignSide(2, true)).toBe(1);
    for (const a of [0, 3, 4]) expect(alignSide(a, true)).toBe(a);
    for (const a of [0, 1, 2, 3, 4]) expect(alignSide(a, false)).toBe(a);
  });

  it("the textarea aligns to each paragraph's start or end, never to a fixed left or right", () => {
    expect(inlineTextAlign(1)).toBe("start");
    expect(inlineTextAlign(2)).toBe("end");
    expect(inlineTextAlign(0)).toBe("center");
    expect(inlineTextAlign(3)).toBe("justify");
  });

  it("leaves room to grow on the side the anchored text grows to", () => {
    expect(growSide("Hello", 1)).toBe("right");
    expect(growSide("", 1)).toBe("right");
    expect(growSide("مرحبا بالعالم", 1)).toBe("left");
    expect(growSide("שלום\nעולם", 1)).toBe("left");
    // the end of a right-to-left paragraph is its left edge
    expect(growSide("مرحبا", 2)).toBe("right");
    expect(growSide("Hello", 2)).toBe("left");
    // lines anchored to both edges, or centred: no room on either side
    expect(growSide("Hello\nمرحبا", 1)).toBeNull();
    expect(growSide("مرحبا", 0)).toBeNull();
    expect(growSide("مرحبا", 3)).toBeNull();
  });
});
