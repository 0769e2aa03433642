// The picture thread (src/server/picture/thread.ts): jobs answered from the worker thread, an
// unreadable picture rejected as such, and a thread that dies replaced on the next job.
import type { Worker } from "node:worker_threads";
import { afterAll, describe, expect, it } from "vitest";
import { UnreadablePicture } from "../../src/server/picture/recognize";
import { PictureThread } from "../../src/server/picture/thread";
import { benchLabel } from "../export/support/labels";
import { renderPng } from "./support/photo";

const thread = new PictureThread();
afterAll(() => thread.close());

/** The thread's worker (private): the test stops it as a crash would. */
const workerOf = (t: PictureThread) => (t as unknown as { worker: Promise<Worker> | null }).worker;

describe("picture thread", () => {
  it("locates a picture, refuses what is none, and starts again after its thread died", async () => {
    const png = await renderPng(benchLabel(1));
    const first = await thread.locate("u", png);
    expect(first.area.found).toBe(false); // a scan: the whole picture
    expect(first.size).toEqual([first.area.box[2], first.area.box[3]]);
    expect(first.mm).toBeNull();
    await expect(thread.locate("u", new Uint8Array([135, 125, 28, 1]))).rejects.toBeInstanceOf(
      UnreadablePicture,
    );

    const dying = workerOf(thread);
    expect(dying).not.toBeNull();
    const pending = thread.locate("u", png);
    await (await (dying as Promise<Worker>)).terminate();
    await expect(pending).rejects.toThrow(/exited/);
    // the next job gets a new thread
    expect((await thread.locate("u", png)).area.box).toEqual(first.area.box);
    expect(workerOf(thread)).not.toBe(dying);
  }, 60_000);

  it("refuses jobs once closed", async () => {
    const t = new PictureThread();
    await t.warm();
    await t.close();
    await expect(t.locate("u", new Uint8Array([1]))).rejects.toThrow(/closed/);
  }, 60_000);
});
