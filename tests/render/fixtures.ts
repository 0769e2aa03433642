// A label using every kind and most options, for subset, escaping and browser tests.
import type { LabelDocument, LabelElement, TableElement, TextElement } from "../../src/model/types";
import { createTableCell, doc, el } from "./helpers";

export const PNG_1PX =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

export function kitchenSink(): LabelDocument {
  const els: LabelElement[] = [];
  const add = (type: Parameters<typeof el>[0], over: Record<string, unknown>) => {
    const e = el(type, over, els);
    els.push(e);
    return e;
  };
  add("Text", {
    StartX: 2,
    StartY: 2,
    Width: 45,
    Height: 12,
    FontSize: 11,
    Data: "Cotton T-shirt 棉质T恤 wraps here",
    TextAutoLine: true,
    BoxWidth: 45,
    TextAlign: 0,
    Bold: true,
    UnderLine: true,
    FontFamily: "Roboto",
  });
  add("Text", {
    StartX: 2,
    StartY: 16,
    Width: 50,
    Height: 6,
    FontSize: 12,
    Data: "Spread",
    TextAlign: 3,
    Italic: true,
    DeleteLine: true,
    TextPrefix: "[",
    TextSuffix: "]",
  });
  add("Text", {
    StartX: 2,
    StartY: 23,
    Width: 50,
    Height: 6,
    FontSize: 12,
    Data: "Stretch",
    TextAlign: 4,
    LetterSpacing: 3,
    AntiMirror: true,
  });
  add("Text", {
    StartX: 90,
    StartY: 2,
    Width: 6,
    Height: 40,
    FontSize: 14,
    Data: "竖排Ab文字",
    TextArrange: 1,
    Italic: true,
    UnderLine: true,
    TextAlign: 0,
    Rotate: 180,
  });
  add("Text", {
    StartX: 55,
    StartY: 30,
    Width: 30,
    Height: 6,
    FontSize: 12,
    Data: "Rotated",
    Rotate: 90,
    MirrorImage: true,
    TextAlign: 2,
  });
  add("TimeText", { StartX: 2, StartY: 30, Width: 40, Height: 6, Data: "2026/11/22 10:00:00" });
  add("Image", {
    StartX: 60,
    StartY: 2,
    Width: 20,
    Height: 10,
    imageSrc: `data:image/png;base64,${PNG_1PX}`,
    ISParticipating: true,
  });
  add("Line", { StartX: 2, StartY: 40, EndX: 40, EndY: 45, Width: 38, Height: 5, Dash: true });
  add("LineHorizontal", { StartX: 2, StartY: 47, EndX: 40, EndY: 47, Width: 38, Height: 0 });
  add("LineVertical", { StartX: 45, StartY: 40, EndX: 45, EndY: 50, Width: 0, Height: 10, Rotate: 270 });
  add("Rectangle", { StartX: 50, StartY: 40, Width: 10, Height: 8, Fill: true });
  add("RoundRectangle", { StartX: 62, StartY: 40, Width: 10, Height: 8, CornerRadius: 3, Dash: true });
  add("Diamond", { StartX: 74, StartY: 40, Width: 10, Height: 8 });
  add("Ellipse", { StartX: 50, StartY: 50, Width: 10, Height: 8, DashStyle: 1 });
  add("Triangle", { StartX: 62, StartY: 50, Width: 10, Height: 8, Fill: true });
  const table = add("Table", { StartX: 2, StartY: 52, Width: 45, Height: 20 }) as TableElement;
  els[els.length - 1] = {
    ...table,
    Row: 3,
    Column: 3,
    CellWidth: [15, 15, 15],
    CellHeight: [6, 7, 7],
    cells: [
      createTableCell(0, 0, { LocaltionEnd: [0, 1], Data: "Merged header 合并" }),
      createTableCell(0, 2, { Data: "C" }),
      createTableCell(1, 0, { LocaltionEnd: [2, 0], Data: "Tall", TextArrange: 1 }),
      createTableCell(1, 1, {
        Data: "An overflowing cell text that will not fit in here at all",
        TextAutoLine: true,
      }),
      createTableCell(1, 2, { Data: "x" }),
      createTableCell(2, 1, { Data: "y", Bold: true }),
      createTableCell(2, 2, { Data: "" }),
    ],
  } as TableElement;
  add("Barcode", { StartX: 50, StartY: 60, Width: 30, Height: 12 });
  add("QRcode", { StartX: 82, StartY: 60, Width: 12, Height: 12 });
  const mirrored = add("Rectangle", { StartX: 2, StartY: 74, Width: 5, Height: 4, CopyMirrorImage: true });
  els.push({ ...mirrored, Id: `${mirrored.Id}_mirror`, StartX: 93 } as LabelElement);
  return doc(els, { width: 100, height: 80, background: PNG_1PX, printBackground: false });
}

const MIXED = "Inkless labels wrap 标签自动换行 at the same words 在同一位置 everywhere, Bold & 中文";

/** Three wrapped mixed-script paragraphs: left (Roboto), centred bold (Noto Sans SC), end (Noto Serif, spaced). */
export function texts(): TextElement[] {
  const base = { TextAutoLine: true, BoxWidth: 70, Width: 70, FontSize: 14, Data: MIXED };
  return [
    el("Text", { ...base, StartX: 4, StartY: 3, FontFamily: "Roboto", TextAlign: 1 }),
    el("Text", { ...base, StartX: 4, StartY: 28, FontFamily: "Noto Sans SC", TextAlign: 0, Bold: true }),
    el("Text", {
      ...base,
      StartX: 4,
      StartY: 55,
      FontFamily: "Noto Serif",
      TextAlign: 2,
      LetterSpacing: 2,
      FontSize: 12,
    }),
  ] as TextElement[];
}
