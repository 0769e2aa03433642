// While the scan panel is open, a keyboard-wedge scanner's burst (src/editor/scan/wedge.ts) is a
// scan wherever the focus is in the editor. Keys are never held back, so typing and shortcuts work
// as before; only the suffix key (Enter, or Tab) that ends a burst is taken (no field commits, no
// button clicks). When the burst went into a text field, the field gets back the text it had before
// the burst. The panel's own fields are left alone: the code field takes the scanner's text and its
// Enter itself.
import { useEffect, useRef } from "react";
import { SCAN_WEDGE_MAX_GAP_MS } from "../../model/constants";
import { createWedge, type ScannerSetup } from "./wedge";

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

/**
 * `onCode` gets each scanned code; `onPartial` what a scanner-fast burst typed when its suffix never
 * came (a scanner set to another suffix, or none), so the panel can show what arrived.
 */
export function useWedge(
  onCode: (code: string) => void,
  setup: ScannerSetup,
  onPartial: (text: string) => void,
): void {
  const ref = useRef({ onCode, onPartial });
  ref.current = { onCode, onPartial };
  useEffect(() => {
    const wedge = createWedge(setup);
    let before: { el: TextField; value: string; at: number } | null = null;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const checkIdle = () => {
      const text = wedge.idle();
      if (text !== null) ref.current.onPartial(text);
    };
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
      clearTimeout(idle);
      if (!r) return;
      if (r.kind === "char") {
        idle = setTimeout(checkIdle, SCAN_WEDGE_MAX_GAP_MS + 50);
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
      ref.current.onCode(r.code);
    };
    window.addEventListener("keydown", onKey, true);
    return () => {
      clearTimeout(idle);
      window.removeEventListener("keydown", onKey, true);
    };
  }, [setup]);
}
