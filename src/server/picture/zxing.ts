// zxing-wasm in Node: the reader's wasm is loaded from the installed package (no network).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { prepareZXingModule, type ReaderOptions, type ReadResult, readBarcodes } from "zxing-wasm/reader";

const require = createRequire(import.meta.url);
let ready = false;

function prepare() {
  if (ready) return;
  const wasmPath = require.resolve("zxing-wasm/reader/zxing_reader.wasm");
  const bin = readFileSync(wasmPath);
  prepareZXingModule({
    overrides: { wasmBinary: bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength) },
  });
  ready = true;
}

class NodeImageData {
  readonly colorSpace = "srgb";
  constructor(
    readonly data: Uint8ClampedArray,
    readonly width: number,
    readonly height: number,
  ) {}
}
(globalThis as { ImageData?: unknown }).ImageData ??= NodeImageData;

/** Decodes RGBA pixels or an encoded image file (PNG, JPEG) with zxing. */
export async function decode(
  input: { data: Uint8ClampedArray; width: number; height: number } | Uint8Array,
  options: ReaderOptions = {},
): Promise<ReadResult[]> {
  prepare();
  const img =
    input instanceof Uint8Array
      ? input
      : (new NodeImageData(input.data, input.width, input.height) as unknown as ImageData);
  return readBarcodes(img, { tryHarder: true, maxNumberOfSymbols: 1, ...options });
}
