// Inline text editing on the canvas (spec §4 Text): double-clicking the selected plain text (no source
// or one fixed-text source) opens a text box over it; typing is textEdit.ts's, as in the panel's
// content box (the element follows 100 ms after the last key, its size recomputed, each settled edit
// one history entry). Texts with a
// spreadsheet, sequence or reference source, or several sources, are refused with a message. Escape,
// Ctrl+Enter, leaving the box or zooming the canvas closes it (a pending edit is applied first).
// A selected empty text (a new text shows only its hint) is ready to type over: a printable key opens
// the box with that character. The box sits exactly over the drawn text (inlineBox.ts), which hides
// while it is edited.
//
// The canvas mounts this component as the Text kind's canvas overlay (it lives while one text is
// selected) and hands it its host, into which the box is portalled.
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { createPortal, flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import { isTypingTarget } from "../../editor/actions/shortcuts";
import type { CanvasLayers } from "../../editor/kinds";
import { useEditorContext, type ViewportApi } from "../../editor/state/context";
import { TIP } from "../../i18n/tips";
import { containsPoint, elementBox } from "../../model/geometry";
import { MSG } from "../../model/ops/messages";
import { canEditInline } from "../../model/ops/text";
import type { LabelElement, TextElement } from "../../model/types";
import { displayText } from "../../render/text";
import { inlineBoxStyle } from "./inlineBox";
import { useTextEdit } from "./textEdit";

/** Does a double-click land on the element (its drawing or its box, where the selection box is)? */
function hits(el: LabelElement | undefined, e: MouseEvent, vp: ViewportApi | null): boolean {
  if (!el) return false;
  const g = (e.target as Element | null)?.closest?.(".ink-label g[data-id]");
  if (g?.getAttribute("data-id") === el.Id) return true;
  const p = vp?.clientToDoc(e.clientX, e.clientY);
  return !!p && containsPoint(elementBox(el), p);
}

export function InlineTextEditor({
  el,
  layers,
}: {
  readonly el: TextElement;
  readonly layers: CanvasLayers;
}) {
  const { store, viewport } = useEditorContext();
  const host = layers.host;
  const [open, setOpen] = useState(false);
  // the keys typed on a selected empty text until the box has the focus (they become the content);
  // null when the box was not opened by typing or has taken them. The window listener is outside
  // React's events, so a fast typist's next keys can come before the box is drawn: they add up here.
  const typed = useRef<string | null>(null);
  const id = el.Id;
  // a layout effect: the key listener is in place before the selection is painted, so a key pressed
  // as soon as the text shows selected is never lost (under load a plain effect ran frames later)
  useLayoutEffect(() => {
    const h = host;
    const onDbl = (e: MouseEvent) => {
      const cur = store.get().doc.elements.find((x) => x.Id === id);
      if (!hits(cur, e, viewport.current)) return;
      if (!canEditInline(cur)) {
        store.message("warning", MSG.inlineEditRefused);
        return;
      }
      typed.current = null;
      setOpen(true);
    };
    // a selected empty text (a new one shows only the hint) is ready to type over: a printable key
    // opens the box with that character
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || isTypingTarget(e.target) || document.querySelector("dialog[open]")) return;
      if (e.key.length !== 1 || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
      const st = store.get();
      if (typed.current !== null) {
        if (st.selection.length === 1 && st.selection[0] === id) {
          e.preventDefault();
          typed.current += e.key;
          return;
        }
        typed.current = null;
      }
      const cur = st.doc.elements.find((x) => x.Id === id);
      if (st.selection.length !== 1 || st.selection[0] !== id) return;
      if (cur?.Type !== "Text" || !canEditInline(cur) || displayText(cur, cur.Data) !== "") return;
      e.preventDefault();
      typed.current = e.key;
      flushSync(() => setOpen(true));
    };
    h.addEventListener("dblclick", onDbl);
    window.addEventListener("keydown", onKey);
    return () => {
      h.removeEventListener("dblclick", onDbl);
      window.removeEventListener("keydown", onKey);
    };
  }, [id, store, host, viewport]);
  if (!open) return null;
  return createPortal(
    <InlineBox
      text={el}
      typed={typed}
      onClose={() => {
        typed.current = null;
        setOpen(false);
      }}
    />,
    host,
  );
}

function InlineBox({
  text,
  typed,
  onClose,
}: {
  readonly text: TextElement;
  /** the keys typed to open the box (they replace the empty content), null when not opened by typing */
  readonly typed: { current: string | null };
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const { viewport } = useEditorContext();
  // The typed keys are the box's first value, drawn with it: were they set after it has the focus,
  // the next key (input events outrun React's scheduled render) would land in an empty box and
  // replace them ("Typed" became "yped" when the keys came faster than the render).
  const [value, setValue] = useState(() => typed.current ?? text.Data);
  const typedRef = useRef(typed);
  const ref = useRef<HTMLTextAreaElement>(null);
  const id = text.Id;
  // a waiting edit is applied when the box closes (useTextEdit flushes on unmount)
  const edit = useTextEdit(id);

  useEffect(() => {
    const ta = ref.current;
    if (!ta) return;
    // the box may reach past the canvas host (room to grow): focusing must not scroll the host
    ta.focus({ preventScroll: true });
    const keys = typedRef.current.current;
    typedRef.current.current = null;
    if (keys) {
      // keys that came after the first render (before the focus) are written into the box at once
      if (ta.value !== keys) ta.value = keys;
      changeRef.current(keys);
      ta.setSelectionRange(keys.length, keys.length);
    } else ta.select();
    // presses inside the box are typing, not canvas gestures (the canvas listens on its host)
    const stop = (e: Event) => e.stopPropagation();
    ta.addEventListener("mousedown", stop);
    ta.addEventListener("dblclick", stop);
    ta.addEventListener("wheel", stop);
    // zooming or panning the canvas moves the text from under the box: close it (edit kept)
    const host = ta.parentElement;
    const away = () => closeRef.current();
    host?.addEventListener("wheel", away, { passive: true });
    return () => {
      ta.removeEventListener("mousedown", stop);
      ta.removeEventListener("dblclick", stop);
      ta.removeEventListener("wheel", stop);
      host?.removeEventListener("wheel", away);
    };
  }, []);

  const close = () => {
    edit.flush();
    onClose();
  };
  const closeRef = useRef(close);
  closeRef.current = close;
  const change = (v: string) => {
    setValue(v);
    edit.change(v);
  };
  const changeRef = useRef(change);
  changeRef.current = change;

  const vp = viewport.current?.get() ?? { x: 0, y: 0, zoom: 1 };
  const box = inlineBoxStyle(text, vp);
  return (
    <>
      {/* the rendered text hides while it is edited: no ghost under (or beside) the typed one */}
      <style>{`.ink-label g[data-id="${CSS.escape(id)}"]{visibility:hidden}`}</style>
      <textarea
        ref={ref}
        className="ink-inline-text"
        data-testid="inline-text-editor"
        aria-label={t("editor.panel.content")}
        placeholder={t(TIP.doubleClickToEdit)}
        value={value}
        onChange={(e) => change(e.target.value)}
        onBlur={close}
        onKeyDown={(e) => {
          if (e.key === "Escape" || (e.key === "Enter" && (e.ctrlKey || e.metaKey))) {
            e.preventDefault();
            e.stopPropagation();
            close();
          }
        }}
        style={box}
      />
    </>
  );
}
