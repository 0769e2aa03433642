// The Web Worker entry, driven the way a browser would: a message in, a posted result out.
import { afterEach, describe, expect, it, vi } from "vitest";

type Scope = { onmessage: ((e: { data: unknown }) => void) | null; postMessage?: (m: unknown) => void };
const scope = globalThis as unknown as Scope;

describe("spreadsheet worker", () => {
  afterEach(() => {
    scope.onmessage = null;
    delete scope.postMessage;
  });

  it("answers each request with its id and the parse result", async () => {
    const posted: unknown[] = [];
    scope.postMessage = (m) => posted.push(m);
    await import("../../src/spreadsheet/worker");
    const bytes = new TextEncoder().encode("a,b\n1,2\n").buffer;
    scope.onmessage?.({ data: { id: 7, bytes, name: "x.csv" } });
    scope.onmessage?.({ data: { id: 8, bytes: "not bytes" } });
    await vi.waitFor(() => expect(posted).toHaveLength(2));
    const byId = Object.fromEntries(
      (posted as { id: number; result: unknown }[]).map((p) => [p.id, p.result]),
    );
    expect(byId[7]).toEqual({
      ok: true,
      workbook: {
        sheets: [
          {
            sheetName: "x",
            data: [
              ["a", "b"],
              ["1", "2"],
            ],
          },
        ],
      },
    });
    expect(byId[8]).toEqual({ ok: false, error: { key: "spreadsheet.error.empty" } });
  });
});
