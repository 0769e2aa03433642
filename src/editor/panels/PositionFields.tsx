// X/Y and rotation of one element or of a multi-selection (its common box): X/Y keep the box on the
// label (when it fits), rotation turns each element about its own centre; locked ones are refused
// (tip109) or skipped, as the toolbar does.
import { useTranslation } from "react-i18next";
import { elementBox, unionBox } from "../../model/geometry";
import type { LabelElement } from "../../model/types";
import { useEditorContext } from "../state/context";
import { Choice } from "./fields/controls";
import { LengthField } from "./LengthField";

/** Clamps a new top-left position so the element's box stays on the label (when it fits). */
export function clampPosition(value: number, size: number, labelSize: number): number {
  const max = Math.max(0, labelSize - size);
  return Math.min(max, Math.max(0, Number.isFinite(value) ? value : 0));
}

const ROTATIONS = [0, 90, 180, 270] as const;

export function PositionFields({ els }: { readonly els: readonly LabelElement[] }) {
  const { t } = useTranslation();
  const { store } = useEditorContext();
  const box = unionBox(els.map(elementBox));
  if (!box) return null;
  const ids = els.map((e) => e.Id);
  const move = (axis: "x" | "y", v: number) => {
    const cur = store.get().doc;
    const to = clampPosition(
      v,
      axis === "x" ? box.width : box.height,
      axis === "x" ? cur.attrs.width : cur.attrs.height,
    );
    const d = to - box[axis];
    store.send({ type: "elements.move", ids, dx: axis === "x" ? d : 0, dy: axis === "y" ? d : 0 });
  };
  const rotate = els.every((e) => e.Rotate === els[0].Rotate) ? els[0].Rotate : undefined;
  return (
    <>
      <div className="ink-field-row">
        <LengthField
          labelKey="editor.panel.x"
          value={box.x}
          testId="panel-x"
          onCommit={(v) => move("x", v)}
        />
        <LengthField
          labelKey="editor.panel.y"
          value={box.y}
          testId="panel-y"
          onCommit={(v) => move("y", v)}
        />
      </div>
      <Choice
        label={t("editor.panel.rotate")}
        value={rotate}
        options={ROTATIONS.map((r) => ({ value: r, label: `${r}°` }))}
        testId="panel-rotate"
        onChange={(r) => store.send({ type: "elements.rotate", ids, rotate: r })}
      />
    </>
  );
}
