// The render/print progress line: on a terminal only, redrawn in place, translated, off with --quiet.
import { afterEach, describe, expect, it, vi } from "vitest";
import { progressLine } from "../../src/cli/progress";

const CLEAR = "\r\x1b[2K";

function terminal(isTTY: boolean) {
  const writes: string[] = [];
  return { writes, out: { isTTY, write: (s: string) => writes.push(s) > 0 } };
}

afterEach(() => vi.restoreAllMocks());

describe("progress line", () => {
  it("shows the first update at once, even in a process (or worker thread) started a moment ago", async () => {
    vi.spyOn(performance, "now").mockReturnValue(5);
    const t = terminal(true);
    (await progressLine("en", false, t.out)).update(1, 4);
    expect(t.writes).toHaveLength(1);
  });

  it("on a terminal: percent, count, labels/s and time left, redrawn in place, cleared at the end", async () => {
    const t = terminal(true);
    const p = await progressLine("en", false, t.out);
    p.update(1, 4);
    p.update(4, 4);
    p.end();
    expect(t.writes).toHaveLength(3);
    // each write goes back to the line's start and clears it first
    expect(t.writes.every((w) => w.startsWith(CLEAR))).toBe(true);
    const [first, last, end] = t.writes.map((w) => w.slice(CLEAR.length));
    expect(first).toMatch(/^25% · 1 of 4 · \d+ labels\/s · \d+:\d\d left$/);
    expect(last).toMatch(/^100% · 4 of 4 · \d+ labels\/s · 0:00 left$/);
    expect(end).toBe("");
  });

  it("a few redraws a second at most, whatever the label rate (the last one always shows)", async () => {
    const t = terminal(true);
    const p = await progressLine("en", false, t.out);
    for (let i = 1; i <= 1000; i++) p.update(i, 1000);
    expect(t.writes.length).toBeLessThan(10);
    expect(t.writes.at(-1)).toContain("100% · 1000 of 1000");
  });

  it("speaks the CLI's language", async () => {
    const t = terminal(true);
    (await progressLine("es", false, t.out)).update(2, 2);
    expect(t.writes[0]).toMatch(/100% · 2 de 2 · \d+ etiquetas\/s · quedan 0:00/);
  });

  it("nothing when stderr is not a terminal, or with --quiet", async () => {
    for (const [tty, quiet] of [
      [false, false],
      [true, true],
    ]) {
      const t = terminal(tty);
      const p = await progressLine("en", quiet, t.out);
      p.update(1, 2);
      p.update(2, 2);
      p.end();
      expect(t.writes).toEqual([]);
    }
  });
});
