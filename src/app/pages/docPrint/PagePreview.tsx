// One page of the cut preview: the page picture with its label boxes on top. Dragging on the page
// outside the boxes draws a new box (onAdd), and the page's "Add a label box on page p" button adds one from the
// keyboard (it then has the focus). A box is dragged with the pointer (or moved with the arrow keys,
// Shift for bigger steps) and resized from its corner handle (Alt with the arrows), and Delete leaves
// it out; boxes are fractions of the page (src/docprint/boxEdit.ts), so the preview's size does not matter.
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { addedBox, drawnBox, type FracPoint, movedBox, resizedBox } from "../../../docprint/boxEdit";
import type { FracBox } from "../../../docprint/split";

interface Props {
  readonly page: number;
  readonly image: string;
  readonly aspect: number;
  readonly boxes: readonly FracBox[];
  readonly onChange: (index: number, box: FracBox) => void;
  /** Delete / Backspace on a box: it is not printed (absent: boxes cannot be removed) */
  readonly onRemove?: (index: number) => void;
  /** a box drawn on the page or added with the button (absent: no drawing) */
  readonly onAdd?: (box: FracBox) => void;
  /** show the keyboard's "Add a label box on page p" button (with onAdd) */
  readonly addButton?: boolean;
}

const boxStyle = (b: FracBox) => ({
  left: `${b.x * 100}%`,
  top: `${b.y * 100}%`,
  width: `${b.w * 100}%`,
  height: `${b.h * 100}%`,
});

export function PagePreview({ page, image, aspect, boxes, onChange, onRemove, onAdd, addButton }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState<FracBox | null>(null);
  const focusIndex = useRef(-1);

  // a box added from the keyboard takes the focus, so the arrow keys place it at once
  useEffect(() => {
    const i = focusIndex.current;
    if (i < 0 || i >= boxes.length) return;
    focusIndex.current = -1;
    ref.current?.querySelectorAll<HTMLElement>(".docprint-box")[i]?.focus();
  }, [boxes]);

  function listen(target: HTMLElement, move: (ev: globalThis.PointerEvent) => void, done: () => void) {
    const up = () => {
      target.removeEventListener("pointermove", move);
      target.removeEventListener("pointerup", up);
      target.removeEventListener("pointercancel", up);
      done();
    };
    target.addEventListener("pointermove", move);
    target.addEventListener("pointerup", up);
    target.addEventListener("pointercancel", up);
  }

  function drag(index: number, kind: "move" | "size") {
    return (e: PointerEvent<HTMLElement>) => {
      const el = ref.current;
      if (!el || e.button !== 0) return;
      e.preventDefault();
      e.stopPropagation();
      const rect = el.getBoundingClientRect();
      const start = { x: e.clientX, y: e.clientY, box: boxes[index] };
      const target = e.currentTarget;
      target.setPointerCapture(e.pointerId);
      listen(
        target,
        (ev) => {
          const dx = (ev.clientX - start.x) / rect.width;
          const dy = (ev.clientY - start.y) / rect.height;
          onChange(index, kind === "move" ? movedBox(start.box, dx, dy) : resizedBox(start.box, dx, dy));
        },
        () => {},
      );
    };
  }

  function draw(e: PointerEvent<HTMLDivElement>) {
    const el = ref.current;
    if (!el || !onAdd || e.button !== 0) return;
    e.preventDefault();
    const rect = el.getBoundingClientRect();
    const at = (ev: { clientX: number; clientY: number }): FracPoint => ({
      x: (ev.clientX - rect.left) / rect.width,
      y: (ev.clientY - rect.top) / rect.height,
    });
    const start = at(e);
    let box: FracBox | null = null;
    el.setPointerCapture(e.pointerId);
    listen(
      el,
      (ev) => {
        box = drawnBox(start, at(ev));
        setDraft(box);
      },
      () => {
        setDraft(null);
        if (box) onAdd(box);
      },
    );
  }

  function keys(index: number) {
    return (e: KeyboardEvent<HTMLElement>) => {
      if ((e.key === "Delete" || e.key === "Backspace") && onRemove) {
        e.preventDefault();
        onRemove(index);
        return;
      }
      const step = e.shiftKey ? 0.02 : 0.002;
      const d = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[
        e.key
      ];
      if (!d) return;
      e.preventDefault();
      onChange(index, e.altKey ? resizedBox(boxes[index], d[0], d[1]) : movedBox(boxes[index], d[0], d[1]));
    };
  }

  return (
    <figure className="docprint-page" data-testid="docprint-page">
      <div
        ref={ref}
        className={onAdd ? "docprint-page-sheet docprint-page-draw" : "docprint-page-sheet"}
        style={{ aspectRatio: String(aspect) }}
        onPointerDown={draw}
      >
        <img src={image} alt={t("docprint.preview.page", { page })} draggable={false} />
        {boxes.map((b, i) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: boxes are positional (label 1, 2, … of the page)
            key={i}
            type="button"
            className="docprint-box"
            data-testid="docprint-box"
            aria-label={t("docprint.preview.box", { page, label: i + 1 })}
            aria-roledescription={t("docprint.preview.movable")}
            style={boxStyle(b)}
            onPointerDown={drag(i, "move")}
            onKeyDown={keys(i)}
          >
            <span className="docprint-box-number" aria-hidden="true">
              {i + 1}
            </span>
            <span className="docprint-box-handle" aria-hidden="true" onPointerDown={drag(i, "size")} />
          </button>
        ))}
        {draft ? <div className="docprint-box docprint-box-draft" style={boxStyle(draft)} /> : null}
      </div>
      <figcaption>
        <span>{t("docprint.preview.caption", { page, count: boxes.length })}</span>
        {onAdd && addButton ? (
          <button
            type="button"
            className="btn docprint-add"
            onClick={() => {
              focusIndex.current = boxes.length;
              onAdd(addedBox(boxes));
            }}
          >
            {t("docprint.preview.add", { page })}
          </button>
        ) : null}
      </figcaption>
    </figure>
  );
}
