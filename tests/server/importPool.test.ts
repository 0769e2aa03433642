// Spreadsheet imports (issue 33 item 6): a valid but large workbook is parsed, shaped and serialised
// in the worker; the main thread receives the answer's JSON bytes (transferred, never the parsed
// cells, which it would have to clone and stringify while other users wait).
import { afterAll, describe, expect, it } from "vitest";
import { ANSWER_CHUNK_BYTES } from "../../src/server/import/answer";
import { ImportPool } from "../../src/server/import/pool";
import { largeCell, largeXlsx } from "../spreadsheet/support/largeXlsx";

/** The answer's JSON, its pieces joined. */
const text = (pieces: Uint8Array[]) => JSON.parse(Buffer.concat(pieces).toString("utf8"));

const pool = new ImportPool({ workers: 1, queue: 4, timeoutMs: 120_000, memoryMb: 1024 });
afterAll(() => pool.close());

describe("the import pool", () => {
  it("answers the chosen sheets and rows as JSON bytes made in the worker", async () => {
    const rows = 20_000;
    const cols = 20;
    const book = largeXlsx(rows, cols);
    const all = await pool.parse("u1", book, "big.xlsx", { rowIndex: 0, tableIndex: -1 });
    if (!all.ok) throw new Error(all.error.key);
    // in pieces the request thread writes one at a time, none of them near the whole answer
    const total = all.json.reduce((n, p) => n + p.length, 0);
    expect(all.json.length).toBeGreaterThan(10);
    for (const piece of all.json) {
      expect(piece).toBeInstanceOf(Uint8Array);
      expect(piece.length).toBeLessThan(4 * ANSWER_CHUNK_BYTES);
    }
    expect(total).toBeGreaterThan(10 * ANSWER_CHUNK_BYTES);
    const sheets = text(all.json);
    expect(sheets).toHaveLength(1);
    expect(sheets[0].sheetName).toBe("Big");
    expect(sheets[0].data).toHaveLength(rows);
    for (const [r, c] of [
      [0, 0],
      [1, 1],
      [rows - 1, cols - 1],
      [12_345, 6],
    ])
      expect(sheets[0].data[r][c]).toBe(largeCell(r, c));

    // from row 3 of sheet 0; a sheet that does not exist: none
    const from3 = await pool.parse("u1", book, "big.xlsx", { rowIndex: 3, tableIndex: 0 });
    if (!from3.ok) throw new Error(from3.error.key);
    const shaped = text(from3.json);
    expect(shaped[0].data).toHaveLength(rows - 3);
    expect(shaped[0].data[0][1]).toBe(largeCell(3, 1));
    const none = await pool.parse("u1", book, "big.xlsx", { rowIndex: 0, tableIndex: 4 });
    expect(none.ok && Buffer.concat(none.json).toString()).toBe("[]");
  }, 300_000);

  it("answers a refused file with its translated reason's key", async () => {
    const bad = await pool.parse("u2", new TextEncoder().encode("not a workbook"), "x.xlsx", {
      rowIndex: 0,
      tableIndex: -1,
    });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error.key).toMatch(/^spreadsheet\.error\./);
  }, 60_000);
});
