// Long CLI runs collect their garbage, without any launch flag, whenever the heap has grown enough.
import { describe, expect, it } from "vitest";
import { CHECK_EVERY, collectingEvery, collectNow, GROWTH, heapInUse } from "../../src/export/node/memory";

const tick = () => new Promise((r) => setImmediate(r));
const MB = 1024 * 1024;

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

  it("heapInUse counts the JS heap and the ArrayBuffers it holds", () => {
    const before = heapInUse();
    const held = new Uint8Array(64 * MB);
    // the 64 MB sit outside the JS heap; the heap's own objects may meanwhile shrink by a young
    // generation's worth
    expect(heapInUse() - before).toBeGreaterThan(48 * MB);
    expect(held.length).toBe(64 * MB);
  });

  it("collectingEvery passes every progress call on and collects once the heap grew by GROWTH", () => {
    // a heap that grows 1 MB a label and drops to its live size (10 MB) when collected
    let heap = 10 * MB;
    const collections: number[] = [];
    let label = 0;
    const seen: [number, number][] = [];
    const wrapped = collectingEvery((done: number, total: number) => seen.push([done, total]), {
      measure: () => heap,
      collect: () => {
        collections.push(label);
        heap = 10 * MB;
      },
    });
    const labels = CHECK_EVERY * 10 + GROWTH / MB + 1;
    for (label = 1; label <= labels; label++) {
      heap += MB;
      wrapped(label, labels);
    }
    expect(seen).toHaveLength(labels);
    expect(seen.at(-1)).toEqual([labels, labels]);
    // the first look only measures; then a collection at the first look after the heap passed its
    // size + GROWTH, and none before
    const sinceBase = collections[0] - CHECK_EVERY;
    expect(sinceBase % CHECK_EVERY).toBe(0);
    expect(sinceBase * MB).toBeGreaterThan(GROWTH);
    expect((sinceBase - CHECK_EVERY) * MB).toBeLessThanOrEqual(GROWTH);
    expect(collections.length).toBeGreaterThan(1);
    for (const [i, at] of collections.slice(1).entries()) {
      const since = at - collections[i];
      expect(since % CHECK_EVERY).toBe(0);
      expect(since * MB).toBeGreaterThan(GROWTH);
      expect((since - CHECK_EVERY) * MB).toBeLessThanOrEqual(GROWTH);
    }
  });

  it("a heap that does not grow is never collected: a small job pays for no full collection", () => {
    let collections = 0;
    const wrapped = collectingEvery(() => {}, { measure: () => 50 * MB, collect: () => collections++ });
    for (let i = 1; i <= CHECK_EVERY * 100; i++) wrapped(i);
    expect(collections).toBe(0);
  });
});
