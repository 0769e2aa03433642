// The cut settings of /pdfPrint as typed: page range, label size (a preset, or typed in the user's unit and kept in mm), cut mode
// with its rows × columns and custom box, and black-and-white tone; with the values they give.
import { useState } from "react";
import type { ToneMode } from "../../../docprint/compose";
import type { CutMode } from "../../../docprint/cut";
import type { FracBox } from "../../../docprint/split";
import { clamp } from "../../../model/bounds";
import { LABEL_PRESETS } from "../../../model/presets";

/** The single-label presets offered as label sizes. */
export const SIZES = LABEL_PRESETS.filter((p) => !p.paper);
export const CUSTOM_SIZE = "custom";
const DEFAULT_BOX: FracBox = { x: 0.05, y: 0.05, w: 0.9, h: 0.9 };

export function useCutSettings() {
  const [range, setRange] = useState("");
  const [sizeId, setSizeId] = useState("100x150");
  const [width, setWidth] = useState(100);
  const [height, setHeight] = useState(150);
  const [mode, setMode] = useState<CutMode["kind"]>("auto");
  const [rows, setRows] = useState("5");
  const [columns, setColumns] = useState("2");
  const [customBox, setCustomBox] = useState<FracBox>(DEFAULT_BOX);
  const [tone, setTone] = useState<ToneMode>("threshold");

  const size = {
    width: clamp("LabelWidth", width, 100),
    height: clamp("LabelHeight", height, 150),
  };

  /** A preset (its width and height are filled in) or CUSTOM_SIZE. */
  function chooseSize(id: string) {
    setSizeId(id);
    const p = SIZES.find((s) => s.id === id);
    if (p) {
      setWidth(p.layout.width);
      setHeight(p.layout.height);
    }
  }

  const cutMode = (): CutMode =>
    mode === "custom"
      ? { kind: "custom", box: customBox }
      : mode === "split"
        ? {
            kind: "split",
            rows: clamp("ColumnsRows", Number(rows), 1),
            columns: clamp("ColumnsRows", Number(columns), 1),
          }
        : { kind: "auto" };

  return {
    range,
    setRange,
    sizeId,
    chooseSize,
    width,
    setWidth: (v: number) => {
      setWidth(v);
      setSizeId(CUSTOM_SIZE);
    },
    height,
    setHeight: (v: number) => {
      setHeight(v);
      setSizeId(CUSTOM_SIZE);
    },
    size,
    sizeOk: width > 0 && height > 0,
    mode,
    setMode,
    rows,
    setRows,
    columns,
    setColumns,
    setCustomBox,
    tone,
    setTone,
    cutMode,
  };
}

export type CutSettingsState = ReturnType<typeof useCutSettings>;
