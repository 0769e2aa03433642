// Bundled exactly like the downloaded print assistant (scripts/build-assistant.mjs: CommonJS, its
// wasm inside) and run from a folder without node_modules, as a download runs: renders the label
// (argv[2], JSON) with the fonts of argv[3] as the assistant's print path does and writes
// { svg, png } (base64) to argv[4]. tests/print/assistantShaping.test.ts compares it with the
// normal path.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { LabelDocument } from "../../../src/model/types";
import { pngJob } from "../../../src/print/job";
import { FontRegistry } from "../../../src/render/fonts";
import { prepareRender, renderLabel } from "../../../src/render/index";

async function main(): Promise<void> {
  const [labelFile, fontDir, out] = process.argv.slice(2);
  const doc = JSON.parse(await readFile(labelFile, "utf8")) as LabelDocument;
  const fonts = new FontRegistry({
    source: async (file) => {
      const b = await readFile(join(fontDir, file));
      return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
    },
  });
  await prepareRender(doc, { fonts });
  const svg = renderLabel(doc, { fonts });
  let png = "";
  for await (const page of pngJob(doc, { dpi: 300, fonts })) {
    png = Buffer.from(page).toString("base64");
    break;
  }
  await writeFile(out, JSON.stringify({ svg, png }));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
