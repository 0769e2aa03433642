// drawInOrder (the raster workers' feeder): when the caller says how many tasks there are, the
// pool's threads are started before the first task is drawn here, not after it (issue 41: on two
// cores the second sat idle while a cold first label was laid out and drawn); a job of one task,
// or of an unknown count, starts them at its second task as before.
import { describe, expect, it } from "vitest";
import { drawInOrder } from "../../src/print/inOrder";
import type { RasterPool } from "../../src/print/rasterPool";

async function order(count: number | undefined, tasks: number[]): Promise<string[]> {
  const events: string[] = [];
  const draw = drawInOrder(tasks, {
    here: (t: number) => {
      events.push(`draw ${t}`);
      return t;
    },
    pooled: async () => {
      throw new Error("no pool in this test");
    },
    start: async () => {
      events.push("start");
      return null as RasterPool | null;
    },
    count,
  });
  const out: number[] = [];
  for await (const r of draw) out.push(r);
  expect(out).toEqual(tasks);
  return events;
}

describe("drawInOrder starts the workers", () => {
  it("before the first task when the job has several", async () => {
    expect(await order(3, [1, 2, 3])).toEqual(["start", "draw 1", "draw 2", "draw 3"]);
  });

  it("at the second task when the count is not known, and never for a single task", async () => {
    expect(await order(undefined, [1, 2, 3])).toEqual(["draw 1", "start", "draw 2", "draw 3"]);
    expect(await order(1, [1])).toEqual(["draw 1"]);
  });
});
