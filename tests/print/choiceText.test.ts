// The chosen records as text (kept with a print record for the reprint): runs, copies, round trips,
// and text that must be refused.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { choicesText, parseChoicesText } from "../../src/print/choiceText";
import { allRecords } from "../../src/print/plan";

describe("choicesText", () => {
  it("writes runs of following records with the same copies", () => {
    expect(choicesText(allRecords(3))).toBe("1-3");
    expect(
      choicesText([
        { record: 0, copies: 2 },
        { record: 1, copies: 2 },
        { record: 2, copies: 1 },
        { record: 4, copies: 1 },
        { record: 2, copies: 3 },
      ]),
    ).toBe("1-2*2,3,5,3*3");
    expect(choicesText([])).toBe("");
  });

  it("reads back what it wrote", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ record: fc.nat(40), copies: fc.integer({ min: 1, max: 9 }) }), { minLength: 1 }),
        (choices) => {
          expect(parseChoicesText(choicesText(choices), 41)).toEqual(choices);
        },
      ),
    );
  });

  it("refuses text that is not a choice list or names a record the label does not have", () => {
    for (const bad of ["", "0", "3-1", "1-4", "a", "1,,2", "2*0", "1-2*", "-1", "1;2"])
      expect(parseChoicesText(bad, 3), bad).toBeNull();
    expect(parseChoicesText("1-100000", 200_000, 1000)).toBeNull();
  });
});
