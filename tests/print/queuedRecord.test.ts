// The print record of a job the assistant's queue paused (issue 37): written once when the job ends
// there, with the labels really printed — done after Resume, or cancelled part-way — also by a tab
// opened later (the record waits in the browser's storage), never twice by two tabs.
import { describe, expect, it } from "vitest";
import type { ApiClient } from "../../src/app/api/core";
import type { AssistantClient } from "../../src/app/printing/assistantClient";
import { PENDING_RECORDS_KEY } from "../../src/app/printing/pendingRecordsKey";
import {
  amendPending,
  followPendingRecords,
  type PendingRecord,
  pendingRecords,
  recordWhenQueueEnds,
} from "../../src/app/printing/queuedRecord";
import { printedOf } from "../../src/print/plan";

/** A Storage in memory (one browser profile's localStorage, shared by its tabs). */
function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

/** The assistant's queue as queueList shows it: the job's states in turn (the last one stays). */
function queueOf(states: { state: string; printed: number; copiesDone?: number }[]) {
  let asked = 0;
  const client = {
    async command(cmd: string) {
      if (cmd !== "queueList") throw new Error(cmd);
      const s = states[Math.min(asked++, states.length - 1)];
      return {
        jobs: [
          { id: "other", state: "done", printed: 9 },
          { id: "j1", ...s },
        ],
      };
    },
  } as unknown as AssistantClient;
  return client;
}

function recordingApi() {
  const posts: { path: string; body: Record<string, unknown> }[] = [];
  const api = {
    async post(path: string, body: Record<string, unknown>) {
      posts.push({ path, body });
      return { id: "r1" };
    },
  } as unknown as ApiClient;
  return { api, posts };
}

/** Web Locks as one browser gives them: one holder per name, the others wait. */
function locks() {
  const held = new Map<string, Promise<void>>();
  return async (name: string, fn: () => Promise<void>) => {
    while (held.has(name)) await held.get(name);
    const run = fn();
    held.set(name, run);
    try {
      await run;
    } finally {
      held.delete(name);
    }
  };
}

const noWait = async () => undefined;

const pending = (over: Partial<PendingRecord> = {}): PendingRecord => ({
  job: "j1",
  printer: "Dock",
  userId: "u1",
  fields: { user_id: "u1", name: "Shelf label", file_web: "https://x/v3.tprt", labels: 5, pages: 5 },
  labels: 5,
  perPage: 1,
  copies: 1,
  ...over,
});

