// A device's long poll hears the wakes that come between its look at the queue and its wait (a job
// queued in that moment used to wait for the poll's own timeout, up to 25 s).
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Db } from "../../src/server/db/types";
import { DeviceWaker } from "../../src/server/services/deviceJobs";

/** A database whose NOTIFY reaches its own LISTEN at once, as on one PostgreSQL. */
function fakeDb(): Db {
  const heard: ((m: string) => void)[] = [];
  return {
    listen: async (_channel: string, fn: (m: string) => void) => {
      heard.push(fn);
      return () => undefined;
    },
    notify: async (_channel: string, m: string) => {
      for (const fn of heard) fn(m);
    },
  } as unknown as Db;
}

afterEach(() => void vi.useRealTimers());

describe("a device poll's wake listener", () => {
  it("a wake before the wait is kept: the wait ends at once, with no time passing", async () => {
    vi.useFakeTimers();
    const waker = new DeviceWaker(fakeDb());
    await waker.ready;
    const wake = waker.listen("SN1");
    waker.emit("SN2"); // another device's wake does not count
    waker.emit("SN1"); // the job queued between the look and the wait
    await wake.wait(25_000); // would hang (fake timers never advance) if the wake were lost
    wake.stop();
  });

  it("with no wake the wait ends after its time; a wake during it ends it early; cancel ends it", async () => {
    vi.useFakeTimers();
    const waker = new DeviceWaker(fakeDb());
    await waker.ready;
    const quiet = waker.listen("SN1");
    let over = false;
    const waiting = quiet.wait(25_000).then(() => {
      over = true;
    });
    await vi.advanceTimersByTimeAsync(24_999);
    expect(over).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    quiet.stop();

    const woken = waker.listen("SN1");
    const during = woken.wait(25_000);
    await vi.advanceTimersByTimeAsync(10);
    waker.emit("SN1");
    await during;
    woken.stop();

    const left = waker.listen("SN1");
    const cancelled = left.wait(25_000);
    left.cancel();
    await cancelled;
    left.stop();
    // after stop, a wake is no longer heard by it
    const after = waker.listen("SN3");
    after.stop();
    waker.emit("SN3");
    let done = false;
    void after.wait(1_000).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});
