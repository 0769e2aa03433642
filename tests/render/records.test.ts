// Records through the one render path: the values of record i (resolveValues) drawn by renderLabel.
// Every bindable kind must show record i: Text, TimeText, Barcode, QRcode, table cells, references.
import { beforeAll, describe, expect, it } from "vitest";
import { resolveValues } from "../../src/data";
import { createDataSource, createTableCell } from "../../src/model/defaults";
import { createElement } from "../../src/model/kinds";
import type { LabelDocument, LabelElement, TableElement, TimeTextElement } from "../../src/model/types";
import type { FontRegistry } from "../../src/render/fonts";
import { prepareRender, renderLabel } from "../../src/render/index";
import { rasterise, toImageData } from "../codes/support/raster";
import { decode } from "../codes/support/zxing";
import { col, ref, SHEETS, text, withType } from "../data/helpers";
import { doc, loadedFonts, parseSvg, textOf } from "./helpers";

let fonts: FontRegistry;
beforeAll(async () => {
  fonts = await loadedFonts();
});

const NAMES = ["Ada", "Grace", "Linus"]; // column 0 of PEOPLE, records 1–3

function place<T extends LabelElement>(el: T, x: number, y: number, w: number, h: number): T {
  return { ...el, StartX: x, StartY: y, Width: w, Height: h };
}

function boundTable(): TableElement {
  const base = { ...createElement("Table", [], { x: 0, y: 0 }), Id: "tb" } as TableElement;
  const cells = [
    createTableCell(0, 0, { DataSourceList: [createDataSource(col(0, 0))] }),
    createTableCell(0, 1, { Data: "fixed", DataSourceList: [createDataSource({ FirstValue: "fixed" })] }),
    createTableCell(1, 0, { DataSourceList: [createDataSource(ref("txt"))] }),
    createTableCell(1, 1),
  ];
  return place({ ...base, Row: 2, Column: 2, CellWidth: [20, 20], CellHeight: [8, 8], cells }, 2, 40, 40, 16);
}

function label(): LabelDocument {
  const tt = { ...createElement("TimeText", [], { x: 0, y: 0 }), Id: "tt" } as TimeTextElement;
  return doc(
    [
      place(text("txt", [col(0, 0)], { TextPrefix: "Name " }), 2, 2, 40, 6),
      place(text("refText", [ref("bc")]), 2, 10, 40, 6),
      place(tt, 2, 18, 50, 6),
      place(withType("Barcode", "bc", [col(0, 0)]), 60, 2, 35, 15),
      place(withType("QRcode", "qr", [col(0, 0)]), 60, 25, 25, 25),
      boundTable(),
    ],
    { width: 100, height: 60 },
  );
}

const group = (svg: string, id: string) => {
  const g = parseSvg(svg).children.find((c) => c.name === "g" && c.attrs["data-id"] === id);
  if (!g) throw new Error(`no group ${id}`);
  return g;
};

/** The texts drawn in the table, in cell order (a clipped cell's text sits in a group). */
function tableTexts(svg: string): string[] {
  return group(svg, "tb")
    .children.flatMap((c) => (c.name === "g" ? c.children : [c]))
    .filter((c) => c.name === "text")
    .map(textOf);
}

/** Renders one element of the document alone with the record's values and reads its code. */
async function readCode(d: LabelDocument, id: string, values: ReadonlyMap<string, string>, format: string) {
  const el = d.elements.find((e) => e.Id === id) as LabelElement;
  const one: LabelDocument = {
    attrs: { ...d.attrs, width: el.Width + 10, height: el.Height + 10 },
    elements: [{ ...el, StartX: 5, StartY: 5 }],
  };
  await prepareRender(one, { target: "print", dpi: 300, values });
  const svg = renderLabel(one, { target: "print", dpi: 300, values, fonts });
  const [r] = await decode(toImageData(rasterise(svg, one.attrs.width, one.attrs.height, 300)), {
    formats: [format as never],
  });
  return r?.text;
}

describe("records through renderLabel", () => {
  const now = new Date(2024, 1, 29, 23, 59, 30);

  it.each([0, 1, 2])("record %i: every bound kind shows that record", async (i) => {
    const d = label();
    const values = resolveValues(d, i, SHEETS, now);
    for (const target of ["canvas", "export", "print"] as const) {
      await prepareRender(d, { target, values, dpi: 203 });
      const svg = renderLabel(d, { target, values, fonts, dpi: 203 });
      expect(textOf(group(svg, "txt"))).toBe(`Name${NAMES[i]}`); // words are positioned, spaces are not characters
      expect(textOf(group(svg, "refText"))).toBe(NAMES[i]);
      expect(textOf(group(svg, "tt"))).toBe("2024/02/2923:59:30");
      // the Code 128's human-readable line
      expect(textOf(group(svg, "bc"))).toBe(NAMES[i]);
      // cells: a column, fixed text, a reference to the text element (its value, without prefix)
      expect(tableTexts(svg)).toEqual([NAMES[i], "fixed", NAMES[i]]);
    }
    expect(await readCode(d, "bc", values, "Code128")).toBe(NAMES[i]);
    expect(await readCode(d, "qr", values, "QRCode")).toBe(NAMES[i]);
  });
});
