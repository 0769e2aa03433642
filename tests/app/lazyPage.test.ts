// Chunk loading: failures and the 120 s timeout become a ChunkLoadError.
import { afterEach, describe, expect, it, vi } from "vitest";
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, loadChunk } from "../../src/app/router/lazyPage";

afterEach(() => vi.useRealTimers());

describe("loadChunk", () => {
  it("resolves with the module", async () => {
    await expect(loadChunk(() => Promise.resolve({ default: 1 }))).resolves.toEqual({ default: 1 });
  });
  it("turns a failed import into a ChunkLoadError", async () => {
    const e = await loadChunk(() =>
      Promise.reject(new TypeError("Failed to fetch dynamically imported module")),
    )
      .then(() => null)
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ChunkLoadError);
    expect((e as Error).name).toBe("ChunkLoadError");
    expect((e as Error).message).toContain("Failed to fetch");
  });
  it("rejects after 120 s when the chunk never arrives", async () => {
    vi.useFakeTimers();
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120000);
    const p = loadChunk(() => new Promise<never>(() => undefined));
    const caught = p.catch((x: unknown) => x);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void p.then(
      () => (settled = true),
      () => (settled = true),
    );
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await caught).toBeInstanceOf(ChunkLoadError);
  });
});
