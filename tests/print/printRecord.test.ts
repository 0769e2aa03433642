// Which label the usage calls (spec calls 21–23) count when the print dialog opens.
import { describe, expect, it } from "vitest";
import { usageLabel } from "../../src/app/printing/printRecord";

describe("usageLabel", () => {
  it("counts a library, shared or cloud label as opened, even once printing saved the user's copy", () => {
    expect(usageLabel({ id: "lib1", type: "common" }, { id: "mine9" })).toEqual({
      id: "lib1",
      type: "common",
    });
    expect(usageLabel({ id: "s1", type: "share" }, { id: "s1" })).toEqual({ id: "s1", type: "share" });
    expect(usageLabel({ id: "t1", type: "cloud" }, { id: "t1" })).toEqual({ id: "t1", type: "cloud" });
  });

  it("counts a new or local label once it is saved in the user's folders as their cloud template", () => {
    expect(usageLabel({ id: "", type: "" }, { id: "t2" })).toEqual({ id: "t2", type: "cloud" });
    expect(usageLabel({ id: "", type: "add" }, { id: "" })).toEqual({ id: "", type: "add" });
  });
});
