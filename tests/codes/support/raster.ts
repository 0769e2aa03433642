// A small rasteriser for exactly the SVG the code kinds emit (rect, and path made of
// "M x y h w v h h -w z" rectangles), at a printer resolution. Each dot takes the colour of the
// shape covering more than half of it, like a thermal printer's 1-bit threshold. Anything else in
// the fragment makes it throw, so the tests cannot silently skip what they do not understand.

export interface Raster {
  readonly width: number;
  readonly height: number;
  /** 1 = dark, row-major */
  readonly dots: Uint8Array;
}

interface Shape {
  x: number;
  y: number;
  w: number;
  h: number;
  dark: boolean;
}

const NUM = String.raw`(-?\d+(?:\.\d+)?)`;
const SUBPATH = new RegExp(`^M${NUM} ${NUM}h${NUM}v${NUM}h${NUM}z`);

function isDark(fill: string): boolean {
  return fill === "#000000" || fill === "black" || fill === "#000";
}

type Affine = [number, number, number, number]; // x' = tx + sx·x, y' = ty + sy·y

const N = String.raw`(-?[\d.]+)`;
const TRANSFORM = new RegExp(String.raw`^translate\(${N} ${N}\)(?: scale\(${N} ${N}\))?$`);

/**
 * Shapes of the fragment. `<g transform>` groups nest; only "translate(a b)" optionally followed by
 * "scale(sx sy)" is understood (what renderLabel emits at Rotate 0 and the code kinds emit).
 */
export function parseShapes(svg: string): Shape[] {
  const shapes: Shape[] = [];
  const body = svg.replace(/<text[\s\S]*?<\/text>/g, "");
  const tags = body.match(/<[^>]+>/g) ?? [];
  const stack: Affine[] = [[0, 0, 1, 1]];
  for (const tag of tags) {
    const attr = (n: string) => new RegExp(`\\s${n}="([^"]*)"`).exec(tag)?.[1] ?? "";
    const [tx, ty, sx, sy] = stack[stack.length - 1];
    const at = (x: number, y: number, w: number, h: number, dark: boolean): Shape => ({
      x: tx + sx * x,
      y: ty + sy * y,
      w: sx * w,
      h: sy * h,
      dark,
    });
    if (tag.startsWith("<g")) {
      const t = attr("transform");
      const m = t ? TRANSFORM.exec(t) : null;
      if (t && !m) throw new Error(`unsupported transform: ${t}`);
      if (!m) stack.push([tx, ty, sx, sy]);
      else {
        const [a, b, c, d] = [m[1], m[2], m[3] ?? "1", m[4] ?? "1"].map(Number);
        stack.push([tx + sx * a, ty + sy * b, sx * c, sy * d]);
      }
    } else if (tag === "</g>") stack.pop();
    else if (tag.startsWith("<rect")) {
      shapes.push(at(+attr("x"), +attr("y"), +attr("width"), +attr("height"), isDark(attr("fill"))));
    } else if (tag.startsWith("<path")) {
      let d = attr("d");
      const dark = isDark(attr("fill"));
      while (d.length) {
        const m = SUBPATH.exec(d);
        if (!m) throw new Error(`unsupported path data: ${d.slice(0, 40)}`);
        const [, x, y, w, h, back] = m.map(Number);
        if (Math.abs(w + back) > 1e-6) throw new Error("subpath is not a rectangle");
        shapes.push(at(x, y, w, h, dark));
        d = d.slice(m[0].length);
      }
    } else if (tag !== "</svg>" && !tag.startsWith("<svg")) {
      throw new Error(`unsupported element: ${tag.slice(0, 30)}`);
    }
  }
  return shapes;
}

/** Rasterises shapes in mm at `dpi`, with a white margin (mm) around the `w × h` mm area. */
export function rasterise(svg: string, w: number, h: number, dpi: number, margin = 3): Raster {
  const dpm = dpi / 25.4;
  const width = Math.ceil((w + 2 * margin) * dpm);
  const height = Math.ceil((h + 2 * margin) * dpm);
  const cover = new Float32Array(width * height);
  const dots = new Uint8Array(width * height);
  for (const s of parseShapes(svg)) {
    const x0 = (s.x + margin) * dpm;
    const y0 = (s.y + margin) * dpm;
    const x1 = x0 + s.w * dpm;
    const y1 = y0 + s.h * dpm;
    // painter's order: a later shape replaces what is under it in proportion to its coverage
    for (let py = Math.max(0, Math.floor(y0)); py < Math.min(height, Math.ceil(y1)); py++) {
      const cy = Math.min(py + 1, y1) - Math.max(py, y0);
      for (let px = Math.max(0, Math.floor(x0)); px < Math.min(width, Math.ceil(x1)); px++) {
        const c = cy * (Math.min(px + 1, x1) - Math.max(px, x0));
        const i = py * width + px;
        cover[i] = s.dark ? cover[i] + c * (1 - cover[i]) : cover[i] * (1 - c);
      }
    }
  }
  for (let i = 0; i < cover.length; i++) dots[i] = cover[i] > 0.5 ? 1 : 0;
  return { width, height, dots };
}

/** RGBA pixels of a raster (dark = black) for zxing. */
export function toImageData(r: Raster): { data: Uint8ClampedArray; width: number; height: number } {
  const data = new Uint8ClampedArray(r.width * r.height * 4);
  for (let i = 0; i < r.dots.length; i++) {
    const v = r.dots[i] ? 0 : 255;
    data[i * 4] = data[i * 4 + 1] = data[i * 4 + 2] = v;
    data[i * 4 + 3] = 255;
  }
  return { data, width: r.width, height: r.height };
}

/** Lengths of the dark/light runs along one row, starting with the first dark dot. */
export function rowRuns(r: Raster, y: number): number[] {
  const runs: number[] = [];
  let x = 0;
  const row = r.dots.subarray(y * r.width, (y + 1) * r.width);
  while (x < r.width && !row[x]) x++;
  let last = r.width - 1;
  while (last >= 0 && !row[last]) last--;
  while (x <= last) {
    const v = row[x];
    let e = x;
    while (e <= last && row[e] === v) e++;
    runs.push(e - x);
    x = e;
  }
  return runs;
}
