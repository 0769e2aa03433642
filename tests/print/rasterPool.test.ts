// Raster workers draw exactly what the main thread draws, and jobs with and without workers match.
import { afterAll, describe, expect, it } from "vitest";
import { printJob } from "../../src/print/job";
import { initRaster, rasterSvg } from "../../src/print/raster";
import { RasterPool } from "../../src/print/rasterPool";
import { printLabel } from "./support/label";

let pool: RasterPool | null = null;
afterAll(async () => {
  await pool?.close();
});

async function bytesOf(workers: number): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const c of printJob(printLabel(), {
    language: "ZPL",
    workers,
    choices: [0, 1, 2, 1, 0].map((record) => ({ record, copies: 1 })),
  }))
    parts.push(c);
  return Buffer.concat(parts);
}

describe("raster pool", () => {
  it("starts workers that draw the same bitmap as this thread", async () => {
    pool = await RasterPool.create(2);
    expect(pool).not.toBeNull();
    await initRaster();
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="16" height="8" viewBox="0 0 16 8"><rect x="0" y="0" width="16" height="8" fill="#fff"/><rect x="2" y="1" width="5" height="4" fill="#000"/></svg>`;
    const [a, b] = await Promise.all([pool?.run(svg), pool?.run(svg)]);
    const here = rasterSvg(svg);
    expect(a).toEqual(here);
    expect(b).toEqual(here);
    expect([...here.data]).toEqual([0, 0, 0x3e, 0, 0x3e, 0, 0x3e, 0, 0x3e, 0, 0, 0, 0, 0, 0, 0]);
  }, 60000);

  it("a job through workers has the same bytes, in the same order, as one without", async () => {
    const [withWorkers, inline] = [await bytesOf(2), await bytesOf(0)];
    expect(withWorkers.length).toBeGreaterThan(0);
    expect(withWorkers.equals(inline)).toBe(true);
  }, 60000);
});
