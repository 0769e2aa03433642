// One page of the cut preview: the page picture with its label boxes on top. A box is dragged with
// the pointer (or moved with the arrow keys, Shift for bigger steps) and resized from its corner
// handle, and Delete leaves it out; boxes are fractions of the page, so the preview's size does not matter.
import { type KeyboardEvent, type PointerEvent, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { FracBox } from "../../../docprint/split";

interface Props {
  readonly page: number;
  readonly image: string;
  readonly aspect: number;
  readonly boxes: readonly FracBox[];
  readonly onChange: (index: number, box: FracBox) => void;
  /** Delete / Backspace on a box: it is not printed (absent: boxes cannot be removed) */
  readonly onRemove?: (index: number) => void;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const MIN = 0.02;

function moved(b: FracBox, dx: number, dy: number): FracBox {
  return { ...b, x: clamp(b.x + dx, 0, 1 - b.w), y: clamp(b.y + dy, 0, 1 - b.h) };
}
function resized(b: FracBox, dw: number, dh: number): FracBox {
  return { ...b, w: clamp(b.w + dw, MIN, 1 - b.x), h: clamp(b.h + dh, MIN, 1 - b.y) };
}

export function PagePreview({ page, image, aspect, boxes, onChange, onRemove }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);

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
      const move = (ev: globalThis.PointerEvent) => {
        const dx = (ev.clientX - start.x) / rect.width;
        const dy = (ev.clientY - start.y) / rect.height;
        onChange(index, kind === "move" ? moved(start.box, dx, dy) : resized(start.box, dx, dy));
      };
      const up = () => {
        target.removeEventListener("pointermove", move);
        target.removeEventListener("pointerup", up);
        target.removeEventListener("pointercancel", up);
      };
      target.addEventListener("pointermove", move);
      target.addEventListener("pointerup", up);
      target.addEventListener("pointercancel", up);
    };
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
      onChange(index, e.altKey ? resized(boxes[index], d[0], d[1]) : moved(boxes[index], d[0], d[1]));
    };
  }

  return (
    <figure className="docprint-page" data-testid="docprint-page">
      <div ref={ref} className="docprint-page-sheet" style={{ aspectRatio: String(aspect) }}>
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
            style={{
              left: `${b.x * 100}%`,
              top: `${b.y * 100}%`,
              width: `${b.w * 100}%`,
              height: `${b.h * 100}%`,
            }}
            onPointerDown={drag(i, "move")}
            onKeyDown={keys(i)}
          >
            <span className="docprint-box-number" aria-hidden="true">
              {i + 1}
            </span>
            <span className="docprint-box-handle" aria-hidden="true" onPointerDown={drag(i, "size")} />
          </button>
        ))}
      </div>
      <figcaption>{t("docprint.preview.caption", { page, count: boxes.length })}</figcaption>
    </figure>
  );
}
