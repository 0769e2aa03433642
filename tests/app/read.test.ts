// Reading the server's JSON defensively (src/app/api/read.ts) and the readers built on it.
import { describe, expect, it } from "vitest";
import { asUser } from "../../src/app/api/account";
import { asNumber, asText, withId } from "../../src/app/api/read";
import { toSummary } from "../../src/app/api/templates";

describe("reading listed fields", () => {
  it("takes text and numbers as text, anything else as empty", () => {
    expect([asText("a"), asText(7), asText(null), asText({}), asText(true)]).toEqual(["a", "7", "", "", ""]);
  });

  it("takes finite numbers and numeric text as numbers, anything else as 0", () => {
    expect([asNumber(2.5), asNumber("40"), asNumber("x"), asNumber(Infinity), asNumber(undefined)]).toEqual([
      2.5, 40, 0, 0, 0,
    ]);
  });

  it("keeps an object only with an id, under the field asked for", () => {
    expect(withId({ id: 12, name: "a" })).toEqual({ o: { id: 12, name: "a" }, id: "12" });
    expect(withId({ userid: "u1" }, "userid")?.id).toBe("u1");
    for (const bad of [null, "12", 12, [], {}, { id: "" }, { id: {} }, { id: false }])
      expect(withId(bad)).toBeNull();
  });

  it("drops a user or a template without an id and reads the rest as text", () => {
    expect(asUser({ userid: 0, nickname: 5, account: "a@b.c" })).toEqual({
      userid: "0",
      nickname: "5",
      account: "a@b.c",
      head_pic: "",
    });
    expect(asUser({ userid: false, nickname: "x" })).toBeNull();
    expect(toSummary({ name: "no id" })).toBeNull();
    expect(toSummary({ id: 3, name: "Shelf", width: "50", height: 30 })).toMatchObject({
      id: "3",
      name: "Shelf",
      width: 50,
      height: 30,
    });
  });
});
