// Kinds own their rules: code outside src/model/kinds and src/elements asks an element's kind
// (src/model/kinds/caps.ts) instead of testing its Type, and each question's answer narrows to the
// element types that really have what it promises.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { createElement, KIND_MODELS } from "../../../src/model/kinds";
import {
  fitsText,
  hasCells,
  hasDataSources,
  hasEditableText,
  isClock,
  isCode,
  isDataBound,
  isLine,
  isMirrorable,
  isPicture,
  printerDrawn,
} from "../../../src/model/kinds/caps";
import type { ElementType, LabelElement } from "../../../src/model/types";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [p] : [];
  });
}

/** An element's Type compared (either side) or switched on. */
const TYPE_TEST = /\.Type\s*[!=]==?|[!=]==?\s*[\w?.]+\.Type\b|switch\s*\([^)]*\.Type\s*\)/;
const KIND_HOMES = /^src\/(model\/kinds|elements)\//;

function typeTests(): string[] {
  const root = resolve(".");
  return [...sourceFiles(resolve("src")), ...sourceFiles(resolve("machines"))]
    .map((f) => relative(root, f))
    .filter((f) => !KIND_HOMES.test(f))
    .flatMap((f) =>
      readFileSync(f, "utf8")
        .split("\n")
        .flatMap((line, i) => (TYPE_TEST.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
    );
}

describe("kinds own their rules", () => {
  it("the pattern sees a type test (a check of the scanner itself)", () => {
    expect(TYPE_TEST.test(`if (el.Type === "Table") {`)).toBe(true);
    expect(TYPE_TEST.test(`return "Text" !== cur?.Type;`)).toBe(true);
    expect(TYPE_TEST.test("switch (el.Type) {")).toBe(true);
    expect(TYPE_TEST.test("if (source.DataSourceType === 1)")).toBe(false);
  });

  it("no element Type is tested outside src/model/kinds and src/elements", () => {
    expect(typeTests()).toEqual([]);
  });
});

const ALL_TYPES = KIND_MODELS.flatMap((k) => k.types) as ElementType[];
const element = (type: ElementType): LabelElement => createElement(type, [], { x: 1, y: 1 });
const typesWhere = (q: (el: LabelElement) => boolean) => ALL_TYPES.filter((t) => q(element(t)));

describe("the kinds' answers", () => {
  it("each question names the types that have what it promises", () => {
    expect(typesWhere(isDataBound)).toEqual(["Text", "TimeText", "Barcode", "QRcode"]);
    expect(typesWhere(hasDataSources)).toEqual(["Text", "Barcode", "QRcode"]);
    expect(typesWhere(isClock)).toEqual(["TimeText"]);
    expect(typesWhere(fitsText)).toEqual(["Text", "TimeText"]);
    expect(typesWhere(hasEditableText)).toEqual(["Text"]);
    expect(typesWhere(isCode)).toEqual(["Barcode", "QRcode"]);
    expect(typesWhere(hasCells)).toEqual(["Table"]);
    expect(typesWhere(isPicture)).toEqual(["Image"]);
    expect(typesWhere(isLine)).toEqual(["Line", "LineVertical", "LineHorizontal"]);
    expect(ALL_TYPES.filter((t) => !isMirrorable(element(t)))).toEqual(["Table"]);
    expect(ALL_TYPES.flatMap((t) => printerDrawn(element(t))?.form ?? [])).toEqual([
      "linear",
      "matrix",
      "box",
      "box",
      "ellipse",
      "line",
      "line",
      "line",
    ]);
  });

  it("what a question narrows to is there on every element it says yes to", () => {
    for (const t of ALL_TYPES) {
      const el = element(t);
      if (isDataBound(el)) expect(typeof el.Data).toBe("string");
      if (hasDataSources(el)) expect(Array.isArray(el.DataSourceList)).toBe(true);
      if (fitsText(el)) expect(typeof el.FontSize).toBe("number");
      if (hasCells(el)) expect(Array.isArray(el.cells)).toBe(true);
      if (isLine(el)) expect(typeof el.EndX).toBe("number");
      if (isPicture(el)) expect("imageDisplayMode" in el).toBe(true);
      const drawn = printerDrawn(el);
      if (drawn?.form === "box" || drawn?.form === "ellipse") expect(typeof drawn.el.Fill).toBe("boolean");
      if (drawn?.form === "line") expect(typeof drawn.el.EndX).toBe("number");
      if (drawn?.form === "linear") expect(typeof drawn.el.BarCodeType).toBe("number");
      if (drawn?.form === "matrix") expect(typeof drawn.el.QrCodeType).toBe("number");
    }
  });
});
