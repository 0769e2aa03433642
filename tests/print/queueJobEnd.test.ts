// A paused job's end as the editor watches it in the assistant's queue (issue 38: its counter numbers
// are settled then): done → printed; cancelled or failed → not; gone from the queue → unknown; a
// dropped link is asked again.
import { describe, expect, it } from "vitest";
import { type AssistantClient, queueJobEnd } from "../../src/app/printing/assistantClient";

/** A client whose queueList answers come from `answers` in turn (an Error: the link failed). */
function fakeClient(answers: (string | null | Error)[]) {
  const asked: unknown[] = [];
  const client = {
    async command(cmd: string, args: Record<string, unknown>) {
      asked.push({ cmd, ...args });
      const a = answers.shift();
      if (a instanceof Error) throw a;
      return {
        jobs:
          a === null || a === undefined
            ? []
            : [
                { id: "other", state: "done" },
                { id: "j1", state: a },
              ],
      };
    },
  } as unknown as AssistantClient;
  return { client, asked };
}
const noWait = async () => undefined;

describe("queueJobEnd", () => {
  it("waits through paused and printing until the job is done", async () => {
    const { client, asked } = fakeClient(["paused", new Error("closed"), "printing", "done"]);
    expect(await queueJobEnd(client, "Dock", "j1", noWait)).toBe(true);
    expect(asked).toHaveLength(4);
    expect(asked[0]).toEqual({ cmd: "queueList", printer: "Dock" });
  });

  it("a cancelled or failed job printed no more", async () => {
    expect(await queueJobEnd(fakeClient(["paused", "cancelled"]).client, "Dock", "j1", noWait)).toBe(false);
    expect(await queueJobEnd(fakeClient(["failed"]).client, "Dock", "j1", noWait)).toBe(false);
  });

  it("a job no longer in the queue is unknown (its numbers stay reserved)", async () => {
    expect(await queueJobEnd(fakeClient(["paused", null]).client, "Dock", "j1", noWait)).toBeNull();
  });
});
