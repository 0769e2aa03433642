// Straight lines and rectangles in the straightened label, our own detection (docs/decisions.md):
// after perspective correction the label's rules are axis-aligned, so long ink runs per row (and per
// column) grouped over adjacent rows are the lines; four lines meeting at their ends are a rectangle.

export interface Segment {
  readonly horizontal: boolean;
  /** along the line, pixels */
  readonly from: number;
  readonly to: number;
  /** across the line: its centre and thickness, pixels */
  readonly at: number;
  readonly thickness: number;
}

export interface FoundRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly thickness: number;
  /** how far the sides stop short of the corners (a rounded rectangle), pixels; 0 for square corners */
  readonly inset: number;
}

export interface Mask {
  readonly width: number;
  readonly height: number;
  /** 1 = ink */
  readonly data: Uint8Array;
}

interface Run {
  from: number;
  to: number;
}

/** Long runs of ink along one direction, grouped over neighbouring rows into segments. */
function segments(m: Mask, horizontal: boolean, minLength: number, maxThickness: number): Segment[] {
  const along = horizontal ? m.width : m.height;
  const across = horizontal ? m.height : m.width;
  const at = (a: number, c: number) => (horizontal ? m.data[c * m.width + a] : m.data[a * m.width + c]);
  const open: { run: Run; start: number; rows: number; sumFrom: number; sumTo: number }[] = [];
  const done: Segment[] = [];
  const close = (g: (typeof open)[number]) => {
    if (g.rows <= maxThickness)
      done.push({
        horizontal,
        from: Math.round(g.sumFrom / g.rows),
        to: Math.round(g.sumTo / g.rows),
        at: g.start + g.rows / 2,
        thickness: g.rows,
      });
  };
  for (let c = 0; c <= across; c++) {
    const runs: Run[] = [];
    if (c < across) {
      let start = -1;
      let gap = 0;
      for (let a = 0; a <= along; a++) {
        const ink = a < along && at(a, c) === 1;
        if (ink) {
          if (start < 0) start = a;
          gap = 0;
        } else if (start >= 0) {
          // a one-pixel break (noise, JPEG) does not end the run
          if (++gap > 2 || a === along) {
            const end = a - gap;
            if (end - start + 1 >= minLength) runs.push({ from: start, to: end });
            start = -1;
            gap = 0;
          }
        }
      }
    }
    const still: typeof open = [];
    for (const g of open) {
      const i = runs.findIndex(
        (r) => Math.min(r.to, g.run.to) - Math.max(r.from, g.run.from) > 0.8 * (g.run.to - g.run.from),
      );
      if (i >= 0) {
        const r = runs.splice(i, 1)[0];
        g.run = r;
        g.rows++;
        g.sumFrom += r.from;
        g.sumTo += r.to;
        still.push(g);
      } else close(g);
    }
    for (const r of runs) still.push({ run: r, start: c, rows: 1, sumFrom: r.from, sumTo: r.to });
    open.length = 0;
    open.push(...still);
  }
  return done;
}

/** Joins pieces of one line (a slightly slanted rule comes out as steps) and drops overlapping copies. */
function merge(list: Segment[], tolerance: number): Segment[] {
  const out: Segment[] = [];
  for (const s of [...list].sort((a, b) => a.from - b.from)) {
    const prev = out.find(
      (o) =>
        Math.abs(o.at - s.at) <= tolerance + (o.thickness + s.thickness) / 2 && s.from <= o.to + tolerance,
    );
    if (!prev) {
      out.push(s);
      continue;
    }
    const a = prev.to - prev.from;
    const b = s.to - s.from;
    out[out.indexOf(prev)] = {
      horizontal: s.horizontal,
      from: Math.min(prev.from, s.from),
      to: Math.max(prev.to, s.to),
      at: (prev.at * a + s.at * b) / (a + b || 1),
      thickness: (prev.thickness * a + s.thickness * b) / (a + b || 1),
    };
  }
  return out;
}

/**
 * Lines and rectangles of `m`: segments at least `minLength` long and at most `maxThickness` thick;
 * `tolerance` is how far ends may miss each other and still make a corner; sides that stop up to
 * `roundInset` short of the corner (the arc of a rounded corner) still make a rectangle.
 */
export function findShapes(
  m: Mask,
  minLength: number,
  maxThickness: number,
  tolerance: number,
  roundInset = 0,
): { lines: Segment[]; rects: FoundRect[] } {
  const hs = merge(segments(m, true, minLength, maxThickness), tolerance);
  const vs = merge(segments(m, false, minLength, maxThickness), tolerance);
  const used = new Set<Segment>();
  const rects: FoundRect[] = [];
  const near = (a: number, b: number, t: number) => Math.abs(a - b) <= t;
  const sorted = [...hs].sort((a, b) => a.at - b.at);
  for (const top of sorted) {
    if (used.has(top)) continue;
    for (const bottom of sorted) {
      if (used.has(bottom) || bottom === top || bottom.at <= top.at + minLength / 2) continue;
      const t = tolerance + Math.max(top.thickness, bottom.thickness);
      if (!near(top.from, bottom.from, t) || !near(top.to, bottom.to, t)) continue;
      // a side lies at the top's end, or up to roundInset outside it (the top stops before the arc),
      // and then runs from up to roundInset below the top to up to roundInset above the bottom
      const side = (x: number, outward: number) =>
        vs.find((v) => {
          if (used.has(v)) return false;
          const off = (v.at - x) * outward;
          return (
            off >= -t &&
            off <= roundInset + t &&
            v.from >= top.at - top.thickness / 2 - t &&
            v.from <= top.at + roundInset + t &&
            v.to <= bottom.at + bottom.thickness / 2 + t &&
            v.to >= bottom.at - roundInset - t
          );
        });
      const left = side(top.from + top.thickness / 2, -1);
      const right = side(top.to - top.thickness / 2, 1);
      if (!left || !right || left === right) continue;
      for (const s of [top, bottom, left, right]) used.add(s);
      const thickness = (top.thickness + bottom.thickness + left.thickness + right.thickness) / 4;
      const inset = Math.max(
        0,
        (top.from - left.at + right.at - top.to + left.from - top.at + bottom.at - left.to) / 4,
      );
      rects.push({
        x: left.at,
        y: top.at,
        width: right.at - left.at,
        height: bottom.at - top.at,
        thickness,
        inset: inset > tolerance ? inset : 0,
      });
      break;
    }
  }
  const lines = [...hs, ...vs].filter((s) => !used.has(s));
  return { lines, rects };
}
