// The native printing tests' helpers: a job's bytes, the job read back by our ZPL reader and drawn
// again as exact pictures, the codes zxing finds on a page, and how far two pages differ.
import { expect } from "vitest";
import type { LabelDocument } from "../../../src/model/types";
import { printJob } from "../../../src/print/job";
import type { SendAs } from "../../../src/print/settings";
import { tsplToZpl, tsplZplText } from "../../../src/tspl";
import { readZpl } from "../../../src/zpl";
import { decode } from "../../codes/support/zxing";
import { decodeZpl, type Page, toRgba } from "./decodeJob";

export const DPI = 203;

/** The job's bytes sent as `sendAs` (the exact picture unless told; null: as a printer with no setting). */
export async function job(
  doc: LabelDocument,
  language: "ZPL" | "TSPL",
  sendAs: SendAs | null = "picture",
): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const c of printJob(doc, { language, dpi: DPI, workers: 0, settings: sendAs ? { sendAs } : {} }))
    parts.push(c);
  return Buffer.concat(parts);
}

/** What our ZPL reader makes of a job, drawn again as exact pictures. */
export async function redrawn(zpl: string | Buffer): Promise<Page[]> {
  const bytes = typeof zpl === "string" ? new TextEncoder().encode(zpl) : zpl;
  const read = await readZpl(bytes, { dpi: DPI });
  expect(read.unknown).toEqual([]);
  const pages: Page[] = [];
  for (const doc of read.docs) pages.push(...decodeZpl(await job(doc, "ZPL")));
  return pages;
}

/**
 * A TSPL job as ZPL, read by our TSPL reader (src/tspl: it follows TSC's manual, not our writers),
 * every command of it drawn; `size` in dots when the job has no SIZE.
 */
export function tsplAsZpl(job: Uint8Array, size?: { width: number; height: number }): string {
  const t = tsplToZpl(job, { dpi: DPI, size });
  expect(t.unknown).toEqual([]);
  return tsplZplText(t);
}

/** Each label of a TSPL job as ZPL of its own, with the fonts the job downloaded before it. */
export function tsplLabels(job: Uint8Array, size?: { width: number; height: number }): string[] {
  const t = tsplToZpl(job, { dpi: DPI, size });
  expect(t.unknown).toEqual([]);
  return t.labels.map((l) => t.fonts + l);
}

export const scanned = async (p: Page) =>
  (await decode(toRgba(p), { maxNumberOfSymbols: 8 })).map((r) => r.text).sort();

/**
 * Dots that differ over dots inked in either picture. With `slack`, an inked dot agrees when the
 * other picture inks within that many dots of it (a text drawn again lands within a dot of ours).
 */
export function difference(a: Page, b: Page, slack = 0): number {
  const w = Math.min(a.width, b.width);
  const h = Math.min(a.height, b.height);
  const near = (p: Page, x: number, y: number) => {
    for (let dy = -slack; dy <= slack; dy++)
      for (let dx = -slack; dx <= slack; dx++) {
        const X = x + dx;
        const Y = y + dy;
        if (X >= 0 && Y >= 0 && X < w && Y < h && p.dots[Y * p.width + X]) return true;
      }
    return false;
  };
  let differ = 0;
  let inked = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const p = a.dots[y * a.width + x];
      const q = b.dots[y * b.width + x];
      if (p || q) inked++;
      if (p !== q && !(p ? near(b, x, y) : near(a, x, y))) differ++;
    }
  return differ / inked;
}
