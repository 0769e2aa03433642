// The message (toast) service and the loading counter behind the overlay.
import { afterEach, describe, expect, it, vi } from "vitest";
import { loading } from "../../src/app/ui/loading";
import { message } from "../../src/app/ui/message";

afterEach(() => {
  vi.useRealTimers();
  for (const m of message.current()) message.dismiss(m.id);
});

describe("message service", () => {
  it("shows messages, drops exact repeats and empty text, and hides them after a while", () => {
    vi.useFakeTimers();
    const seen: number[] = [];
    const off = message.subscribe((ms) => seen.push(ms.length));
    message.error("Network error");
    message.error("Network error");
    message.error("");
    message.success("Saved");
    expect(message.current().map((m) => [m.kind, m.text])).toEqual([
      ["error", "Network error"],
      ["success", "Saved"],
    ]);
    vi.advanceTimersByTime(10_000);
    expect(message.current()).toEqual([]);
    off();
    expect(seen.at(-1)).toBe(0);
  });
  it("a repeat while shown keeps the one message on screen for the full time from the repeat", () => {
    vi.useFakeTimers();
    message.warning("Text wider than the code");
    vi.advanceTimersByTime(3000);
    message.warning("Text wider than the code");
    vi.advanceTimersByTime(3000);
    // 6 s after the first, 3 s after the repeat: still shown, once
    expect(message.current().map((m) => m.text)).toEqual(["Text wider than the code"]);
    vi.advanceTimersByTime(1000);
    expect(message.current()).toEqual([]);
  });
  it("hides every message of one kind at once, keeping the others", () => {
    message.error("Wrong account or password");
    message.error("Network error");
    message.success("Saved");
    const seen: number[] = [];
    const off = message.subscribe((ms) => seen.push(ms.length));
    message.dismissKind("error");
    expect(message.current().map((m) => [m.kind, m.text])).toEqual([["success", "Saved"]]);
    message.dismissKind("error");
    expect(seen).toEqual([1]);
    off();
  });

  it("keeps at most five on screen", () => {
    for (let i = 0; i < 8; i++) message.info(`m${i}`);
    expect(message.current().map((m) => m.text)).toEqual(["m3", "m4", "m5", "m6", "m7"]);
  });
});

describe("loading counter", () => {
  it("is busy while any call that wants the overlay runs", () => {
    const states: boolean[] = [];
    const off = loading.subscribe((b) => states.push(b));
    loading.start();
    loading.start();
    loading.stop();
    expect(loading.busy()).toBe(true);
    loading.stop();
    expect(loading.busy()).toBe(false);
    loading.stop(); // never below zero
    loading.start();
    expect(loading.busy()).toBe(true);
    loading.stop();
    off();
    expect(states).toEqual([true, false, true, false]);
  });
});
