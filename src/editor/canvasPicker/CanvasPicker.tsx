// Canvas picker (spec §2 "Canvas"): when the label keeps more than one canvas image, a strip of
// thumbnails numbered n / total sits at the canvas foot; choosing one shows that image in a viewer
// over the canvas corner (previous / next / close), kept open while editing as a reference.
import { type KeyboardEvent, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { clampChoice, pickableImages, pickerShown } from "./images";
import "./canvasPicker.css";

interface CanvasPickerProps {
  /** the label's canvas_img list */
  readonly images: readonly string[];
  /** the image shown at first (tests); none by default */
  readonly initialChoice?: number | null;
}

export function CanvasPicker({ images, initialChoice = null }: CanvasPickerProps) {
  const { t } = useTranslation();
  const list = useMemo(() => pickableImages(images), [images]);
  const [choice, setChoice] = useState<number | null>(initialChoice);
  const [broken, setBroken] = useState<ReadonlySet<string>>(() => new Set());
  if (!pickerShown(list)) return null;
  const total = list.length;
  const chosen = clampChoice(choice, total);
  const caption = (i: number) => t("editor.data.recordOf", { n: i + 1, total });
  const name = (i: number) => t("editor.canvasPicker.image", { n: i + 1, total });
  const markBroken = (src: string) => setBroken((b) => new Set(b).add(src));

  // arrows walk the thumbnails (and keep the editor's arrow keys from moving elements)
  const onStripKey = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    e.preventDefault();
    const from = Number((e.target as HTMLElement).dataset.index ?? chosen ?? 0);
    const to = Math.min(Math.max(0, from + (e.key === "ArrowRight" ? 1 : -1)), total - 1);
    setChoice(to);
    const strip = e.currentTarget;
    strip.querySelector<HTMLButtonElement>(`[data-index="${to}"]`)?.focus();
  };

  return (
    <>
      <nav
        className="ink-canvas-picker"
        aria-label={t("editor.canvasPicker.label")}
        data-testid="canvas-picker"
        onKeyDown={onStripKey}
      >
        <ul className="ink-canvas-picker-list">
          {list.map((src, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same image may be listed twice
            <li key={i}>
              <button
                type="button"
                className="ink-canvas-thumb"
                aria-label={name(i)}
                aria-pressed={chosen === i}
                title={name(i)}
                data-testid="canvas-thumb"
                data-index={i}
                onClick={() => setChoice(chosen === i ? null : i)}
              >
                {broken.has(src) ? (
                  <span className="ink-canvas-thumb-broken" aria-hidden="true">
                    ?
                  </span>
                ) : (
                  <img src={src} alt="" loading="lazy" decoding="async" onError={() => markBroken(src)} />
                )}
                <span className="ink-canvas-thumb-n" aria-hidden="true">
                  {caption(i)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {chosen !== null && (
        <CanvasImageView
          src={list[chosen]}
          index={chosen}
          total={total}
          broken={broken.has(list[chosen])}
          onBroken={markBroken}
          onChoose={setChoice}
        />
      )}
    </>
  );
}

interface ViewProps {
  readonly src: string;
  readonly index: number;
  readonly total: number;
  readonly broken: boolean;
  readonly onBroken: (src: string) => void;
  /** another image, or null to close */
  readonly onChoose: (i: number | null) => void;
}

/** The chosen canvas image, large, with its number. */
export function CanvasImageView({ src, index, total, broken, onBroken, onChoose }: ViewProps) {
  const { t } = useTranslation();
  const name = t("editor.canvasPicker.image", { n: index + 1, total });
  const ref = useRef<HTMLElement>(null);
  // a button that turns disabled (first / last image) drops the focus: keep it in the viewer
  const go = (to: number) => {
    onChoose(to);
    if (to === 0 || to === total - 1) ref.current?.focus();
  };
  const tool = (key: string, id: string, glyph: string, onClick: () => void, disabled = false) => (
    <button
      type="button"
      className="ink-tool"
      aria-label={t(`editor.canvasPicker.${key}`)}
      title={t(`editor.canvasPicker.${key}`)}
      data-testid={`canvas-view-${id}`}
      disabled={disabled}
      onClick={onClick}
    >
      {glyph}
    </button>
  );
  const onKey = (e: KeyboardEvent<HTMLElement>) => {
    const to =
      e.key === "ArrowLeft" ? index - 1 : e.key === "ArrowRight" ? index + 1 : e.key === "Escape" ? -2 : null;
    if (to === null) return;
    e.preventDefault();
    if (to === -2) onChoose(null);
    else if (to >= 0 && to < total) go(to);
  };
  return (
    <section
      ref={ref}
      className="ink-canvas-view"
      aria-label={name}
      data-testid="canvas-view"
      tabIndex={-1}
      onKeyDown={onKey}
    >
      <header className="ink-canvas-view-head">
        <span data-testid="canvas-view-n">{t("editor.data.recordOf", { n: index + 1, total })}</span>
        {tool("previous", "prev", "‹", () => go(index - 1), index === 0)}
        {tool("next", "next", "›", () => go(index + 1), index === total - 1)}
        {tool("close", "close", "×", () => onChoose(null))}
      </header>
      {broken ? (
        <p className="ink-canvas-view-broken" role="status" data-testid="canvas-view-broken">
          {t("editor.canvasPicker.broken")}
        </p>
      ) : (
        <img className="ink-canvas-view-img" src={src} alt={name} onError={() => onBroken(src)} />
      )}
    </section>
  );
}