describe("the record of a job the queue paused", () => {
  it("paper out at label 3, resumed, done: one record of all 5 labels, nothing left waiting", async () => {
    const storage = memoryStorage();
    const { api, posts } = recordingApi();
    const client = queueOf([
      { state: "paused", printed: 2 },
      { state: "printing", printed: 3 },
      { state: "done", printed: 5 },
    ]);
    await recordWhenQueueEnds(api, client, pending(), { storage, sleep: noWait, lock: locks() });
    expect(posts).toHaveLength(1);
    expect(posts[0].path).toBe("/api/tem.app_public/printHistoryNewAdd");
    expect(posts[0].body).toMatchObject({ labels: 5, pages: 5, file_web: "https://x/v3.tprt" });
    expect(storage.getItem(PENDING_RECORDS_KEY)).toBeNull();
  });

  it("cancelled after the pause: the record says the 2 labels really printed", async () => {
    const storage = memoryStorage();
    const { api, posts } = recordingApi();
    const client = queueOf([
      { state: "paused", printed: 2 },
      { state: "cancelled", printed: 2 },
    ]);
    await recordWhenQueueEnds(api, client, pending(), { storage, sleep: noWait, lock: locks() });
    expect(posts.map((p) => [p.body.labels, p.body.pages])).toEqual([[2, 2]]);
  });

  it("nothing printed before the cancel, or the job gone from the queue unseen: no record", async () => {
    const storage = memoryStorage();
    const { api, posts } = recordingApi();
    await recordWhenQueueEnds(api, queueOf([{ state: "cancelled", printed: 0 }]), pending(), {
      storage,
      sleep: noWait,
    });
    const gone = { command: async () => ({ jobs: [] }) } as unknown as AssistantClient;
    await recordWhenQueueEnds(api, gone, pending({ job: "j2" }), { storage, sleep: noWait });
    expect(posts).toEqual([]);
    expect(pendingRecords(storage)).toEqual([]);
  });

  it("the tab was closed while paused: two tabs opened later write the record once", async () => {
    const storage = memoryStorage();
    // what the closed tab left
    storage.setItem(PENDING_RECORDS_KEY, JSON.stringify([pending(), { job: 42 }, "junk"]));
    const { api, posts } = recordingApi();
    const lock = locks();
    const client = () =>
      queueOf([
        { state: "paused", printed: 2 },
        { state: "done", printed: 5 },
      ]);
    // someone else's waiting record is not this user's to write
    expect(followPendingRecords(api, client, "u2", { storage, sleep: noWait, lock })).toEqual([]);
    const first = followPendingRecords(api, client, "u1", { storage, sleep: noWait, lock });
    expect(first).toHaveLength(1);
    await Promise.all(first);
    await Promise.all(followPendingRecords(api, client, "u1", { storage, sleep: noWait, lock }));
    expect(posts.map((p) => p.body.labels)).toEqual([5]);
  });

  it("the picture uploaded while the job waits is in the record; one added after the end brings nothing back", async () => {
    const storage = memoryStorage();
    const { api, posts } = recordingApi();
    let resume = () => {};
    const resumed = new Promise<void>((r) => {
      resume = r;
    });
    const client = {
      async command() {
        await resumed;
        return { jobs: [{ id: "j1", state: "done", printed: 5 }] };
      },
    } as unknown as AssistantClient;
    const ended = recordWhenQueueEnds(api, client, pending(), { storage, sleep: noWait });
    amendPending("j1", { image_address: "https://x/printed.png" }, storage);
    resume();
    await ended;
    expect(posts.map((p) => p.body.image_address)).toEqual(["https://x/printed.png"]);
    amendPending("j1", { image_address: "late" }, storage);
    expect(pendingRecords(storage)).toEqual([]);
  });

  it("a browser that refuses to store it (full, disabled): this tab still writes the record", async () => {
    const storage = memoryStorage();
    storage.setItem = () => {
      throw new Error("QuotaExceededError");
    };
    const { api, posts } = recordingApi();
    const client = queueOf([
      { state: "paused", printed: 2 },
      { state: "done", printed: 5 },
    ]);
    await recordWhenQueueEnds(api, client, pending(), { storage, sleep: noWait });
    expect(posts.map((p) => p.body.labels)).toEqual([5]);
  });

  it("unreadable storage is no record and no crash", () => {
    const storage = memoryStorage();
    storage.setItem(PENDING_RECORDS_KEY, "{not json");
    expect(pendingRecords(storage)).toEqual([]);
  });
});

describe("the labels printed pages hold", () => {
  it("counts each page's copies and the copies of a page stopped part-way", () => {
    // 5 labels, 1 a page, 3 copies: 2 pages done and 1 copy of the third
    expect(printedOf({ labels: 5, perPage: 1, copies: 3 }, { printed: 2, copiesDone: 1 })).toEqual({
      labels: 7,
      pages: 7,
    });
    // 10 labels on sheets of 4, 2 copies: all 3 sheets done (the last holds 2 labels)
    expect(printedOf({ labels: 10, perPage: 4, copies: 2 }, { printed: 3, copiesDone: 0 })).toEqual({
      labels: 20,
      pages: 6,
    });
    // 1 sheet of 4 done, then 1 copy of the second
    expect(printedOf({ labels: 10, perPage: 4, copies: 2 }, { printed: 1, copiesDone: 1 })).toEqual({
      labels: 12,
      pages: 3,
    });
  });
});
