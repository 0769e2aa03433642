import { afterEach, describe, expect, it, vi } from "vitest";
import type { ParseResult } from "../../src/spreadsheet";

describe("parseSpreadsheetOffThread", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it("parses in the calling thread when there is no Worker", async () => {
    const { parseSpreadsheetOffThread } = await import("../../src/spreadsheet/client");
    const r = await parseSpreadsheetOffThread(new TextEncoder().encode("a;b\n1;2").buffer, "t.csv");
    expect(r).toEqual({
      ok: true,
      workbook: {
        sheets: [
          {
            sheetName: "t",
            data: [
              ["a", "b"],
              ["1", "2"],
            ],
          },
        ],
      },
    });
  });

  it("uses one worker, transfers the bytes, matches answers by id and survives a crash", async () => {
    const workers: FakeWorker[] = [];
    class FakeWorker {
      onmessage: ((e: { data: unknown }) => void) | null = null;
      onerror: ((e: { message: string }) => void) | null = null;
      posted: { msg: { id: number; name: string }; transfer: unknown[] }[] = [];
      terminated = false;
      constructor() {
        workers.push(this);
      }
      postMessage(msg: { id: number; name: string }, transfer: unknown[]) {
        this.posted.push({ msg, transfer });
      }
      terminate() {
        this.terminated = true;
      }
    }
    vi.stubGlobal("Worker", FakeWorker);
    const { parseSpreadsheetOffThread } = await import("../../src/spreadsheet/client");
    const a = parseSpreadsheetOffThread(new ArrayBuffer(4), "a.csv");
    const b = parseSpreadsheetOffThread(new ArrayBuffer(4), "b.csv");
    expect(workers).toHaveLength(1);
    const [w] = workers;
    expect(w.posted.map((p) => p.msg.name)).toEqual(["a.csv", "b.csv"]);
    expect(w.posted[0].transfer[0]).toBeInstanceOf(ArrayBuffer);
    const answer = (name: string): ParseResult => ({
      ok: true,
      workbook: { sheets: [{ sheetName: name, data: [] }] },
    });
    w.onmessage?.({ data: { id: w.posted[1].msg.id, result: answer("B") } });
    w.onmessage?.({ data: { id: w.posted[0].msg.id, result: answer("A") } });
    expect(await a).toEqual(answer("A"));
    expect(await b).toEqual(answer("B"));

    const c = parseSpreadsheetOffThread(new ArrayBuffer(1), "c.csv");
    w.onerror?.({ message: "boom" });
    expect(await c).toMatchObject({ ok: false, error: { key: "spreadsheet.error.corrupt" } });
    expect(w.terminated).toBe(true);
    void parseSpreadsheetOffThread(new ArrayBuffer(1), "d.csv");
    expect(workers).toHaveLength(2);
  });
});
