// The benchmark label: 500 elements of every kind, mixed Latin/CJK text in four families.
import { createTableCell, emptyDocument } from "../../src/model/defaults";
import { createElement } from "../../src/model/kinds";
import type { LabelDocument, LabelElement, TableElement, TextElement } from "../../src/model/types";

export const FAMILIES = ["Noto Sans SC", "Roboto", "Noto Serif", "Roboto Mono"];
const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
export const WORDS = [
  "Cotton",
  "棉质",
  "T-shirt",
  "衬衫",
  "Price",
  "价格",
  "¥59.00",
  "Large",
  "尺码",
  "Made in",
  "中国",
  "wash 30°C",
];
export const phrase = (i: number, n: number) =>
  Array.from({ length: n }, (_, k) => WORDS[(i * 7 + k * 3) % WORDS.length]).join(" ");

export function mixedLabel(): LabelDocument {
  const els: LabelElement[] = [];
  const add = (e: LabelElement) => els.push(e);
  for (let i = 0; i < 500; i++) {
    const p = { x: (i % 20) * 5, y: Math.floor(i / 20) * 3 };
    const k = i % 20;
    if (k < 8) {
      const t = createElement("Text", els, p) as TextElement;
      add({
        ...t,
        Data: phrase(i, 4 + (i % 5)),
        FontFamily: FAMILIES[i % 4],
        FontSize: 8 + (i % 6),
        TextAutoLine: i % 2 === 0,
        BoxWidth: 30,
        Width: 30,
        Bold: i % 3 === 0,
        TextAlign: (i % 5) as 0,
        LetterSpacing: i % 7 === 0 ? 1 : 0,
      });
    } else if (k < 10) add({ ...createElement("TimeText", els, p), Data: "2026/11/22 10:00:00" });
    else if (k < 14)
      add({
        ...createElement(
          (["Rectangle", "RoundRectangle", "Diamond", "Ellipse", "Triangle"] as const)[i % 5],
          els,
          p,
        ),
        Dash: i % 2 === 0,
      } as LabelElement);
    else if (k < 17) add(createElement((["Line", "LineHorizontal", "LineVertical"] as const)[i % 3], els, p));
    else if (k === 17) {
      const t = createElement("Table", els, p) as TableElement;
      const cells = [];
      for (let r = 0; r < 3; r++)
        for (let c = 0; c < 3; c++) cells.push(createTableCell(r, c, { Data: phrase(i + r + c, 2) }));
      add({
        ...t,
        Row: 3,
        Column: 3,
        Width: 45,
        Height: 18,
        CellWidth: [15, 15, 15],
        CellHeight: [6, 6, 6],
        cells,
      });
    } else if (k === 18)
      add({ ...createElement("Image", els, p), imageSrc: PNG, Width: 10, Height: 10 } as LabelElement);
    else
      add({
        ...createElement(Math.floor(i / 20) % 2 ? "Barcode" : "QRcode", els, p),
        Data: `INK${1000 + i}`,
      } as LabelElement);
  }
  return { ...emptyDocument({ width: 100, height: 80 }), elements: els };
}
