// zxing-wasm in the browser (loaded on first use): its wasm file is served by us (Vite emits it),
// never fetched from a CDN. The app's CSP allows compiling it ('wasm-unsafe-eval').
import wasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";

type Reader = typeof import("zxing-wasm/reader");
let reader: Promise<Reader> | null = null;

function load(): Promise<Reader> {
  reader ??= import("zxing-wasm/reader").then((m) => {
    m.prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasmUrl : prefix + path),
      },
    });
    return m;
  });
  return reader;
}

/** The text of the first barcode or 2D code in the picture, or null. */
export async function decodeFrame(image: ImageData): Promise<string | null> {
  const m = await load();
  const [hit] = await m.readBarcodes(image, { tryHarder: true, maxNumberOfSymbols: 1 });
  return hit?.isValid && hit.text ? hit.text : null;
}
