// The PDF writer's cache of what a part draws: kept from a part's second sighting on, never mixed up.
import { describe, expect, it } from "vitest";
import { RepeatCache } from "../../src/export/pdf/repeats";

describe("RepeatCache", () => {
  it("makes a part seen once again on its second sighting, and keeps it from then on", () => {
    const cache = new RepeatCache<string>();
    const made: string[] = [];
    const get = (key: string) =>
      cache.get(key, () => {
        made.push(key);
        return `ops of ${key}`;
      });
    expect([get("a"), get("b"), get("a"), get("a"), get("b"), get("b")]).toEqual([
      "ops of a",
      "ops of b",
      "ops of a",
      "ops of a",
      "ops of b",
      "ops of b",
    ]);
    // a and b are made on their first and second sightings, then come from the cache
    expect(made).toEqual(["a", "b", "a", "b"]);
  });

  it("answers each key its own value, also when both sets are emptied for being full", () => {
    const cache = new RepeatCache<string>(8);
    let makes = 0;
    for (let round = 0; round < 3; round++)
      for (let i = 0; i < 200; i++) {
        const key = `<g data-id="t">${i % 50}</g>`;
        const value = cache.get(key, () => {
          makes++;
          return `ops ${i % 50}`;
        });
        expect(value).toBe(`ops ${i % 50}`);
      }
    // 50 distinct keys cycling through a cache of 8: far more makes than keys, never a wrong answer
    expect(makes).toBeGreaterThan(50);
  });
});
