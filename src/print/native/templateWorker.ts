// The printer template worker (issue 36): the editor's "Printer template (ZPL/TSPL)" export runs
// printerTemplate here, off the page, the very code `label render --out x.zpl|x.tspl` runs in Node,
// so the file is the CLI's byte for byte. resvg draws the fixed part's picture (its wasm fetched as
// an asset: ../resvgWasm.browser.ts); fonts come from the page once, or are fetched like in the page.
import { registerShared } from "../../render/workerFaces";
import { printerTemplate } from "./template";
import type { FromTemplateWorker, ToTemplateWorker } from "./templateProtocol";

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<ToTemplateWorker>) => void) | null;
  postMessage(m: FromTemplateWorker, transfer?: Transferable[]): void;
};
let fontsReady: Promise<unknown> = Promise.resolve();

scope.onmessage = (e) => {
  const m = e.data;
  if (m.type === "fonts") {
    fontsReady = registerShared(fontsReady, m.faces);
    return;
  }
  void run(m);
};

async function run(m: Extract<ToTemplateWorker, { type: "template" }>): Promise<void> {
  try {
    await fontsReady;
    const template = await printerTemplate(m.doc, m.language, m.opts);
    scope.postMessage({ type: "done", id: m.id, template }, [template.bytes.buffer as ArrayBuffer]);
  } catch (err) {
    const e = err as { name?: string; message?: string };
    scope.postMessage({
      type: "error",
      id: m.id,
      name: e?.name ?? "Error",
      message: e?.message ?? String(err),
    });
  }
}
