// The file codec over every element kind, byte for byte: a label with one element of each type (the
// factory's defaults) and, per type, seeded random elements with every field away from its default,
// are written and compared with files written before the kinds moved into src/model/kinds
// (tests/fixtures/labels/every-kind*.tprt). UPDATE_EXPECTED=1 rewrites them (check the diff first).
import { readFileSync, writeFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createElement, emptyDocument } from "../../../src/model";
import { parseLabelFile, serializeTprt } from "../../../src/model/file";
import { syncMirrors } from "../../../src/model/ops/mirror-sync";
import { ELEMENT_TYPES, type LabelDocument, type LabelElement } from "../../../src/model/types";
import { ELEMENT_ARBITRARIES, labelAttrs } from "./arbitraries";

const DIR = "tests/fixtures/labels";

function defaultsDoc(): LabelDocument {
  const elements: LabelElement[] = [];
  ELEMENT_TYPES.forEach((type, i) => {
    const el = createElement(type, elements, { x: 2 + i, y: 3 + i });
    elements.push({ ...el, Id: `kind${String(i).padStart(4, "0")}` });
  });
  return { ...emptyDocument({ name: "Every kind" }), elements };
}

function randomDoc(): LabelDocument {
  const [attrs] = fc.sample(labelAttrs, { seed: 24, numRuns: 1 });
  const elements = ELEMENT_TYPES.flatMap((type, i) =>
    fc
      .sample(ELEMENT_ARBITRARIES[type], { seed: 100 + i, numRuns: 3 })
      .map((el, n) => ({ ...el, Id: `r${i}n${n}`.padEnd(8, "x"), CopyMirrorImage: false })),
  );
  return { attrs, elements };
}

function matchesExpected(name: string, doc: LabelDocument) {
  const xml = serializeTprt(doc);
  const path = `${DIR}/${name}`;
  if (process.env.UPDATE_EXPECTED === "1") writeFileSync(path, xml);
  expect(xml).toBe(readFileSync(path, "utf8"));
  const back = parseLabelFile(xml);
  if (!back.ok) throw new Error(JSON.stringify(back.error));
  expect(back.doc).toEqual(syncMirrors(doc));
  expect(serializeTprt(back.doc)).toBe(xml);
}

describe("every kind in the file", () => {
  it("the factory defaults of every type write the same bytes and read back equal", () => {
    matchesExpected("every-kind.tprt", defaultsDoc());
  });

  it("seeded random elements of every type write the same bytes and read back equal", () => {
    const doc = randomDoc();
    expect(new Set(doc.elements.map((e) => e.Type)).size).toBe(ELEMENT_TYPES.length);
    matchesExpected("every-kind-random.tprt", doc);
  });
});
