// The labels a new user opens first (the samples of the default folder and the industry templates):
// every element can be clicked on the canvas. The canvas grabs an element anywhere in its box, the
// topmost first, so no element may lie wholly inside the box of one drawn after it (the shelf tag's
// frame rectangle, drawn last, took every click on the texts and the barcode inside it).
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { parseLabelFile } from "../../src/model/file";
import { elementBox } from "../../src/model/geometry";
import { isMirrorCopy, type LabelDocument } from "../../src/model/types";
import { buildTemplate, INDUSTRIES } from "../../src/server/seed/industry";
import { SAMPLES } from "../../src/server/seed/samples";

/** "covered under covering" for every element whose whole box lies in the box of one drawn later. */
function hidden(doc: LabelDocument): string[] {
  const els = doc.elements.filter((e) => !isMirrorCopy(e));
  return els.flatMap((el, i) => {
    const b = elementBox(el);
    const over = els.slice(i + 1).find((o) => {
      const r = elementBox(o);
      return b.x >= r.x && b.y >= r.y && b.x + b.width <= r.x + r.width && b.y + b.height <= r.y + r.height;
    });
    return over ? [`${el.Id} (${el.Type}) under ${over.Id} (${over.Type})`] : [];
  });
}

it.each(SAMPLES)("sample $file: every element can be clicked", ({ file }) => {
  const r = parseLabelFile(readFileSync(new URL(`../../src/server/seed/samples/${file}`, import.meta.url)));
  if (!r.ok) throw new Error(`${file}: ${r.error.key}`);
  expect(hidden(r.doc)).toEqual([]);
});

it("industry templates: every element can be clicked", () => {
  const found = INDUSTRIES.flatMap((i) =>
    i.templates.flatMap((t) => hidden(buildTemplate(t)).map((h) => `${t.slug}: ${h}`)),
  );
  expect(found).toEqual([]);
});
