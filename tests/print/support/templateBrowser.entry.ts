// The page of tests/print/templateBrowser.test.ts: the editor's printer template export (the page's
// client and its worker, served at /template-worker.js) on a label, its bytes in base64, and how
// many templates the worker itself made (so a silent fallback to the page cannot pass as the worker).
import type { LabelDocument } from "../../../src/model/types";
import { exportTemplate, setTemplateWorkerFactory } from "../../../src/print/native/templateClient";

let madeByWorker = 0;
setTemplateWorkerFactory(() => {
  const w = new Worker("/template-worker.js");
  w.addEventListener("message", (e) => {
    if ((e.data as { type: string }).type === "done") madeByWorker++;
  });
  return w;
});

(globalThis as unknown as Record<string, unknown>).inklessTemplate = async (
  doc: LabelDocument,
  language: "ZPL" | "TSPL",
  dpi: number,
  now: string,
) => {
  const t = await exportTemplate(doc, language, { dpi, now: new Date(now) });
  let bin = "";
  for (let i = 0; i < t.bytes.length; i += 0x8000)
    bin += String.fromCharCode(...t.bytes.subarray(i, i + 0x8000));
  return { b64: btoa(bin), fields: t.fields, left: t.left, name: t.name, madeByWorker };
};
