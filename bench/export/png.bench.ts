// PNG encoders for the CLI's image export, on the bench label drawn at 300 dpi (1181 × 945 px):
// CPU time per image and size, for the encoder the export uses (src/image/pngEncode.ts: grey when
// the label is grey, Up filter, zlib run-length strategy) and its candidates.
//   node --import tsx bench/export/png.bench.ts
import { constants, deflateSync } from "node:zlib";
import { encode as fastPngEncode } from "fast-png";
import { clampRange } from "../../src/export/layout";
import { decodePng, encodePng } from "../../src/export/pdf/png";
import { encodeOpaquePng } from "../../src/image/pngEncode";
import { nodeImages } from "../../src/print/nodeImages";
import { benchLabel } from "../../tests/export/support/labels";

const N = 8;
const doc = benchLabel(N);
const { images } = await nodeImages(doc, { range: clampRange(N), sheets: new Map(), format: "png" });
const pixels: { width: number; height: number; data: Uint8Array }[] = [];
for await (const png of images) {
  const p = decodePng(png);
  if (p) pixels.push({ width: p.width, height: p.height, data: new Uint8Array(p.data) });
}

const zlib = (level: number, strategy?: number) => (raw: Uint8Array) =>
  deflateSync(raw, { level, ...(strategy === undefined ? {} : { strategy }) });
const candidates: [string, (p: (typeof pixels)[number]) => Uint8Array][] = [
  ["RGB, Up, zlib 6 (before)", (p) => encodePng(p, { opaque: true, deflate: zlib(6) })],
  ["RGB, Up, zlib 1", (p) => encodePng(p, { opaque: true, deflate: zlib(1) })],
  ["RGB, Up, zlib RLE", (p) => encodePng(p, { opaque: true, deflate: zlib(6, constants.Z_RLE) })],
  ["fast-png (RGBA, zlib 6 in JS)", (p) => fastPngEncode({ ...p, channels: 4, depth: 8 })],
  ["grey/RGB, Up, zlib RLE (used)", (p) => encodeOpaquePng(p)],
];
for (const [name, encode] of candidates) {
  for (const p of pixels) encode(p); // warm up
  const c0 = process.cpuUsage();
  let bytes = 0;
  const rounds = 5;
  for (let r = 0; r < rounds; r++) for (const p of pixels) bytes += encode(p).length;
  const c = process.cpuUsage(c0);
  const n = rounds * pixels.length;
  console.log(
    `${name.padEnd(32)} ${((c.user + c.system) / 1000 / n).toFixed(1).padStart(6)} ms CPU/image  ${(bytes / n / 1024).toFixed(1).padStart(6)} KB`,
  );
}
