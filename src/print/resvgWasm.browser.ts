// The resvg wasm module's bytes in the browser (the printer template export's worker, issue 36):
// Vite serves the file as an asset and this module fetches it when the worker first draws. The
// app's build puts this module in the place of ./resvgWasm (vite.config.ts).
import wasmUrl from "@resvg/resvg-wasm/index_bg.wasm?url";

export async function resvgWasmBytes(): Promise<Uint8Array> {
  const r = await fetch(wasmUrl);
  if (!r.ok) throw new Error(`resvg wasm: HTTP ${r.status}`);
  return new Uint8Array(await r.arrayBuffer());
}
