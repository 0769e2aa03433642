// While the scan panel is open, a keyboard-wedge scanner's burst (src/editor/scan/wedge.ts) is a
// scan wherever the focus is in the editor. Keys are never held back, so typing and shortcuts work
// as before; only the Enter that ends a burst is taken (no field commits, no button clicks). When
// the burst went into a text field, the field gets back the text it had before the burst. The
// panel's own code field is left alone: it takes the scanner's text and its Enter itself.
import { useEffect, useRef } from "react";
import { createWedge } from "./wedge";

type TextField = HTMLInputElement | HTMLTextAreaElement;

const isTextField = (el: EventTarget | null): el is TextField =>
  (el instanceof HTMLInputElement && /^(text|search|number|tel|url|email|)$/.test(el.type)) ||
  el instanceof HTMLTextAreaElement;

/** Sets a field's value as typing does, so React's onChange sees it. */
function restore(el: TextField, value: string, at: number) {
  const proto =
    el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, "value")?.set?.call(el, value);
  el.dispatchEvent(new Event("input", { bubbles: true }));
  try {
    el.setSelectionRange(at, at);
  } catch {
    // number fields have no selection
  }
}

export const SCAN_FIELD_ATTR = "data-scan-field";

export function useWedge(onCode: (code: string) => void): void {
  const ref = useRef(onCode);
  ref.current = onCode;
  useEffect(() => {
    const wedge = createWedge();
    let before: { el: TextField; value: string; at: number } | null = null;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as Element | null;
      if (target?.closest?.(`[${SCAN_FIELD_ATTR}]`)) {
        wedge.reset();
        return;
      }
      const r = wedge.key({
        key: e.key,
        time: e.timeStamp,
        ctrlKey: e.ctrlKey,
        altKey: e.altKey,
        metaKey: e.metaKey,
      });
      if (!r) return;
      if (r.kind === "char") {
        if (r.first)
          before = isTextField(target)
            ? { el: target, value: target.value, at: target.selectionStart ?? target.value.length }
            : null;
        return;
      }
      e.preventDefault();
      e.stopPropagation();
      if (before && before.el === target) restore(before.el, before.value, before.at);
      before = null;
      ref.current(r.code);
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, []);
}
