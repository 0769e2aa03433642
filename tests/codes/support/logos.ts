// Centre images for the QR tests, as PNG data URLs made here (fast-png): a solid black square (the worst
// case: every covered module reads dark), a dark disk on red, and seeded noise.
import { encode } from "fast-png";

function png(size: number, pixel: (x: number, y: number) => [number, number, number, number]): string {
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      const [r, g, b, a] = pixel(x, y);
      data[i] = r;
      data[i + 1] = g;
      data[i + 2] = b;
      data[i + 3] = a;
    }
  const bytes = encode({ width: size, height: size, data, channels: 4, depth: 8 });
  return `data:image/png;base64,${Buffer.from(bytes).toString("base64")}`;
}

export const BLACK_LOGO = png(32, () => [0, 0, 0, 255]);

export const DISK_LOGO = png(48, (x, y) =>
  (x - 23.5) ** 2 + (y - 23.5) ** 2 < 18 ** 2 ? [20, 20, 60, 255] : [220, 30, 30, 255],
);

export const NOISE_LOGO = (() => {
  let s = 12345;
  const next = () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s;
  };
  return png(40, () => (next() % 2 ? [0, 0, 0, 255] : [255, 255, 255, 255]));
})();
