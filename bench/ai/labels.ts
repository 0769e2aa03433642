// The picture-to-label test set: the industry sample labels, the label fixtures of tests/ that are
// ordinary labels, and generated labels (seeded) with texts, a code, a border and a rule, so the set
// holds at least 30 labels with their ground truth (the documents themselves).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createDataSource, emptyDocument } from "../../src/model/defaults";
import { parseLabelFile } from "../../src/model/file";
import { createElement } from "../../src/model/kinds";
import type { LabelDocument, LabelElement } from "../../src/model/types";
import { rng } from "../../tests/picture/support/photo";

const FIXTURES = ["shelf-tag.tprt", "issue-example.tprt", "minimal.tprt", "legacy.tprt"];
const WORDS =
  "batch lot net weight best before store dry cool organic cotton size colour price item code made in ship to from order carton pallet fragile keep upright expiry date serial".split(
    " ",
  );

function fileLabels(): { name: string; doc: LabelDocument }[] {
  const out: { name: string; doc: LabelDocument }[] = [];
  const dirs: [string, string[]][] = [
    ["src/server/seed/samples", readdirSync("src/server/seed/samples").filter((f) => f.endsWith(".tprt"))],
    ["tests/fixtures/labels", FIXTURES],
  ];
  for (const [dir, files] of dirs)
    for (const f of files) {
      const r = parseLabelFile(new Uint8Array(readFileSync(join(dir, f))), f);
      if (r.ok && r.doc.elements.length > 0) out.push({ name: f, doc: r.doc });
    }
  return out;
}

const fixed = (text: string) => [createDataSource({ FirstValue: text, NormalText: text })];

function generated(i: number): LabelDocument {
  const r = rng(1000 + i);
  const pick = <T>(a: readonly T[]) => a[Math.floor(r() * a.length)];
  const words = (n: number) =>
    Array.from({ length: n }, () => pick(WORDS))
      .join(" ")
      .replace(/^./, (c) => c.toUpperCase());
  const width = pick([100, 90, 80]);
  const height = pick([60, 70, 50]);
  const els: LabelElement[] = [];
  const add = (e: LabelElement) => els.push(e);
  let y = 4;
  if (r() < 0.6) {
    const rect = createElement("Rectangle", els, { x: 1.5, y: 1.5 });
    add({ ...rect, Width: width - 3, Height: height - 3, PenWidth: pick([0.4, 0.6, 0.8]) });
    y = 5;
  }
  const title = words(2);
  const size = pick([16, 18, 20]);
  add({
    ...createElement("Text", els, { x: 5, y }),
    Width: width - 10,
    Height: size * 0.39,
    FontSize: size,
    Bold: r() < 0.5,
    Data: title,
    DataSourceList: fixed(title),
  });
  y += size * 0.4 + 2;
  if (r() < 0.7) {
    const line = createElement("LineHorizontal", els, { x: 4, y });
    add({ ...line, Width: width - 8, EndX: width - 4, EndY: y, PenWidth: 0.5 });
    y += 2.5;
  }
  const lines = 1 + Math.floor(r() * 2);
  for (let k = 0; k < lines; k++) {
    const s = pick([10, 11, 12]);
    const text = `${words(2)} ${Math.floor(r() * 90000 + 10000)}`;
    add({
      ...createElement("Text", els, { x: 5, y }),
      Width: width - 10,
      Height: s * 0.39,
      FontSize: s,
      Data: text,
      DataSourceList: fixed(text),
    });
    y += s * 0.4 + 1.5;
  }
  const kind = i % 4;
  const codeY = y + 1;
  const room = height - codeY - 4;
  if (kind === 0 || kind === 1) {
    const data =
      kind === 0 ? `INK${Math.floor(r() * 1e7)}` : String(Math.floor(r() * 1e11)).padStart(12, "4");
    const bar = createElement("Barcode", els, { x: 5, y: codeY });
    add({
      ...bar,
      BarCodeType: kind === 0 ? 1 : 7,
      Width: Math.min(60, width - 10),
      Height: Math.min(22, room),
      Data: data,
      DataSourceList: fixed(data),
    });
  } else {
    const data =
      kind === 2 ? `https://inkless.example/p/${Math.floor(r() * 1e6)}` : `LOT-${Math.floor(r() * 1e6)}`;
    const side = Math.min(24, room);
    const qr = createElement("QRcode", els, { x: width - side - 6, y: codeY });
    add({
      ...qr,
      QrCodeType: kind === 2 ? 1 : 3,
      Width: side,
      Height: side,
      Data: data,
      DataSourceList: fixed(data),
    });
  }
  return { ...emptyDocument({ name: `generated ${i}`, width, height }), elements: els };
}

/** At least `min` labels: the files first, then generated ones. */
export function benchLabels(min = 30): { name: string; doc: LabelDocument }[] {
  const out = fileLabels();
  for (let i = 0; out.length < min; i++) out.push({ name: `generated-${i}`, doc: generated(i) });
  return out;
}
