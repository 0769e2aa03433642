// Long CLI runs collect their garbage every few thousand labels without any launch flag.
import { describe, expect, it } from "vitest";
import { COLLECT_EVERY, collectingEvery, collectNow } from "../../src/cli/memory";

const tick = () => new Promise((r) => setImmediate(r));

describe("garbage collection on long runs", () => {
  it("collectNow runs a full collection (an unreachable object is gone)", async () => {
    let ref: WeakRef<object> | null = null;
    (() => {
      ref = new WeakRef({ big: new Array(1000).fill("x") });
    })();
    await tick(); // a WeakRef target lives until the current job ends
    collectNow();
    expect((ref as WeakRef<object> | null)?.deref()).toBeUndefined();
  });

  it("collectingEvery passes every progress call on, collecting every COLLECT_EVERY labels", () => {
    const seen: [number, number][] = [];
    const wrapped = collectingEvery((done: number, total: number) => seen.push([done, total]));
    for (let i = 1; i <= COLLECT_EVERY * 2 + 1; i++) wrapped(i, 9);
    expect(seen).toHaveLength(COLLECT_EVERY * 2 + 1);
    expect(seen.at(-1)).toEqual([COLLECT_EVERY * 2 + 1, 9]);
  });
});
